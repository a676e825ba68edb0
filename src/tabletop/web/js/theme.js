// Light or dark: the system's choice (prefers-color-scheme) until the player flips the
// switch in the header; the choice is remembered in this browser (localStorage) and
// set as data-theme on <html>, which style.css reads.

import { t } from "./i18n.js";

/** The words of the switch (one place, for translation). */
const TEXT = {
  dark: t("Dark mode"),
};

const KEY = "tabletop.theme";

function stored() {
  try {
    const value = localStorage.getItem(KEY);
    return value === "dark" || value === "light" ? value : null;
  } catch {
    return null;
  }
}

/** Whether the page shows dark now (the stored choice, else the system's). */
export function isDark() {
  const chosen = stored();
  if (chosen) return chosen === "dark";
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
}

/** Set the theme on <html> and remember it. */
export function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage refused (private mode): the switch still works for this page
  }
}

function install() {
  const chosen = stored();
  if (chosen) document.documentElement.dataset.theme = chosen;
  const header = document.querySelector("header.top");
  if (!header || header.querySelector(".theme-switch")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "theme-switch";
  button.id = "theme-switch";
  button.textContent = TEXT.dark;
  const show = () => button.setAttribute("aria-pressed", String(isDark()));
  button.addEventListener("click", () => {
    setTheme(isDark() ? "light" : "dark");
    show();
  });
  window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener?.("change", show);
  show();
  header.appendChild(button);
}

install();
