// The Oust board: square or hex cells from the server's cell list, stones,
// the last move, legal cells (ghost stone under the pointer, optional dots).

import { svg } from "../svg.js";
import { seatPaint } from "../palette.js";
import { cellLabels, freshMove, hintMark, lastMark, legalIndex, resetRoot, stone } from "./common.js";
import { seatTable } from "./table.js";
import { t } from "../i18n.js";

/** Bounding box [x, y, w, h] of cells with a margin for labels. */
export function cellBox(cells, margin = 1.5) {
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const x0 = Math.min(...xs) - margin;
  const y0 = Math.min(...ys) - margin;
  return [x0, y0, Math.max(...xs) + margin - x0, Math.max(...ys) + margin - y0];
}

function hexagon(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 6 + (k * Math.PI) / 3;
    pts.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

/** Draw an Oust GameView into `root`. */
export function drawOust(root, ctx) {
  const { view } = ctx;
  const board = view.board;
  const cells = board.cells;
  const hex = board.shape === "hex";
  resetRoot(root, cellBox(cells), hex ? RESULT_WORDS.hexBoard(cells.length) : RESULT_WORDS.squareBoard(cells.length));
  const stones = {};
  for (const [name, seat] of Object.entries(board.stones || {})) stones[name.toLowerCase()] = seat;
  const legal = legalIndex(ctx.interactive ? view.legal : []);
  const last = board.last ? String(board.last).toLowerCase() : null;
  const fresh = freshMove(root, last);
  const hints = new Map((ctx.hints || []).map((h) => [String(h.move).toLowerCase(), h]));
  const pending = ctx.pending ? String(ctx.pending).toLowerCase() : null;
  const paint = seatPaint(view, view.to_move ?? 0);
  // Hex centres of neighbouring cells are one unit apart: circumradius 1/sqrt(3).
  const hexR = 1 / Math.sqrt(3);

  const group = svg("g", { class: "points" });
  for (const cell of cells) {
    const name = cell.name.toLowerCase();
    const g = svg("g", { class: "pt", "data-point": name });
    g.appendChild(
      hex
        ? svg("polygon", { points: hexagon(cell.x, cell.y, hexR * 0.97), class: "cell" })
        : svg("rect", { x: cell.x - 0.48, y: cell.y - 0.48, width: 0.96, height: 0.96, class: "cell" }),
    );
    const seat = stones[name];
    if (seat !== undefined) {
      g.appendChild(stone(view, seat, cell.x, cell.y, 0.4, name));
      if (name === last) {
        if (fresh) g.lastChild.classList.add("fresh");
        g.appendChild(lastMark(view, seat, cell.x, cell.y, 0.4));
      }
    } else if (legal.has(name)) {
      const text = legal.get(name);
      g.classList.add("legal");
      g.appendChild(svg("circle", {
        cx: cell.x, cy: cell.y, r: 0.38, fill: paint.fill, stroke: paint.stroke, "stroke-width": 0.04,
        class: pending === name ? "ghost pending" : "ghost",
      }));
      if (ctx.showLegal) g.appendChild(svg("circle", { cx: cell.x, cy: cell.y, r: 0.1, class: "legal-dot" }));
      const title = svg("title");
      title.textContent = RESULT_WORDS.playHere(text);
      g.appendChild(title);
      g.addEventListener("click", () => ctx.onMove?.(text));
    } else {
      const title = svg("title");
      title.textContent = name;
      g.appendChild(title);
    }
    if (hints.has(name)) g.appendChild(hintMark(cell.x, cell.y, 0.3, hints.get(name).chance));
    group.appendChild(g);
  }
  root.appendChild(group);
  for (const node of cellLabels(cells, hex ? "hex" : "square")) root.appendChild(node);
}

/** Words of Oust's result and move marks (one place, for translation). */
const RESULT_WORDS = {
  caption: t("Stones on the board at the end"),
  stones: t("Stones"),
  capture: (n) => t("captured {n}", { n }),
  hexBoard: (n) => t("Oust hex board of {n} cells", { n }),
  squareBoard: (n) => t("Oust square board of {n} cells", { n }),
  playHere: (cell) => t("{cell}: play here", { cell }),
};

/** Oust's game-over breakdown: each side's stones left (the winner captured the rest). */
export function oustResult(view) {
  const counts = [...Array(view.players).keys()].map((s) => Object.values(view.board?.stones || {}).filter((x) => x === s).length);
  return seatTable(view, RESULT_WORDS.caption, [{ label: RESULT_WORDS.stones, values: counts }]);
}

export const oustMark = RESULT_WORDS.capture;

/** The counter beside a seat (one place for its words): its stones on the board. */
const COUNTER_WORDS = { stones: (n) => t("stones: {n}", { n }) };

/** The seat's counter: its stones on the board ("" when the view holds none). */
export function oustCounter(view, seat) {
  const stones = view.board?.stones;
  return stones ? COUNTER_WORDS.stones(Object.values(stones).filter((s) => s === seat).length) : "";
}
