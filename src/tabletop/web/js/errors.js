// The server's refusals in the player's language: worded here from the error's `code`
// (docs/protocol.md, server/protocol.py ERROR_STATUS), never from the server's English
// `message`. An English page shows the server's message where it says more than the code
// (which option was out of range, which move was illegal); other languages get the code's
// own sentence, which is always true if less precise.

import { language, t } from "./i18n.js";

/** One sentence per error code (one place, for translation). */
export const TEXT = {
  "bad-request": t("That was not accepted: check what you entered."),
  "bad-message": t("The server did not understand that message."),
  "unknown-type": t("The server did not understand that message."),
  "bad-token": t("This link holds no seat of this game – you are watching."),
  "invite-used": t("This invite link has been used already – you are watching."),
  "seat-moved": t("Your seat is now played from another device – this screen watches."),
  spectator: t("You are watching: spectators cannot play."),
  "computer-seat": t("That seat is played by the computer."),
  "unknown-game": t("There is no game at this address – start one from the home page."),
  "not-found": t("Not found."),
  "method-not-allowed": t("That is not possible here."),
  "not-your-turn": t("It is not your turn."),
  "illegal-move": t("That move is not allowed here."),
  "seat-taken": t("That seat is taken already."),
  "game-over": t("The game is over."),
  stale: t("The game changed meanwhile – try again."),
  waiting: t("The game starts when every seat is taken."),
  scoring: t("Play has ended: mark dead stones or resume play."),
  busy: t("The server is busy – try again in a moment."),
  superseded: t("This game was opened in another tab – this one stopped."),
  "no-hint": t("Hints are given only in games against the computer."),
  "hint-failed": t("No hint could be worked out – ask again."),
  "too-large": t("That file is too large."),
  "rate-limited": t("Too many requests – wait a moment and try again."),
  network: t("The server cannot be reached – check your connection."),
  http: t("The server could not answer – try again."),
  other: t("Something went wrong – try again."),
};

/** Codes whose English message names the detail (the option, the move, the limit). */
const DETAILED = new Set(["bad-request", "illegal-move", "not-your-turn", "seat-taken", "too-large"]);

/** The words for an error: an ApiError, or a WebSocket error frame ({code, message}). */
export function errorText(error) {
  const code = error?.code || "other";
  const message = typeof error?.message === "string" ? error.message : "";
  if (language === "en" && message && (DETAILED.has(code) || !(code in TEXT))) return message;
  return TEXT[code] || TEXT.other;
}
