// The Go board: grid, star points, coordinates, stones, last move, a ghost stone
// under the pointer on legal points; in the count (scoring phase and after it) each
// point shaded by whom it counts for, dead stones faded and crossed, and the score
// breakdown as a table.

import { html, svg } from "../svg.js";
import { seatName, seatPaint } from "../palette.js";
import { freshMove, hintMark, label, lastMark, legalIndex, resetRoot, stone } from "./common.js";
import { seatTable } from "./table.js";
import { formatNumber, t } from "../i18n.js";

/** Point name (lower case) of column x (0 = left) and row y (0 = bottom). */
export function pointName(columns, x, y) {
  return `${columns[x].toLowerCase()}${y + 1}`;
}

/** Draw `ctx.view` (a Go GameView) into the <svg> `root`. */
export function drawGo(root, ctx) {
  const { view } = ctx;
  const board = view.board;
  const n = board.size;
  const columns = board.columns || "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const sy = (y) => n - 1 - y; // row 1 at the bottom
  resetRoot(root, [-1.2, -1.2, n + 1.4, n + 1.4], SCORE_WORDS.board(n));

  const stones = {};
  for (const [name, seat] of Object.entries(board.stones || {})) stones[name.toLowerCase()] = seat;
  const dead = new Set((view.scoring?.dead || []).map((p) => p.toLowerCase()));
  // Whom each point counts for, as the server's rules engine decides (row 1 first).
  const owners = view.scoring?.owners || [];
  const legal = legalIndex(ctx.interactive ? view.legal : []);
  const mover = view.to_move;

  root.appendChild(svg("rect", { x: -1, y: -1, width: n + 1, height: n + 1, fill: "#dcb35c", rx: 0.2 }));
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push(svg("line", { x1: 0, y1: i, x2: n - 1, y2: i }));
    lines.push(svg("line", { x1: i, y1: 0, x2: i, y2: n - 1 }));
  }
  root.appendChild(svg("g", { stroke: "#3a2a10", "stroke-width": 0.04, "pointer-events": "none" }, lines));
  for (const p of board.star_points || []) {
    const m = /^([a-z])(\d+)$/i.exec(p);
    if (!m) continue;
    const x = columns.toLowerCase().indexOf(m[1].toLowerCase());
    const y = Number(m[2]) - 1;
    root.appendChild(svg("circle", { cx: x, cy: sy(y), r: 0.1, fill: "#3a2a10", class: "star" }));
  }
  for (let i = 0; i < n; i++) {
    // On the wood, whatever the page's colours (dark mode).
    const wood = { class: "coord on-wood" };
    root.appendChild(label(i, -0.7, columns[i], 0.4, wood));
    root.appendChild(label(i, n - 0.3, columns[i], 0.4, wood));
    root.appendChild(label(-0.7, sy(i), String(i + 1), 0.4, wood));
    root.appendChild(label(n - 0.3, sy(i), String(i + 1), 0.4, wood));
  }

  const last = board.last ? String(board.last).toLowerCase() : null;
  const fresh = freshMove(root, last);
  const hints = new Map((ctx.hints || []).map((h) => [String(h.move).toLowerCase(), h]));
  const pending = ctx.pending ? String(ctx.pending).toLowerCase() : null;
  const points = svg("g", { class: "points" });
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const name = pointName(columns, x, y);
      const cx = x;
      const cy = sy(y);
      const seat = stones[name];
      const group = svg("g", { class: "pt", "data-point": name });
      group.appendChild(svg("rect", { x: cx - 0.5, y: cy - 0.5, width: 1, height: 1, fill: "transparent" }));
      const owner = Number.parseInt(owners[y]?.[x] ?? ".", 10);
      if (!Number.isNaN(owner)) {
        group.appendChild(svg("rect", {
          x: cx - 0.5, y: cy - 0.5, width: 1, height: 1, fill: seatPaint(view, owner).fill,
          opacity: 0.4, class: `owner owner-${owner}`, "data-owner": owner, "pointer-events": "none",
        }));
      }
      if (seat !== undefined) {
        const isDead = dead.has(name);
        const placed = fresh && name === last ? "fresh" : null;
        group.appendChild(stone(view, seat, cx, cy, 0.46, name.toUpperCase(), { opacity: isDead ? 0.45 : 1 }));
        if (placed) group.lastChild.classList.add(placed);
        if (isDead) {
          const mark = seatPaint(view, 1 - seat).fill;
          group.appendChild(svg("path", {
            d: `M${cx - 0.2} ${cy - 0.2}L${cx + 0.2} ${cy + 0.2}M${cx + 0.2} ${cy - 0.2}L${cx - 0.2} ${cy + 0.2}`,
            stroke: mark, "stroke-width": 0.08, class: "dead", "pointer-events": "none",
          }));
        }
        if (name === last) {
          group.appendChild(lastMark(view, seat, cx, cy, 0.46));
          if (placed) group.lastChild.classList.add(placed);
        }
        if (ctx.scoring) {
          group.classList.add("toggle");
          group.addEventListener("click", () => ctx.onPoint?.(name.toUpperCase()));
        }
      } else if (legal.has(name)) {
        const text = legal.get(name);
        group.classList.add("legal");
        group.setAttribute("tabindex", "-1");
        const paint = seatPaint(view, mover);
        const ghost = svg("circle", {
          cx, cy, r: 0.44, fill: paint.fill, stroke: paint.stroke, "stroke-width": 0.04,
          class: pending === name ? "ghost pending" : "ghost",
        });
        group.appendChild(ghost);
        if (ctx.showLegal) group.appendChild(svg("circle", { cx, cy, r: 0.1, class: "legal-dot" }));
        group.appendChild(svg("title", {}, []));
        group.lastChild.textContent = SCORE_WORDS.playHere(text);
        group.addEventListener("click", () => ctx.onMove?.(text));
      }
      if (hints.has(name)) group.appendChild(hintMark(cx, cy, 0.3, hints.get(name).chance));
      points.appendChild(group);
    }
  }
  root.appendChild(points);
}

/** Words of the score table (one place, for translation). */
const SCORE_WORDS = {
  caption: { area: t("Area count"), territory: t("Territory count") },
  stones: t("Stones on the board"),
  territory: t("Territory"),
  prisoners: t("Prisoners"),
  dead: t("Dead stones taken"),
  komi: t("Komi"),
  total: t("Total"),
  result: t("Result"),
  board: (n) => t("Go board {n} by {n}", { n }),
  captures: (n) => t("captures {n}", { n }),
  playHere: (cell) => t("{cell}: play here", { cell }),
};

/** The score breakdown (the outcome's `detail` of a counted game) as a table, or null. */
export function goScoreTable(view, detail) {
  if (!detail || !detail.black || !detail.white) return null;
  const sides = [detail.black, detail.white];
  const rows = detail.scoring === "area" ? ["stones", "territory", "komi", "total"] : ["territory", "prisoners", "dead", "komi", "total"];
  const number = (x) => (typeof x === "number" ? formatNumber(x) : "");
  return html("table", { class: "score-table" }, [
    html("caption", { text: SCORE_WORDS.caption[detail.scoring] || detail.scoring }),
    html("thead", {}, [html("tr", {}, [html("td", {}), ...sides.map((_, seat) => html("th", { scope: "col", text: seatName(view, seat) }))])]),
    html("tbody", {}, [
      ...rows.map((row) => html("tr", { class: `score-${row}` }, [
        html("th", { scope: "row", text: SCORE_WORDS[row] }),
        ...sides.map((side) => html("td", { text: number(side[row]) })),
      ])),
      html("tr", { class: "score-result" }, [html("th", { scope: "row", text: SCORE_WORDS.result }), html("td", { colspan: 2, text: detail.result || "" })]),
    ]),
  ]);
}

/** What the side panel shows for Go: captures per seat. */
export function goStats(view, seat) {
  const caps = view.board.captures?.[seat];
  return caps === undefined ? "" : SCORE_WORDS.captures(caps);
}

/** Words of the result of a game not counted (one place, for translation). */
const RESULT_WORDS = { caption: t("Prisoners taken"), prisoners: t("Prisoners"), capture: (n) => t("captured {n}", { n }) };

/** Go's game-over breakdown: the count when the game was counted, else the prisoners. */
export function goResult(view) {
  const counted = goScoreTable(view, view.outcome?.detail);
  if (counted) return counted;
  const caps = view.board?.captures || [];
  return seatTable(view, RESULT_WORDS.caption, [{ label: RESULT_WORDS.prisoners, values: caps }]);
}

/** The move list's mark of a Go move that took `n` stones. */
export const goMark = RESULT_WORDS.capture;

/** The counter beside a seat (one place for its words): the stones it has captured. */
const COUNTER_WORDS = { captures: (n) => t("captures: {n}", { n }) };

/** The seat's counter: the stones it has captured ("" when the view holds no count). */
export function goCounter(view, seat) {
  const captures = view.board?.captures;
  return captures ? COUNTER_WORDS.captures(captures[seat] ?? 0) : "";
}

/** Words of a review's Go extras (one place, for translation). */
const REVIEW_WORDS = {
  lead: (side, points) => t("Estimated score: {side} leads by {points}", { side, points }),
  even: t("Estimated score: even"),
};

/**
 * A review's ownership map over a drawn Go board: a small square on each point, in the
 * colour of the side it is expected to belong to, the more opaque the surer
 * (`ownership`: one value per point, row 1 first, from -1 White's to 1 Black's).
 */
export function goOwnership(root, view, ownership) {
  const n = view.board?.size;
  if (!n || !Array.isArray(ownership) || ownership.length !== n * n) return;
  const squares = [];
  for (let i = 0; i < ownership.length; i++) {
    const v = ownership[i];
    if (Math.abs(v) < 0.1) continue;
    const x = i % n;
    const y = n - 1 - Math.floor(i / n);
    const paint = seatPaint(view, v > 0 ? 0 : 1);
    squares.push(svg("rect", {
      x: x - 0.2, y: y - 0.2, width: 0.4, height: 0.4, fill: paint.fill, stroke: paint.stroke,
      "stroke-width": 0.02, opacity: (0.25 + 0.6 * Math.abs(v)).toFixed(2),
    }));
  }
  root.appendChild(svg("g", { class: "ownership", "pointer-events": "none", "aria-hidden": "true" }, squares));
}

/** A review's estimated score of a Go position (`score`: Black's lead, negative: White's). */
export function goScoreText(view, score) {
  if (typeof score !== "number") return "";
  if (Math.abs(score) < 0.05) return REVIEW_WORDS.even;
  const side = seatName(view, score > 0 ? 0 : 1);
  return REVIEW_WORDS.lead(side, formatNumber(Math.abs(score), { maximumFractionDigits: 1 }));
}
