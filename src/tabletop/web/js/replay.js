// The replay view of a finished game: step through the moves, download the record.
// Positions come from the server (`GET /api/games/{id}?ply=N`); the client never
// plays the rules.

import { api, request } from "./api.js";
import { drawBoard, scoreTable } from "./boards/index.js";
import { errorText } from "./errors.js";
import { t, tn } from "./i18n.js";
import { resultSentence } from "./messages.js";
import { renderMoves, renderSeats } from "./panels.js";

/** The words of this page (one place, for translation). */
const TEXT = {
  start: (total) => tn("start (of {n} move)", "start (of {n} moves)", total),
  move: (ply, total, move) => t("move {ply} of {total}: {move}", { ply, total, move }),
  title: (title) => t("tabletop – replay of {title}", { title }),
  heading: (title) => t("Replay: {title}", { title }),
  stillPlayed: t("This game is still being played"),
};

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const state = { final: null, ply: 0, views: new Map() };

async function viewAt(ply) {
  if (!state.views.has(ply)) {
    state.views.set(ply, await request(`/api/games/${encodeURIComponent(gameId)}?ply=${ply}`));
  }
  return state.views.get(ply);
}

async function show(ply) {
  const total = state.final.moves.length;
  ply = Math.max(0, Math.min(total, ply));
  let view;
  try {
    view = await viewAt(ply);
    $("error").textContent = "";
  } catch (err) {
    $("error").textContent = errorText(err);
    return;
  }
  state.ply = ply;
  // Players as in the finished game; nobody is "away" in a replay.
  const seats = state.final.seats.map((s) => ({ ...s, connected: true }));
  const shown = { ...view, moves: state.final.moves, seats };
  drawBoard($("board"), { view: shown, interactive: false });
  renderSeats($("seats"), { ...shown, status: ply === total ? "finished" : "playing", clock: null });
  renderMoves($("moves"), state.final, { current: ply, onPick: (p) => show(p) });
  $("position").textContent = ply === 0 ? TEXT.start(total) : TEXT.move(ply, total, state.final.moves[ply - 1].move);
  $("status").textContent = ply === total ? resultSentence(state.final) : "";
  $("first").disabled = $("prev").disabled = ply === 0;
  $("last").disabled = $("next").disabled = ply === total;
}

async function start() {
  try {
    state.final = await api.game(gameId);
  } catch (err) {
    $("error").textContent = errorText(err);
    return;
  }
  const v = state.final;
  state.views.set(v.moves.length, v);
  document.title = TEXT.title(t(v.title));
  $("title").textContent = TEXT.heading(t(v.title));
  $("outcome-text").textContent = v.outcome ? resultSentence(v) : v.status === "finished" ? "" : TEXT.stillPlayed;
  // A counted result's breakdown (territory or area, stones, prisoners, komi), as on the game page.
  const table = scoreTable(v, v.outcome?.detail);
  $("outcome-detail").replaceChildren(...(table ? [table] : []));
  $("record-json").href = api.recordUrl(gameId, "json");
  $("record-sgf").href = api.recordUrl(gameId, "sgf");
  $("record-sgf").hidden = !(v.records || []).includes("sgf");
  $("review-link").href = `/review/${encodeURIComponent(gameId)}`;
  $("review-link").hidden = v.status !== "finished";
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(state.ply - 1));
  $("next").addEventListener("click", () => show(state.ply + 1));
  $("last").addEventListener("click", () => show(v.moves.length));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") show(state.ply - 1);
    else if (e.key === "ArrowRight") show(state.ply + 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(v.moves.length);
  });
  await show(v.moves.length);
}

start();
