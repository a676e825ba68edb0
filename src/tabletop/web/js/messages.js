// What the game page tells a player in words beyond the board: why a click on the
// board does nothing, the result naming people and colours, and "move again".

import { seatName } from "./palette.js";

/** The words (one place, for translation). */
export const TEXT = {
  notYourTurn: (who) => `It is ${who}'s turn – wait for their move.`,
  watching: (who) => `You are watching – ${who} is to move.`,
  watchingOver: "You are watching this game.",
  lookingBack: "You are looking at an earlier position – go back to the game to play.",
  over: "The game is over.",
  waiting: "The game starts when every seat is taken.",
  scoring: "Play has ended: mark dead stones or resume play.",
  moveAgain: "You captured – move again",
  movesAgain: (who) => `${who} captured and moves again`,
  wins: (names, why) => `${names} ${why}`.trim(),
  and: (list) => (list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`),
  verb: (n) => (n === 1 ? "wins" : "win"),
  byPoints: (n) => `by ${n} point${n === 1 ? "" : "s"}`,
  reason: {
    resignation: "by resignation",
    timeout: "on time",
    "six-ejected": "by pushing off six marbles",
    "goal-reached": "by reaching the goal",
    "all-captured": "by capturing every enemy stone",
    "no-placements": "as nobody can place a stone",
    "max-plies": "at the move limit",
  },
};

/** Why a click on the board does nothing now (null: it does something). */
export function whyNoMove(view, { you, lookingBack, myTurn }) {
  if (lookingBack) return TEXT.lookingBack;
  if (myTurn) return null;
  if (view.status === "finished") return you.length ? TEXT.over : TEXT.watchingOver;
  if (view.status === "waiting") return TEXT.waiting;
  if (view.status === "scoring") return you.length ? null : TEXT.watchingOver;
  const who = seatName(view, view.to_move);
  return you.length ? TEXT.notYourTurn(who) : TEXT.watching(who);
}

/** The result as a sentence naming the winners by colour and name ("Black (Ann) wins on
 * time"); the server's sentence for draws and anything this table does not know. */
export function resultSentence(view) {
  const outcome = view.outcome;
  if (!outcome) return "";
  const winners = outcome.winners || [];
  if (!winners.length) return outcome.text;
  const margin = outcome.detail?.margin;
  const why = outcome.reason === "score" && typeof margin === "number" ? TEXT.byPoints(Math.abs(margin)) : TEXT.reason[outcome.reason];
  if (why === undefined) return outcome.text;
  return TEXT.wins(`${TEXT.and(winners.map((s) => seatName(view, s)))} ${TEXT.verb(winners.length)}`, why);
}

/** "move again" after a move that lets its player move again (an Oust capture): the
 * last move's seat is the seat to move. */
export function againText(view, you) {
  const last = view.moves?.at(-1);
  if (view.status !== "playing" || !last || last.seat !== view.to_move) return "";
  return you.includes(last.seat) ? TEXT.moveAgain : TEXT.movesAgain(seatName(view, last.seat));
}
