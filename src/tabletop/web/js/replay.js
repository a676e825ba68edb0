// The replay view of a finished game: step through the moves, download the record.
// Positions come from the server (`GET /api/games/{id}?ply=N`, or replaying the
// moves in a scratch game where that is missing); the client never plays the rules.

import { api, request } from "./api.js";
import { drawBoard } from "./boards/index.js";
import { renderMoves, renderSeats } from "./panels.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const state = { final: null, ply: 0, views: new Map(), replayed: null };

async function viewAt(ply) {
  if (state.views.has(ply)) return state.views.get(ply);
  if (!state.replayed) {
    const view = await request(`/api/games/${encodeURIComponent(gameId)}?ply=${ply}`);
    if (view.ply === ply) {
      state.views.set(ply, view);
      return view;
    }
    // This server has no earlier positions (docs/protocol.md, requested change 1).
    state.replayed = replayInScratchGame();
  }
  await state.replayed;
  if (!state.views.has(ply)) throw new Error(`Position ${ply} is not available`);
  return state.views.get(ply);
}

/**
 * Fallback until the server answers `?ply=N`: replay the moves in a new game whose
 * seats this page holds, keeping the server's view after each move. The server
 * judges every move; the client still applies no rules.
 */
async function replayInScratchGame() {
  const v = state.final;
  const seats = v.seats.map((s) => ({ kind: "person", claim: true, name: s.name }));
  const created = await api.create({ game: v.game, options: v.options, seats, clock: { kind: "none" } });
  const tokens = {};
  for (const s of created.seats) tokens[s.seat] = s.token;
  state.views.set(0, created.game);
  for (let i = 0; i < v.moves.length; i++) {
    const m = v.moves[i];
    state.views.set(i + 1, await api.move(created.id, { token: tokens[m.seat], move: m.move }));
  }
}

async function show(ply) {
  const total = state.final.moves.length;
  ply = Math.max(0, Math.min(total, ply));
  let view;
  try {
    view = await viewAt(ply);
    $("error").textContent = "";
  } catch (err) {
    $("error").textContent = err.message;
    return;
  }
  state.ply = ply;
  // Players as in the finished game; nobody is "away" in a replay.
  const seats = state.final.seats.map((s) => ({ ...s, connected: true }));
  const shown = { ...view, moves: state.final.moves, seats };
  drawBoard($("board"), { view: shown, interactive: false });
  renderSeats($("seats"), { ...shown, status: ply === total ? "finished" : "playing", clock: null });
  renderMoves($("moves"), state.final, { current: ply, onPick: (p) => show(p) });
  $("position").textContent = ply === 0 ? `start (of ${total} moves)` : `move ${ply} of ${total}: ${state.final.moves[ply - 1].move}`;
  $("status").textContent = ply === total ? state.final.outcome?.text || "" : "";
  $("first").disabled = $("prev").disabled = ply === 0;
  $("last").disabled = $("next").disabled = ply === total;
}

async function start() {
  try {
    state.final = await api.game(gameId);
  } catch (err) {
    $("error").textContent = err.message;
    return;
  }
  const v = state.final;
  state.views.set(v.moves.length, v);
  document.title = `tabletop – replay of ${v.title}`;
  $("title").textContent = `Replay: ${v.title}`;
  $("outcome-text").textContent = v.outcome?.text || (v.status === "finished" ? "" : "This game is still being played");
  $("record-json").href = api.recordUrl(gameId, "json");
  $("record-sgf").href = api.recordUrl(gameId, "sgf");
  $("record-sgf").hidden = v.game !== "go";
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
