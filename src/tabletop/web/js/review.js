// The computer review of a finished game: start it (or join the one under way), watch its
// progress, then step through the game with a win-chance graph (a line per seat), the
// moves marked inaccuracy / mistake / blunder, the summary per player, the key moves, and
// on the board the move played, the best move and its line. Positions come from the
// server (`GET /api/games/{id}?ply=N`, `.../review/line`); the client never plays the rules.

import { request } from "./api.js";
import { drawBoard, reviewExtras } from "./boards/index.js";
import { errorText } from "./errors.js";
import { gameId, loadGame, markStep, stepTo, wireSteps } from "./finished-game.js";
import { formatNumber, t, tn } from "./i18n.js";
import { moveWords } from "./move-words.js";
import { seatName, seatPaint } from "./palette.js";
import { html, pointerPoint, svg } from "./svg.js";

/** The words of this page (one place, for translation). */
const TEXT = {
  title: (title) => t("tabletop – review of {title}", { title }),
  heading: (title) => t("Computer review: {title}", { title }),
  none: t("This game has not been reviewed yet."),
  notFinished: t("A game is reviewed once it is finished."),
  queued: (n) => (n ? tn("Waiting for {n} review before this one…", "Waiting for {n} reviews before this one…", n) : t("Waiting for the computer…")),
  running: (done, total) => (total ? t("Analysing position {done} of {total}…", { done, total }) : t("Starting the analysis…")),
  failed: t("The review could not be finished."),
  done: (level) => t("Reviewed by the computer at level {level}.", { level }),
  label: { inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") },
  labels: { inaccuracy: t("Inaccuracies"), mistake: t("Mistakes"), blunder: t("Blunders") },
  player: t("Player"),
  accuracy: t("Accuracy"),
  played: (seat, move) => t("{seat} played {move}.", { seat, move }),
  playedLabel: (seat, move, label) => t("{seat} played {move}: {label}.", { seat, move, label }),
  chances: (before, after) => t("Win chance {before} before, {after} after.", { before, after }),
  bestPlayed: t("That was the best move found."),
  best: (move, chance) => t("The best move was {move} (win chance {chance}).", { move, chance }),
  line: (moves) => t("Best line: {moves}", { moves }),
  showLine: t("Show the best line"),
  lineStart: (ply) => t("Before move {ply}: the best move is marked", { ply }),
  lineStep: (step, total, move) => t("Best line, move {step} of {total}: {move}", { step, total, move }),
  graphHelp: (n) => tn(
    "One line per player: each player's chance to win over {n} move. The arrow keys move between positions, Home and End go to the start and the end; the board follows.",
    "One line per player: each player's chance to win over {n} moves. The arrow keys move between positions, Home and End go to the start and the end; the board follows.",
    n,
  ),
  point: (ply, chances) => (ply === 0 ? t("Start: {chances}", { chances }) : t("After move {ply}: {chances}", { ply, chances })),
  seatChance: (seat, chance) => t("{seat} {chance}", { seat, chance }),
  keyMove: (ply, seat, move, label, drop) => t("Move {ply}, {seat}: {move}, {label} (−{drop})", { ply, seat, move, label, drop }),
  noKeyMoves: t("No move lost much."),
};

/** The marks chess annotators write after a move, by label (shown with the label's word). */
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
/** Dashes of the graph's lines by seat, so that seats differ by more than colour. */
const DASHES = [null, "6 3", "2 2", "8 3 2 3"];
/** The graph's size in its own units. */
const W = 300;
const H = 120;
const PAD = 6;
/** Seconds between two looks at a review under way. */
const POLL_MS = 1000;

const $ = (id) => document.getElementById(id);
const state = { final: null, doc: null, byPly: new Map(), ply: 0, line: null, lines: new Map() };

const percent = (x) => formatNumber(x, { style: "percent", maximumFractionDigits: 0 });

async function lineAt(ply, steps) {
  const key = `${ply}:${steps}`;
  if (!state.lines.has(key)) {
    state.lines.set(key, await request(`/api/games/${encodeURIComponent(gameId)}/review/line?ply=${ply}&steps=${steps}`));
  }
  return state.lines.get(key);
}

/** The chances of each seat at position `ply` (0: the start). */
function chancesAt(ply) {
  const plies = state.doc.plies;
  if (ply === 0) return plies[0].chances_before;
  return state.byPly.get(ply)?.chances_after ?? plies[plies.length - 1].chances_after;
}

function total() {
  return state.final.moves.length;
}

// -- the board and the move shown ------------------------------------------------------------
async function show(ply) {
  const step = await stepTo(ply, total());
  if (!step) return;
  state.ply = ply = step.ply;
  const view = step.view;
  state.line = null;
  const shown = { ...view, seats: state.final.seats };
  drawBoard($("board"), { view: shown, interactive: false });
  const entry = state.byPly.get(ply);
  const extra = state.doc ? reviewExtras($("board"), shown, entry) : "";
  markStep(ply, state.final.moves);
  $("line-controls").hidden = true;
  renderMoveInfo(entry, extra);
  if (state.doc) {
    markGraph();
    markMoves();
  }
}

function renderMoveInfo(entry, extra) {
  const box = $("move-info");
  if (!entry) {
    box.replaceChildren(...(extra ? [html("p", { text: extra })] : []));
    return;
  }
  const view = state.final;
  const seat = seatName(view, entry.seat);
  const label = entry.label ? TEXT.label[entry.label] : null;
  const said = [
    html("p", { class: entry.label ? `played label-${entry.label}` : "played" }, [
      entry.label ? html("span", { class: `review-mark mark-${entry.label}`, text: MARKS[entry.label], "aria-hidden": "true" }) : null,
      document.createTextNode(label ? TEXT.playedLabel(seat, entry.move, label) : TEXT.played(seat, entry.move)),
    ]),
    html("p", { text: TEXT.chances(percent(entry.chances_before[entry.seat]), percent(entry.chances_after[entry.seat])) }),
    html("p", { class: "best", text: entry.best_played ? TEXT.bestPlayed : TEXT.best(moveWords(entry.best), percent(entry.best_chances[entry.seat])) }),
  ];
  if (entry.line?.length) {
    said.push(html("p", { class: "best-line", text: TEXT.line(entry.line.map(moveWords).join(" ")) }));
    said.push(html("button", { type: "button", id: "show-line", text: TEXT.showLine, onclick: () => showLine(entry.ply, 0) }));
  }
  if (extra) said.push(html("p", { class: "review-extra", text: extra }));
  box.replaceChildren(...said);
}

/** The board before move `ply` with `step` moves of its best line played (0: the best move marked). */
async function showLine(ply, step) {
  const entry = state.byPly.get(ply);
  if (!entry) return;
  step = Math.max(0, Math.min(entry.line.length, step));
  let view;
  try {
    view = await lineAt(ply, step);
    $("error").textContent = "";
  } catch (err) {
    $("error").textContent = errorText(err);
    return;
  }
  state.line = { ply, step };
  const hints = step === 0 && entry.best ? [{ move: entry.best, chance: entry.best_chances[entry.seat] }] : [];
  drawBoard($("board"), { view: { ...view, seats: state.final.seats }, interactive: false, hints });
  $("line-controls").hidden = false;
  $("line-position").textContent = step === 0 ? TEXT.lineStart(ply) : TEXT.lineStep(step, entry.line.length, moveWords(entry.line[step - 1]));
  $("line-prev").disabled = step === 0;
  $("line-next").disabled = step === entry.line.length;
}

// -- the graph -------------------------------------------------------------------------------
const gx = (ply) => PAD + (ply * (W - 2 * PAD)) / Math.max(1, total());
const gy = (chance) => PAD + (1 - chance) * (H - 2 * PAD);

function drawGraph() {
  const root = $("graph");
  const view = state.final;
  const seats = view.seats.length;
  root.replaceChildren();
  root.setAttribute("viewBox", `0 0 ${W} ${H}`);
  root.setAttribute("aria-valuemin", "0");
  root.setAttribute("aria-valuemax", String(total()));
  root.appendChild(svg("rect", { x: 0, y: 0, width: W, height: H, rx: 4, class: "graph-bg" }));
  root.appendChild(svg("line", { x1: PAD, x2: W - PAD, y1: gy(0.5), y2: gy(0.5), class: "graph-half" }));
  for (let seat = 0; seat < seats; seat++) {
    const points = [];
    for (let ply = 0; ply <= total(); ply++) points.push(`${gx(ply).toFixed(1)},${gy(chancesAt(ply)[seat]).toFixed(1)}`);
    const paint = seatPaint(view, seat);
    const dash = DASHES[seat % DASHES.length];
    // Drawn twice, the seat's edge colour under its fill colour: a white line shows too.
    root.appendChild(svg("polyline", { points: points.join(" "), fill: "none", stroke: paint.stroke, "stroke-width": 3.4, "stroke-dasharray": dash, "stroke-linejoin": "round" }));
    root.appendChild(svg("polyline", { points: points.join(" "), fill: "none", stroke: paint.fill, "stroke-width": 1.8, "stroke-dasharray": dash, "stroke-linejoin": "round", class: `graph-line seat-${seat}` }));
  }
  for (const entry of state.doc.plies) {
    if (!entry.label) continue;
    root.appendChild(svg("circle", { cx: gx(entry.ply), cy: gy(entry.chances_after[entry.seat]), r: 3.2, class: `graph-mark mark-${entry.label}`, "data-ply": entry.ply }));
  }
  root.appendChild(svg("line", { id: "graph-now", x1: 0, x2: 0, y1: 2, y2: H - 2, class: "graph-now" }));
  root.onclick = (event) => {
    const point = pointerPoint(root, event);
    const ply = Math.round(((point.x - PAD) * total()) / (W - 2 * PAD));
    root.focus();
    show(ply);
  };
  $("graph-help").textContent = TEXT.graphHelp(total());
  $("graph-legend").replaceChildren(...view.seats.map((_, seat) => {
    const paint = seatPaint(view, seat);
    const dash = DASHES[seat % DASHES.length];
    const sample = svg("svg", { viewBox: "0 0 24 8", width: 24, height: 8, "aria-hidden": "true" }, [
      svg("line", { x1: 1, x2: 23, y1: 4, y2: 4, stroke: paint.stroke, "stroke-width": 3.4, "stroke-dasharray": dash }),
      svg("line", { x1: 1, x2: 23, y1: 4, y2: 4, stroke: paint.fill, "stroke-width": 1.8, "stroke-dasharray": dash }),
    ]);
    return html("li", {}, [sample, document.createTextNode(` ${seatName(view, seat)}`)]);
  }));
}

function markGraph() {
  const root = $("graph");
  const now = $("graph-now");
  if (now) {
    now.setAttribute("x1", gx(state.ply));
    now.setAttribute("x2", gx(state.ply));
  }
  const chances = chancesAt(state.ply).map((c, seat) => TEXT.seatChance(seatName(state.final, seat), percent(c))).join(", ");
  root.setAttribute("aria-valuenow", String(state.ply));
  root.setAttribute("aria-valuetext", TEXT.point(state.ply, chances));
}

// -- the lists -------------------------------------------------------------------------------
function labelMark(entry) {
  if (!entry.label) return [];
  return [
    html("span", { class: `review-mark mark-${entry.label}`, text: MARKS[entry.label], "aria-hidden": "true" }),
    html("span", { class: "sr-only", text: ` ${TEXT.label[entry.label]}` }),
  ];
}

function renderMoves() {
  const view = state.final;
  $("moves").replaceChildren(...state.doc.plies.map((entry) => {
    const paint = seatPaint(view, entry.seat);
    return html("li", { "data-ply": entry.ply, class: entry.label ? `label-${entry.label}` : "", title: `${seatName(view, entry.seat)}: ${moveWords(entry.move)}${entry.label ? ` (${TEXT.label[entry.label]})` : ""}` }, [
      html("button", { type: "button", class: "link", onclick: () => show(entry.ply) }, [
        html("span", { class: "swatch small-swatch", style: `background:${paint.fill};border-color:${paint.stroke}`, "aria-hidden": "true" }),
        html("span", { class: "move-text", text: moveWords(entry.move) }),
        ...labelMark(entry),
      ]),
    ]);
  }));
}

function markMoves() {
  for (const item of $("moves").children) item.classList.toggle("current", Number(item.dataset.ply) === state.ply);
  const current = $("moves").querySelector(".current");
  if (current) {
    const list = $("moves");
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

function renderSummary() {
  const view = state.final;
  const kinds = ["inaccuracy", "mistake", "blunder"];
  const rows = Object.entries(state.doc.summary).map(([seat, row]) => html("tr", {}, [
    html("th", { scope: "row", text: seatName(view, Number(seat)) }),
    ...kinds.map((k) => html("td", { class: `count-${k}`, text: formatNumber(row[k]) })),
    html("td", { text: row.accuracy === null ? "–" : formatNumber(row.accuracy / 100, { style: "percent", maximumFractionDigits: 1 }) }),
  ]));
  $("summary").replaceChildren(
    html("thead", {}, [html("tr", {}, [
      html("th", { scope: "col", text: TEXT.player }),
      ...kinds.map((k) => html("th", { scope: "col" }, [html("span", { class: `review-mark mark-${k}`, text: MARKS[k], "aria-hidden": "true" }), document.createTextNode(` ${TEXT.labels[k]}`)])),
      html("th", { scope: "col", text: TEXT.accuracy }),
    ])]),
    html("tbody", {}, rows),
  );
}

function renderKeyMoves() {
  const view = state.final;
  const items = state.doc.key_moves.map((ply) => {
    const entry = state.byPly.get(ply);
    const label = entry.label ? TEXT.label[entry.label] : "";
    const drop = formatNumber(entry.drop, { style: "percent", maximumFractionDigits: 0 });
    return html("li", {}, [html("button", { type: "button", class: "link", onclick: () => show(ply) }, [
      ...labelMark(entry).slice(0, 1),
      document.createTextNode(` ${TEXT.keyMove(ply, seatName(view, entry.seat), entry.move, label, drop)}`),
    ])]);
  });
  $("key-moves").replaceChildren(...(items.length ? items : [html("li", { class: "small", text: TEXT.noKeyMoves })]));
}

// -- the review's state ------------------------------------------------------------------------
function renderStatus(answer) {
  const finished = state.final.status === "finished";
  const progress = $("review-progress");
  progress.hidden = !["queued", "running"].includes(answer.status);
  if (answer.status === "running" && answer.total) {
    progress.max = answer.total;
    progress.value = answer.done;
  } else {
    progress.removeAttribute("value"); // indeterminate while waiting
  }
  const text = {
    none: finished ? TEXT.none : TEXT.notFinished,
    queued: TEXT.queued(answer.ahead || 0),
    running: TEXT.running(answer.done, answer.total),
    failed: TEXT.failed,
    done: TEXT.done(answer.level),
  }[answer.status];
  // The server's `error` is English for developers; the page says it in its own words.
  $("review-status").textContent = text || "";
  $("review-btn").hidden = !finished || !["none", "failed"].includes(answer.status);
}

async function refresh() {
  let answer;
  try {
    answer = await request(`/api/games/${encodeURIComponent(gameId)}/review`);
  } catch (err) {
    $("error").textContent = errorText(err);
    return;
  }
  renderStatus(answer);
  if (answer.status === "done" && answer.review) {
    showReview(answer.review);
  } else if (answer.status === "queued" || answer.status === "running") {
    setTimeout(refresh, POLL_MS);
  }
}

async function startReview() {
  $("review-btn").disabled = true;
  try {
    const answer = await request(`/api/games/${encodeURIComponent(gameId)}/review`, { method: "POST" });
    $("error").textContent = "";
    renderStatus(answer);
    if (answer.status === "done" && answer.review) showReview(answer.review);
    else setTimeout(refresh, POLL_MS);
  } catch (err) {
    $("error").textContent = errorText(err);
  } finally {
    $("review-btn").disabled = false;
  }
}

function showReview(doc) {
  state.doc = doc;
  state.byPly = new Map(doc.plies.map((p) => [p.ply, p]));
  $("review-body").hidden = false;
  drawGraph();
  renderMoves();
  renderSummary();
  renderKeyMoves();
  show(state.ply);
}

async function start() {
  const v = (state.final = await loadGame(TEXT));
  if (!v) return;
  $("replay-link").href = `/replay/${encodeURIComponent(gameId)}`;
  wireSteps(show, () => state.ply, total());
  $("line-prev").addEventListener("click", () => state.line && showLine(state.line.ply, state.line.step - 1));
  $("line-next").addEventListener("click", () => state.line && showLine(state.line.ply, state.line.step + 1));
  $("line-end").addEventListener("click", () => show(state.ply));
  $("review-btn").addEventListener("click", startReview);
  await show(v.moves.length);
  await refresh();
}

start();
