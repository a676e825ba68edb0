// A "Copy" button for a link: copies it and says so on the button for a moment
// (kept across re-renders of the panel that holds it, by the link copied).

import { t } from "./i18n.js";

/** The words of the button (one place, for translation). */
const TEXT = {
  copy: t("Copy"),
  copied: t("Copied ✓"),
  failed: t("Select the link and copy it"),
};

const SHOWN_MS = 2500;
const recent = new Map(); // text copied -> {until, ok}

async function write(text, input) {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, insecure page): fall back to the selection
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

function show(button, text) {
  const state = recent.get(text);
  const on = state && state.until > performance.now();
  button.textContent = on ? (state.ok ? TEXT.copied : TEXT.failed) : TEXT.copy;
  button.classList.toggle("copied", Boolean(on && state.ok));
  if (on) setTimeout(() => button.isConnected && show(button, text), state.until - performance.now() + 50);
}

/** A button that copies `text` (falling back to selecting `inputId`'s field) and says it did. */
export function copyButton(text, inputId) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.setAttribute("aria-live", "polite");
  show(button, text);
  button.addEventListener("click", async () => {
    const ok = await write(text, inputId ? document.getElementById(inputId) : null);
    recent.set(text, { until: performance.now() + SHOWN_MS, ok });
    show(button, text);
  });
  return button;
}
