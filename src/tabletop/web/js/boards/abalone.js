// The Abalone board: the hexagon of cells with coordinates, marbles, the last
// move, and the selection: click marbles, then the cell the move goes to.

import { svg } from "../svg.js";
import * as moves from "../abalone-moves.js";
import { cellLabels, cellsOf, freshMove, hintMark, resetRoot, stone } from "./common.js";
import { cellBox } from "./oust.js";
import { seatTable } from "./table.js";
import { t } from "../i18n.js";

/** The words this board shows a player (one place, for translation). */
const TEXT = {
  pickMarbles: t(" – click the marbles to move"),
  pickTarget: t(" – now click where the marbles go"),
  which: (moves) => t("Which move? {moves} - select all the marbles that move", { moves: moves.join(", ") }),
  board: (n) => t("Abalone board of {n} cells", { n }),
};

/** The status line's hint for the player to move, by the marbles selected so far. */
export function abalonePrompt(selection) {
  return selection.length ? TEXT.pickTarget : TEXT.pickMarbles;
}

/** Draw an Abalone GameView into `root`; `ctx.selection` is kept by the caller. */
export function drawAbalone(root, ctx) {
  const { view } = ctx;
  const board = view.board;
  const cells = board.cells;
  resetRoot(root, cellBox(cells, 1.4), TEXT.board(cells.length));
  const marbles = {};
  for (const [name, seat] of Object.entries(board.marbles || {})) marbles[name.toLowerCase()] = seat;
  const mover = view.to_move;
  const described = ctx.interactive ? moves.describeMoves(cells, marbles, mover, view.legal) : [];
  const selection = ctx.selection || [];
  const selectable = moves.selectable(described);
  const targets = moves.targets(described, selection);
  const last = new Set(board.last ? cellsOf(board.last) : []);
  const fresh = freshMove(root, board.last);
  const hinted = new Map();
  for (const h of ctx.hints || []) for (const c of cellsOf(h.move)) if (!hinted.has(c)) hinted.set(c, h);

  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const rad = (Math.max(...xs) - Math.min(...xs)) / 2 + 0.75;
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (k * Math.PI) / 3;
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(3)},${(cy + rad * Math.sin(a)).toFixed(3)}`);
  }
  root.appendChild(svg("polygon", { points: pts.join(" "), class: "abalone-frame" }));

  const layer = svg("g", { class: "points" });
  for (const cell of cells) {
    const name = cell.name.toLowerCase();
    const g = svg("g", { class: "pt", "data-point": name });
    g.appendChild(svg("circle", { cx: cell.x, cy: cell.y, r: 0.42, class: "hole" }));
    const seat = marbles[name];
    if (seat !== undefined) {
      g.appendChild(stone(view, seat, cell.x, cell.y, 0.44, name));
      if (selection.includes(name)) {
        g.classList.add("selected");
        g.appendChild(svg("circle", { cx: cell.x, cy: cell.y, r: 0.47, class: "select-ring" }));
      } else if (selection.length === 0 && selectable.has(name)) {
        g.classList.add("selectable");
      }
    } else {
      const title = svg("title");
      title.textContent = name;
      g.appendChild(title);
    }
    if (targets.has(name)) {
      g.classList.add("target");
      g.appendChild(svg("circle", { cx: cell.x, cy: cell.y, r: 0.16, class: "target-dot" }));
    }
    if (last.has(name)) {
      g.appendChild(svg("circle", { cx: cell.x, cy: cell.y, r: 0.5, class: fresh ? "last-ring fresh" : "last-ring" }));
    }
    if (hinted.has(name)) g.appendChild(hintMark(cell.x, cell.y, 0.25, hinted.get(name).chance));
    if (ctx.interactive) {
      g.addEventListener("click", () => {
        const result = moves.click(described, selection, name, marbles, mover);
        if (result.move) ctx.onMove?.(result.move);
        else if (result.selection) ctx.onSelect?.(result.selection);
        else if (result.ambiguous) ctx.onMessage?.(TEXT.which(result.ambiguous));
      });
    }
    layer.appendChild(g);
  }
  root.appendChild(layer);
  for (const node of cellLabels(cells, "hex", 0.36)) root.appendChild(node);
}

/** Words of Abalone's result, teams and move marks (one place, for translation). */
const RESULT_WORDS = {
  caption: (n) => t("Marbles pushed off ({n} to win)", { n }),
  pushed: t("Pushed off"),
  team: t("Team"),
  teamTotal: t("Team total"),
  teamName: (team) => t("team {name}", { name: "ABCD"[team] ?? team + 1 }),
  eject: (n) => t("pushed off {n}", { n }),
  counter: (n, goal) => t("pushed off: {n} of {goal}", { n, goal }),
  withTeam: (team, text) => t("{team}, {text}", { team, text }),
};

/** Whether some team has more than one seat (4 players in two teams): else each plays alone. */
function teamed(view) {
  return new Set(view.board?.teams || []).size < view.players;
}

function teamTotals(board) {
  const totals = {};
  (board.teams || []).forEach((t, s) => (totals[t] = (totals[t] || 0) + (board.ejected?.[s] || 0)));
  return totals;
}

/** Abalone's game-over breakdown: marbles each side pushed off, and each team's total. */
export function abaloneResult(view) {
  const board = view.board || {};
  const rows = [{ label: RESULT_WORDS.pushed, values: board.ejected || [] }];
  if (teamed(view)) {
    const totals = teamTotals(board);
    rows.unshift({ label: RESULT_WORDS.team, values: (board.teams || []).map((t) => RESULT_WORDS.teamName(t)) });
    rows.push({ label: RESULT_WORDS.teamTotal, values: (board.teams || []).map((t) => totals[t]), cls: "score-total" });
  }
  return seatTable(view, RESULT_WORDS.caption(board.to_win ?? 6), rows);
}

export const abaloneMark = RESULT_WORDS.eject;

/** The seat's counter: its (team's) marbles pushed off against the goal, and in a game of
 * teams which team it plays in. */
export function abaloneCounter(view, seat) {
  const board = view.board || {};
  if (!board.ejected) return "";
  const team = board.teams?.[seat];
  const pushed = teamed(view) ? teamTotals(board)[team] : board.ejected?.[seat];
  const text = RESULT_WORDS.counter(pushed ?? 0, board.to_win ?? 6);
  return teamed(view) ? RESULT_WORDS.withTeam(RESULT_WORDS.teamName(team), text) : text;
}
