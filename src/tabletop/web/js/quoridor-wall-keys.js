// Quoridor walls by keyboard. The board's squares are reached by the arrow keys
// (js/board-keys.js); W switches to wall mode, where a wall ghost stands in a groove:
// the arrows move it one groove, R turns it (horizontal / vertical), Enter places it,
// W or Escape goes back to the pawn. Each step is said in the board's live region.
// The state lives on the <svg> across redraws; the renderer calls `wallKeys` at each draw.

import { say } from "./announce.js";
import { t } from "./i18n.js";
import { squareName, wallRect } from "./quoridor-walls.js";

/** The words (one place, for translation). */
const TEXT = {
  on: t("Wall mode: arrow keys move the wall, R turns it, Enter places it, W or Escape goes back to the pawn."),
  off: t("Pawn mode: arrow keys move over the squares, Enter moves the pawn there, W places a wall."),
  where: (wall, turn, ok) => t("Wall {wall}, {turn}, {ok}.", { wall, turn, ok }),
  turn: { h: t("horizontal"), v: t("vertical") },
  allowed: t("can be placed"),
  blocked: t("cannot be placed here"),
  noneLeft: t("No walls left"),
  notHere: (wall) => t("Wall {wall} is not allowed here", { wall }),
  // The key itself (aria-keyshortcuts names keys, not words): not translated.
  keys: "W",
};

const STEP = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/** The wall named by column c (0-based, 0..size-2), row r (1..size-1) and its turn. */
export function wallName(c, r, turn) {
  return `${squareName(c, r - 1)}${turn}`;
}

/** The wall one groove on from `wall` by the arrow `key` (kept on the board), or `wall`. */
export function stepWall(wall, key, size) {
  const m = /^([a-z])(\d+)([hv])$/.exec(wall);
  const d = STEP[key];
  if (!m || !d) return wall;
  const c = Math.max(0, Math.min(size - 2, m[1].charCodeAt(0) - 97 + d[0]));
  const r = Math.max(1, Math.min(size - 1, Number(m[2]) + d[1]));
  return wallName(c, r, m[3]);
}

/** The wall turned the other way about the same crossing. */
export function turnWall(wall) {
  return wall.slice(0, -1) + (wall.endsWith("h") ? "v" : "h");
}

/** The wall a switch to wall mode starts at: above the focused square (kept on the board). */
function startWall(root, size) {
  const square = root.querySelector(".pt[tabindex='0']")?.dataset.point || squareName(Math.floor(size / 2), Math.floor(size / 2));
  const c = Math.min(size - 2, square.charCodeAt(0) - 97);
  const r = Math.min(size - 1, Number(square.slice(1)));
  return wallName(c, r, "h");
}

/** Called by the Quoridor renderer at each draw: `ctx` has the size, the legal walls
 * (a Map of lower-case name to notation), walls left, `interactive`, `onMove`,
 * `onMessage`, and the ghost <rect> this draw made. */
export function wallKeys(root, ctx) {
  let keys = root._wallKeys;
  if (!keys) {
    keys = root._wallKeys = { mode: false, wall: null, ctx };
    root.addEventListener("keydown", (event) => onKey(root, keys, event), true);
  }
  keys.ctx = ctx;
  for (const g of root.querySelectorAll(".pt[data-point]")) g.setAttribute("aria-keyshortcuts", TEXT.keys);
  if (keys.mode) showGhost(keys);
}

function legalNow(keys, wall) {
  return keys.ctx.interactive && keys.ctx.legal.has(wall);
}

function showGhost(keys) {
  const { ghost, size, paint } = keys.ctx;
  const rect = wallRect(keys.wall, size);
  if (!ghost || !rect) return;
  Object.entries(rect).forEach(([k, v]) => ghost.setAttribute(k, v));
  const ok = legalNow(keys, keys.wall);
  ghost.setAttribute("fill", ok ? paint.fill : "#c33");
  ghost.setAttribute("opacity", ok ? "0.8" : "0.35");
  ghost.setAttribute("data-wall", keys.wall);
  ghost.setAttribute("visibility", "visible");
  ghost.classList.add("keyboard");
}

function hideGhost(keys) {
  keys.ctx.ghost?.setAttribute("visibility", "hidden");
  keys.ctx.ghost?.classList.remove("keyboard");
}

function sayWhere(keys) {
  const ok = legalNow(keys, keys.wall);
  say(TEXT.where(keys.wall.toUpperCase(), TEXT.turn[keys.wall.slice(-1)], ok ? TEXT.allowed : TEXT.blocked));
}

function onKey(root, keys, event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (!event.target.closest?.(".pt[data-point]")) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const size = keys.ctx.size;
  if (key === "w" || (key === "Escape" && keys.mode)) {
    event.preventDefault();
    event.stopPropagation();
    keys.mode = !keys.mode && key === "w";
    root.classList.toggle("wall-mode", keys.mode);
    if (keys.mode) {
      keys.wall = keys.wall || startWall(root, size);
      showGhost(keys);
      say(`${TEXT.on} ${TEXT.where(keys.wall.toUpperCase(), TEXT.turn[keys.wall.slice(-1)], legalNow(keys, keys.wall) ? TEXT.allowed : TEXT.blocked)}`);
    } else {
      hideGhost(keys);
      say(TEXT.off);
    }
    return;
  }
  if (!keys.mode) return;
  // In wall mode the arrows, R, Enter and Space act on the wall, not on the squares.
  if (STEP[key] || key === "r") {
    event.preventDefault();
    event.stopPropagation();
    keys.wall = key === "r" ? turnWall(keys.wall) : stepWall(keys.wall, key, size);
    showGhost(keys);
    sayWhere(keys);
    return;
  }
  if (key === "Enter" || key === " ") {
    event.preventDefault();
    event.stopPropagation();
    const { ctx } = keys;
    if (!ctx.interactive) {
      // Out of turn: the page says why, as for a click on the board.
      root.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    if (ctx.legal.has(keys.wall)) {
      keys.mode = false;
      root.classList.remove("wall-mode");
      hideGhost(keys);
      ctx.onMove?.(ctx.legal.get(keys.wall));
      return;
    }
    const text = ctx.wallsLeft === 0 ? TEXT.noneLeft : TEXT.notHere(keys.wall);
    ctx.onMessage?.(text);
    say(text);
  }
}
