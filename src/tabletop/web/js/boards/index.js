// One entry point for the four board renderers and their per-seat counters.

import { abaloneCounter, abaloneMark, abalonePrompt, abaloneResult, drawAbalone } from "./abalone.js";
import { drawGo, goCounter, goMark, goOwnership, goResult, goScoreTable, goScoreText } from "./go.js";
import { drawOust, oustCounter, oustMark, oustResult } from "./oust.js";
import { drawQuoridor, quoridorCounter, quoridorPrompt, quoridorResult } from "./quoridor.js";

const DRAW = { go: drawGo, oust: drawOust, abalone: drawAbalone, quoridor: drawQuoridor };

/** Draw the board of `ctx.view` into the <svg> `root`. */
export function drawBoard(root, ctx) {
  const kind = ctx.view?.board?.kind || ctx.view?.game;
  const draw = DRAW[kind];
  if (!draw) throw new Error(`no board drawing for ${kind}`);
  draw(root, ctx);
}

const COUNTER = { go: goCounter, oust: oustCounter, abalone: abaloneCounter, quoridor: quoridorCounter };

/** The counter shown beside a seat (captures, ejected marbles, walls left, stones): each
 * board's own; "" when the view holds none. */
export function seatCounter(view, seat) {
  const counter = COUNTER[view?.board?.kind];
  return counter ? counter(view, seat) : "";
}

const PROMPT = { abalone: abalonePrompt, quoridor: quoridorPrompt };

/** What the player to move is told to do on the board beyond "Your move" (Abalone: how
 * to select marbles; Quoridor: steps and walls), given the cells selected so far; "" for
 * the others. */
export function boardPrompt(view, selection) {
  const prompt = PROMPT[view?.board?.kind];
  return prompt ? prompt(selection) : "";
}

const SCORE_TABLE = { go: goScoreTable };

/** The game's breakdown of a counted result (`detail` as in the outcome) as an element, or null. */
export function scoreTable(view, detail) {
  const make = SCORE_TABLE[view?.board?.kind || view?.game];
  return make ? make(view, detail) : null;
}

const RESULT = { go: goResult, abalone: abaloneResult, quoridor: quoridorResult, oust: oustResult };

/** The game-over breakdown of a finished game (each board's own), or null. */
export function resultTable(view) {
  const make = RESULT[view?.board?.kind || view?.game];
  return make && view?.status === "finished" ? make(view) : null;
}

const MARK = { go: goMark, abalone: abaloneMark, oust: oustMark };

/** The move list's word for a move that took `n` of the others' pieces ("captured 2"). */
export function takenMark(view, n) {
  const mark = MARK[view?.board?.kind || view?.game];
  return mark ? mark(n) : `×${n}`;
}

const REVIEW_EXTRAS = { go: { shade: (root, view, ply) => goOwnership(root, view, ply.ownership), text: (view, ply) => goScoreText(view, ply.score) } };

/** Draw a review's extras of the position after `ply` (a review document's ply) over the
 * board drawn in `root` (Go: the ownership estimate); returns their words ("" for none). */
export function reviewExtras(root, view, ply) {
  const extras = REVIEW_EXTRAS[view?.board?.kind || view?.game];
  if (!extras || !ply) return "";
  extras.shade(root, view, ply);
  return extras.text(view, ply);
}
