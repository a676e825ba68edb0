// The replay view of a finished game: step through the moves, download the record.
// Positions come from the server (`GET /api/games/{id}?ply=N`); the client never
// plays the rules.

import { api } from "./api.js";
import { drawBoard, scoreTable } from "./boards/index.js";
import { gameId, loadGame, markStep, stepTo, wireSteps } from "./finished-game.js";
import { t } from "./i18n.js";
import { resultSentence } from "./messages.js";
import { renderMoves, renderSeats } from "./panels.js";

/** The words of this page (one place, for translation). */
const TEXT = {
  title: (title) => t("tabletop – replay of {title}", { title }),
  heading: (title) => t("Replay: {title}", { title }),
  stillPlayed: t("This game is still being played"),
};

const $ = (id) => document.getElementById(id);
const state = { final: null, ply: 0 };

async function show(ply) {
  const total = state.final.moves.length;
  const step = await stepTo(ply, total);
  if (!step) return;
  state.ply = ply = step.ply;
  const view = step.view;
  // Players as in the finished game; nobody is "away" in a replay.
  const seats = state.final.seats.map((s) => ({ ...s, connected: true }));
  const shown = { ...view, moves: state.final.moves, seats };
  drawBoard($("board"), { view: shown, interactive: false });
  renderSeats($("seats"), { ...shown, status: ply === total ? "finished" : "playing", clock: null });
  renderMoves($("moves"), state.final, { current: ply, onPick: (p) => show(p) });
  markStep(ply, state.final.moves);
  $("status").textContent = ply === total ? resultSentence(state.final) : "";
}

async function start() {
  const v = (state.final = await loadGame(TEXT));
  if (!v) return;
  $("outcome-text").textContent = v.outcome ? resultSentence(v) : v.status === "finished" ? "" : TEXT.stillPlayed;
  // A counted result's breakdown (territory or area, stones, prisoners, komi), as on the game page.
  const table = scoreTable(v, v.outcome?.detail);
  $("outcome-detail").replaceChildren(...(table ? [table] : []));
  $("record-json").href = api.recordUrl(gameId, "json");
  $("record-sgf").href = api.recordUrl(gameId, "sgf");
  $("record-sgf").hidden = !(v.records || []).includes("sgf");
  $("review-link").href = `/review/${encodeURIComponent(gameId)}`;
  $("review-link").hidden = v.status !== "finished";
  wireSteps(show, () => state.ply, v.moves.length);
  await show(v.moves.length);
}

start();
