// What the two pages of a finished game share (replay.js, review.js): the game's id from
// the address, its positions fetched once each, the page named after the game, and the
// step controls under the board (first, previous, next, last; arrow keys, Home and End).

import { api } from "./api.js";
import { errorText } from "./errors.js";
import { t, tn } from "./i18n.js";

/** The words of the step controls (one place, for translation). */
const TEXT = {
  start: (total) => tn("start (of {n} move)", "start (of {n} moves)", total),
  move: (ply, total, move) => t("move {ply} of {total}: {move}", { ply, total, move }),
};

const $ = (id) => document.getElementById(id);

/** The game's id: the last part of the page's address. */
export const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const views = new Map();

/**
 * The position after `ply` moves, `ply` kept between 0 and `total` (each position fetched
 * once): `{ ply, view }`, or null with the error shown when it cannot be had.
 */
export async function stepTo(ply, total) {
  ply = Math.max(0, Math.min(total, ply));
  try {
    if (!views.has(ply)) views.set(ply, await api.game(gameId, ply));
    $("error").textContent = "";
    return { ply, view: views.get(ply) };
  } catch (err) {
    $("error").textContent = errorText(err);
    return null;
  }
}

/**
 * The finished game, its last position kept and the page named after it (`words.title`
 * and `words.heading` word the game's title); null, the error shown, when it cannot be read.
 */
export async function loadGame(words) {
  let game;
  try {
    game = await api.game(gameId);
  } catch (err) {
    $("error").textContent = errorText(err);
    return null;
  }
  views.set(game.moves.length, game);
  document.title = words.title(t(game.title));
  $("title").textContent = words.heading(t(game.title));
  return game;
}

/** Say where position `ply` stands among the game's `moves`; enable the steps that lead on. */
export function markStep(ply, moves) {
  const total = moves.length;
  $("position").textContent = ply === 0 ? TEXT.start(total) : TEXT.move(ply, total, moves[ply - 1].move);
  $("first").disabled = $("prev").disabled = ply === 0;
  $("last").disabled = $("next").disabled = ply === total;
}

/** Step through the game with the buttons and keys: `go(ply)` shows a position, `current()`
 * is the one shown, `total` the last. */
export function wireSteps(go, current, total) {
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(current() - 1));
  $("next").addEventListener("click", () => go(current() + 1));
  $("last").addEventListener("click", () => go(total));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLButtonElement && (e.key === "Enter" || e.key === " ")) return;
    if (e.key === "ArrowLeft" || e.key === "ArrowDown") go(current() - 1);
    else if (e.key === "ArrowRight" || e.key === "ArrowUp") go(current() + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(total);
    else return;
    e.preventDefault();
  });
}
