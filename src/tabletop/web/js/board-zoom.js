// Tap-to-zoom for boards whose points are smaller than a finger (19x19 Go on a phone,
// Quoridor's wall grooves): on a touch screen the first tap on such a board enlarges
// the part around it so that each target is at least 44 px; taps then play as usual,
// and "Whole board" (or the next position) shows the whole board again.

import { t } from "./i18n.js";

/** The words of the control (one place, for translation). */
const TEXT = {
  whole: t("Whole board"),
};

const TARGET_PX = 44; // WCAG 2.5.5's target size
const MAX_ZOOM = 4;

let frame = null;
let board = null;
let button = null;

function coarse() {
  return window.matchMedia?.("(pointer: coarse)").matches ?? false;
}

/** The zoom that makes the board's smallest target TARGET_PX wide (1: none needed). */
export function zoomNeeded(root) {
  const box = root.viewBox?.baseVal;
  const width = root.getBoundingClientRect().width;
  if (!box || !box.width || !width) return 1;
  // Board units per target: 1 (a point or cell), less where the renderer says so.
  const units = Number(root.dataset.targetUnits || 1);
  const px = (width / box.width) * units;
  const zoom = Math.min(MAX_ZOOM, TARGET_PX / px);
  return zoom > 1.15 ? zoom : 1;
}

/** Show the whole board again. */
export function zoomOut() {
  if (!frame) return;
  frame.classList.remove("zoomed");
  board.style.transform = "";
  button.hidden = true;
}

function zoomAt(event, zoom) {
  const rect = board.getBoundingClientRect();
  const x = event.clientX - rect.left;
  const y = event.clientY - rect.top;
  board.style.transformOrigin = `${x}px ${y}px`;
  board.style.transform = `scale(${zoom.toFixed(3)})`;
  frame.classList.add("zoomed");
  button.hidden = false;
}

/** Put the <svg> `root` in a zoom frame; taps zoom first where the board needs it. */
export function attachZoom(root) {
  board = root;
  frame = document.createElement("div");
  frame.className = "board-frame";
  root.replaceWith(frame);
  frame.appendChild(root);
  button = document.createElement("button");
  button.type = "button";
  button.className = "zoom-out";
  button.textContent = TEXT.whole;
  button.hidden = true;
  button.addEventListener("click", zoomOut);
  frame.appendChild(button);
  frame.addEventListener(
    "click",
    (event) => {
      if (event.target === button || frame.classList.contains("zoomed")) return;
      if (!coarse() || !root.classList.contains("interactive") || event.detail === 0) return;
      const zoom = zoomNeeded(root);
      if (zoom === 1) return;
      event.stopPropagation();
      event.preventDefault();
      zoomAt(event, zoom);
    },
    true,
  );
}
