// Pieces shared by the board renderers: the root <svg>, stones, marks, labels.

import { svg } from "../svg.js";
import { seatPaint, seatName } from "../palette.js";

/** Reset `root` to an empty drawing with the given viewBox and accessible label. */
export function resetRoot(root, box, label) {
  root.replaceChildren();
  root.onclick = null;
  root.onpointermove = null;
  root.onpointerleave = null;
  root.setAttribute("viewBox", box.join(" "));
  // A group of focusable points (js/board-keys.js), not one image.
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", label);
  root.setAttribute("preserveAspectRatio", "xMidYMid meet");
}

/**
 * The id of a radial gradient that shades a stone of `paint` (light from the upper
 * left), kept in one hidden <svg> of the document that every board refers to.
 */
function shade(paint) {
  const id = `shade-${paint.fill.replace(/[^0-9a-z]/gi, "")}`;
  if (document.getElementById(id)) return id;
  let defs = document.getElementById("stone-shades");
  if (!defs) {
    const holder = svg("svg", { width: 0, height: 0, "aria-hidden": "true", focusable: "false", class: "sr-only" });
    defs = svg("defs", { id: "stone-shades" });
    holder.appendChild(defs);
    document.body.appendChild(holder);
  }
  defs.appendChild(svg("radialGradient", { id, cx: "0.38", cy: "0.34", r: "0.72" }, [
    svg("stop", { offset: "0", "stop-color": mix(paint.fill, "#ffffff", 0.45) }),
    svg("stop", { offset: "0.55", "stop-color": paint.fill }),
    svg("stop", { offset: "1", "stop-color": mix(paint.fill, "#000000", 0.35) }),
  ]));
  return id;
}

/** `a` moved the fraction `t` of the way to `b` (both #rrggbb or #rgb). */
function mix(a, b, t) {
  const rgb = (c) => {
    const h = c.length === 4 ? c.slice(1).split("").map((x) => x + x).join("") : c.slice(1, 7);
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  };
  const [p, q] = [rgb(a), rgb(b)];
  if (p.some(Number.isNaN) || q.some(Number.isNaN)) return a;
  return `#${p.map((v, i) => Math.round(v + (q[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * True once for each new last move drawn into `root`: its stone is then placed with a
 * short animation (style.css .fresh), so the computer's reply does not appear in the
 * same frame as the player's own move.
 */
export function freshMove(root, last) {
  const key = last === null || last === undefined ? "" : String(last);
  const fresh = key !== "" && root.dataset.lastDrawn !== undefined && root.dataset.lastDrawn !== key;
  root.dataset.lastDrawn = key;
  return fresh;
}

/** A stone/marble of `seat` at (x, y) with radius r; its title names the seat and cell. */
export function stone(view, seat, x, y, r, name, extra = {}) {
  const paint = seatPaint(view, seat);
  return svg("circle", {
    cx: x,
    cy: y,
    r,
    fill: `url(#${shade(paint)})`,
    "data-fill": paint.fill,
    stroke: paint.stroke,
    "stroke-width": r * 0.08,
    class: `stone seat-${seat}`,
    "data-cell": name,
    "data-seat": seat,
    title: `${name}: ${seatName(view, seat)}`,
    ...extra,
  });
}

/** A lower-case lookup of the legal moves: text as typed by a click -> the server's text. */
export function legalIndex(legal) {
  const index = new Map();
  for (const move of legal || []) index.set(String(move).toLowerCase(), move);
  return index;
}

/** The cell names a move text mentions, lower case (`a1b2` -> [a1, b2], `e3h` -> [e3]). */
export function cellsOf(move) {
  return (String(move).toLowerCase().match(/[a-z]\d+/g) || []);
}

/** A ring marking the last move on a stone of `seat` (contrasting colour, seen at a glance). */
export function lastMark(view, seat, x, y, r) {
  const paint = seatPaint(view, seat);
  return svg("circle", {
    cx: x,
    cy: y,
    r: r * 0.42,
    fill: "none",
    stroke: paint.text,
    "stroke-width": r * 0.2,
    class: "last-move",
    "pointer-events": "none",
  });
}

/** A hint ring with the mover's chance to win after the move, as a percentage. */
export function hintMark(x, y, r, chance) {
  const label = chance === undefined || chance === null ? "" : `${Math.round(chance * 100)}`;
  return svg("g", { class: "hint", "pointer-events": "none" }, [
    svg("circle", { cx: x, cy: y, r, fill: "none", stroke: "#0a7", "stroke-width": r * 0.18 }),
    label
      ? svg("text", { x, y: y + r * 0.3, "font-size": r * 0.8, "text-anchor": "middle", fill: "#063" }, [
          document.createTextNode(label),
        ])
      : null,
  ]);
}

/** A text label in board units. */
export function label(x, y, text, size, extra = {}) {
  const node = svg("text", {
    x,
    y,
    "font-size": size,
    "text-anchor": "middle",
    "dominant-baseline": "central",
    class: "coord",
    "pointer-events": "none",
    ...extra,
  });
  node.textContent = text;
  return node;
}

/**
 * Coordinate labels for a board given as named cells with drawing positions.
 * Square boards name cells column-letter + row-number; hex boards row-letter +
 * diagonal-number (Abalone's scheme). Labels go just outside the edge cells.
 */
export function cellLabels(cells, shape, size = 0.42) {
  const byLetter = new Map();
  const byNumber = new Map();
  const at = new Map();
  for (const cell of cells) {
    const m = /^([a-z])(\d+)$/.exec(cell.name);
    if (!m) continue;
    at.set(cell.name, cell);
    if (!byLetter.has(m[1])) byLetter.set(m[1], []);
    if (!byNumber.has(m[2])) byNumber.set(m[2], []);
    byLetter.get(m[1]).push(cell);
    byNumber.get(m[2]).push(cell);
  }
  const out = [];
  if (shape === "square") {
    for (const [letter, group] of byLetter) {
      const low = group.reduce((a, b) => (b.y > a.y ? b : a));
      out.push(label(low.x, low.y + 0.85, letter.toUpperCase(), size));
    }
    for (const [number, group] of byNumber) {
      const left = group.reduce((a, b) => (b.x < a.x ? b : a));
      out.push(label(left.x - 0.85, left.y, number, size));
    }
    return out;
  }
  for (const [letter, group] of byLetter) {
    const left = group.reduce((a, b) => (b.x < a.x ? b : a));
    out.push(label(left.x - 0.9, left.y, letter.toUpperCase(), size));
  }
  // The step along a diagonal (same number, next row letter) points "up" the board.
  let step = null;
  for (const cell of cells) {
    const m = /^([a-z])(\d+)$/.exec(cell.name);
    const next = m && at.get(String.fromCharCode(m[1].charCodeAt(0) + 1) + m[2]);
    if (next) {
      step = { x: next.x - cell.x, y: next.y - cell.y };
      break;
    }
  }
  if (step) {
    for (const [number, group] of byNumber) {
      const first = group.reduce((a, b) => (b.name[0] < a.name[0] ? b : a));
      out.push(label(first.x - step.x * 0.9, first.y - step.y * 0.9, number, size));
    }
  }
  return out;
}
