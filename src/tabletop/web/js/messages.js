// What the game page tells a player in words beyond the board: why a click on the
// board does nothing, the result naming people and colours, and "move again".

import { language, t, tn } from "./i18n.js";
import { seatName } from "./palette.js";

/** The words (one place, for translation). */
export const TEXT = {
  notYourTurn: (who) => t("It is {who}'s turn – wait for their move.", { who }),
  watching: (who) => t("You are watching – {who} is to move.", { who }),
  watchingOver: t("You are watching this game."),
  lookingBack: t("You are looking at an earlier position – go back to the game to play."),
  over: t("The game is over."),
  waiting: t("The game starts when every seat is taken."),
  scoring: t("Play has ended: mark dead stones or resume play."),
  moveAgain: t("You captured – move again"),
  movesAgain: (who) => t("{who} captured and moves again", { who }),
  wins: (names, count, why) => tn("{names} wins {why}", "{names} win {why}", count, { names, why }).trim(),
  and: (list) => new Intl.ListFormat(language, { type: "conjunction" }).format(list),
  byPoints: (n) => tn("by {n} point", "by {n} points", n),
  reason: {
    resignation: t("by resignation"),
    timeout: t("on time"),
    "six-ejected": t("by pushing off six marbles"),
    "goal-reached": t("by reaching the goal"),
    "all-captured": t("by capturing every enemy stone"),
    "no-placements": t("as nobody can place a stone"),
    "max-plies": t("at the move limit"),
  },
  jigo: t("Jigo: the game is a draw"),
  cycle: t("No result: a whole-board position repeated three times"),
  draw: {
    "max-plies": t("Draw: the move limit was reached"),
    repetition: t("Draw: a position kept coming back (a stand-off)"),
    other: t("Draw: nobody wins"),
  },
  players: (n) => tn("{n} player", "{n} players", n),
  hex: (n) => t("hex {n}", { n }),
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
 * time"); a draw by its reason. */
export function resultSentence(view, outcome = view.outcome) {
  if (!outcome) return "";
  const winners = outcome.winners || [];
  const margin = outcome.detail?.margin;
  if (!winners.length) {
    if (outcome.reason === "score" && typeof margin === "number") return TEXT.jigo;
    if (outcome.reason === "cycle") return TEXT.cycle;
    return TEXT.draw[outcome.reason] || TEXT.draw.other;
  }
  const why = outcome.reason === "score" && typeof margin === "number" ? TEXT.byPoints(Math.abs(margin)) : TEXT.reason[outcome.reason] ?? "";
  return TEXT.wins(TEXT.and(winners.map((s) => seatName(view, s))), winners.length, why);
}

/** The score proposed while dead stones are marked, as a result sentence. */
export function scoreSentence(view) {
  const score = view.scoring?.score;
  return score ? resultSentence(view, score) : "";
}

/** The server's few words on a game's variant ("9×9", "hex 5", "3 players"), translated. */
export function serverWords(summary) {
  if (!summary) return "";
  let m = /^(\d+) players$/.exec(summary);
  if (m) return TEXT.players(Number(m[1]));
  m = /^hex (\d+)$/.exec(summary);
  if (m) return TEXT.hex(Number(m[1]));
  return t(summary);
}

/** "move again" after a move that lets its player move again (an Oust capture): the
 * last move's seat is the seat to move. */
export function againText(view, you) {
  const last = view.moves?.at(-1);
  if (view.status !== "playing" || !last || last.seat !== view.to_move) return "";
  return you.includes(last.seat) ? TEXT.moveAgain : TEXT.movesAgain(seatName(view, last.seat));
}
