// The Quoridor board: squares with grooves, goal edges in each seat's colour,
// pawns, placed walls, legal pawn steps, and a wall preview under the pointer.

import { pointerPoint, svg } from "../svg.js";
import { seatPaint, seatName } from "../palette.js";
import { freshMove, hintMark, label, legalIndex, resetRoot } from "./common.js";
import { seatTable } from "./table.js";
import { squareCentre, squareName, wallAt, wallRect } from "../quoridor-walls.js";
import { wallKeys } from "../quoridor-wall-keys.js";
import { t } from "../i18n.js";

const GOAL_EDGE = {
  north: (n) => ({ x: 0, y: -0.28, width: n, height: 0.16 }),
  south: (n) => ({ x: 0, y: n + 0.12, width: n, height: 0.16 }),
  east: (n) => ({ x: n + 0.12, y: 0, width: 0.16, height: n }),
  west: (n) => ({ x: -0.28, y: 0, width: 0.16, height: n }),
};

/** Draw a Quoridor GameView into `root`. */
export function drawQuoridor(root, ctx) {
  const { view } = ctx;
  const board = view.board;
  const n = board.size;
  resetRoot(root, [-1, -1, n + 1.6, n + 2], RESULT_WORDS.board(n));
  root.dataset.size = String(n);
  root.dataset.targetUnits = "0.5"; // a wall groove is half a square wide (js/board-zoom.js)
  const legal = legalIndex(ctx.interactive ? view.legal : []);
  const mover = view.to_move;
  const moverPaint = seatPaint(view, mover ?? 0);
  const hints = new Map((ctx.hints || []).map((h) => [String(h.move).toLowerCase(), h]));
  const pending = ctx.pending ? String(ctx.pending).toLowerCase() : null;

  root.appendChild(svg("rect", { x: -0.35, y: -0.35, width: n + 0.7, height: n + 0.7, class: "q-frame" }));
  (board.goals || []).forEach((goal, seat) => {
    const edge = GOAL_EDGE[goal]?.(n);
    if (edge) {
      const paint = seatPaint(view, seat);
      root.appendChild(svg("rect", { ...edge, fill: paint.fill, stroke: paint.stroke, "stroke-width": 0.02,
        title: RESULT_WORDS.goalOf(seatName(view, seat)) }));
    }
  });
  const squares = svg("g", { class: "points" });
  for (let c = 0; c < n; c++) {
    for (let r = 0; r < n; r++) {
      const name = squareName(c, r);
      const g = svg("g", { class: "pt", "data-point": name });
      g.appendChild(svg("rect", { x: c + 0.1, y: n - 1 - r + 0.1, width: 0.8, height: 0.8, class: "square", rx: 0.05 }));
      const title = svg("title");
      title.textContent = name;
      if (legal.has(name)) {
        const text = legal.get(name);
        g.classList.add("legal");
        if (pending === name) g.classList.add("pending");
        title.textContent = RESULT_WORDS.moveHere(text);
        g.addEventListener("click", (event) => {
          event.stopPropagation();
          ctx.onMove?.(text);
        });
      }
      g.appendChild(title);
      squares.appendChild(g);
    }
  }
  root.appendChild(squares);
  for (let i = 0; i < n; i++) {
    root.appendChild(label(i + 0.5, n + 0.7, String.fromCharCode(65 + i), 0.38));
    root.appendChild(label(-0.6, n - 1 - i + 0.5, String(i + 1), 0.38));
  }
  const walls = svg("g", { class: "walls" });
  for (const w of board.walls || []) {
    const rect = wallRect(w, n);
    if (rect) walls.appendChild(svg("rect", { ...rect, class: "wall", rx: 0.04, title: RESULT_WORDS.wall(w) }));
  }
  root.appendChild(walls);
  (board.pawns || []).forEach((square, seat) => {
    if (!square) return;
    const p = squareCentre(square, n);
    const paint = seatPaint(view, seat);
    root.appendChild(svg("circle", { cx: p.x, cy: p.y, r: 0.32, fill: paint.fill, stroke: paint.stroke,
      "stroke-width": 0.05, class: `pawn seat-${seat}`, "data-cell": square,
      "pointer-events": "none", title: `${square}: ${seatName(view, seat)}` }));
  });
  const fresh = freshMove(root, board.last);
  if (fresh) {
    // The newest pawn step or wall is placed with a short animation (style.css .fresh).
    const lastText = String(board.last).toLowerCase();
    const moved = /^[a-z]\d+$/.test(lastText) ? root.querySelector(`.pawn[data-cell="${lastText}"]`) : null;
    moved?.classList.add("fresh");
  }
  if (board.last) {
    const lastText = String(board.last).toLowerCase();
    if (/^[a-z]\d+$/.test(lastText)) {
      const p = squareCentre(lastText, n);
      root.appendChild(svg("circle", { cx: p.x, cy: p.y, r: 0.12, class: "last-move-dot", "pointer-events": "none" }));
    } else {
      const rect = wallRect(lastText, n);
      if (rect) root.appendChild(svg("rect", { ...rect, class: fresh ? "wall last-wall fresh" : "wall last-wall", "pointer-events": "none" }));
    }
  }
  for (const [move, h] of hints) {
    if (/^[a-z]\d+$/.test(move)) {
      const p = squareCentre(move, n);
      root.appendChild(hintMark(p.x, p.y, 0.3, h.chance));
    } else {
      const rect = wallRect(move, n);
      if (rect) root.appendChild(svg("rect", { ...rect, class: "wall hint-wall", "pointer-events": "none" }));
    }
  }
  const preview = svg("rect", { class: "wall-preview", visibility: "hidden", "pointer-events": "none" });
  if (pending && /[hv]$/.test(pending)) {
    const rect = wallRect(pending, n);
    Object.entries(rect).forEach(([k, v]) => preview.setAttribute(k, v));
    preview.setAttribute("visibility", "visible");
    preview.setAttribute("fill", moverPaint.fill);
    preview.classList.add("pending");
  }
  root.appendChild(preview);
  wallKeys(root, { size: n, legal, interactive: ctx.interactive, paint: moverPaint, ghost: preview,
    wallsLeft: board.walls_left?.[mover], onMove: ctx.onMove, onMessage: ctx.onMessage });
  if (!ctx.interactive) return;

  const wallUnder = (event) => {
    const p = pointerPoint(root, event);
    return wallAt(p.x, p.y, n);
  };
  root.onpointermove = (event) => {
    if (pending && /[hv]$/.test(pending)) return;
    const wall = wallUnder(event);
    if (!wall) {
      preview.setAttribute("visibility", "hidden");
      return;
    }
    const rect = wallRect(wall, n);
    Object.entries(rect).forEach(([k, v]) => preview.setAttribute(k, v));
    const ok = legal.has(wall);
    preview.setAttribute("fill", ok ? moverPaint.fill : "#c33");
    preview.setAttribute("opacity", ok ? "0.7" : "0.25");
    preview.setAttribute("data-wall", wall);
    preview.setAttribute("visibility", "visible");
  };
  root.onpointerleave = () => {
    if (!(pending && /[hv]$/.test(pending))) preview.setAttribute("visibility", "hidden");
  };
  root.onclick = (event) => {
    const wall = wallUnder(event);
    if (!wall) return;
    if (legal.has(wall)) ctx.onMove?.(legal.get(wall));
    else if (board.walls_left?.[mover] === 0) ctx.onMessage?.(RESULT_WORDS.noWalls);
    else ctx.onMessage?.(RESULT_WORDS.wallNotAllowed(wall));
  };
}

/** What the player to move is told beyond "Your move" (one place, for translation). */
const PROMPT_WORDS = {
  howToMove: t(" – step to a green square, or click between two squares to place a wall (keyboard: W for walls)"),
};

/** Quoridor's prompt to the player to move: pawn steps and walls, and the wall key. */
export function quoridorPrompt() {
  return PROMPT_WORDS.howToMove;
}

/** Words of Quoridor's result (one place, for translation). */
const RESULT_WORDS = {
  caption: t("Who reached the goal"),
  goal: t("Goal"),
  side: { north: t("north edge"), south: t("south edge"), east: t("east edge"), west: t("west edge") },
  pawn: t("Pawn at"),
  reached: t("Reached it"),
  yes: t("yes"),
  no: t("no"),
  wallsLeft: t("Walls left"),
  board: (n) => t("Quoridor board {n} by {n}", { n }),
  noWalls: t("No walls left"),
  wallNotAllowed: (wall) => t("Wall {wall} is not allowed here", { wall }),
  goalOf: (who) => t("goal of {who}", { who }),
  moveHere: (square) => t("{square}: move here", { square }),
  wall: (name) => t("wall {name}", { name }),
};

/** The counter beside a seat (one place for its words): the walls it has left. */
const COUNTER_WORDS = { wallsLeft: (n) => t("walls left: {n}", { n }) };

/** The seat's counter: the walls it has left ("" when the view holds none). */
export function quoridorCounter(view, seat) {
  const walls = view.board?.walls_left;
  return walls ? COUNTER_WORDS.wallsLeft(walls[seat] ?? 0) : "";
}

/** Quoridor's game-over breakdown: each pawn's goal, where it stands, who reached it. */
export function quoridorResult(view) {
  const board = view.board || {};
  const winners = view.outcome?.reason === "goal-reached" ? view.outcome.winners : [];
  const seats = [...Array(view.players).keys()];
  return seatTable(view, RESULT_WORDS.caption, [
    { label: RESULT_WORDS.goal, values: (board.goals || []).map((g) => RESULT_WORDS.side[g] || g) },
    { label: RESULT_WORDS.pawn, values: board.pawns || [] },
    { label: RESULT_WORDS.reached, values: seats.map((s) => (winners.includes(s) ? RESULT_WORDS.yes : RESULT_WORDS.no)), cls: "score-total" },
    { label: RESULT_WORDS.wallsLeft, values: board.walls_left || [] },
  ]);
}
