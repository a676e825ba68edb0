// The moves that are not a place on the board ("pass", "swap") in the player's words.
// Their notation stays the canonical text form (typed, sent, recorded); only what a
// player reads is translated.

import { t } from "./i18n.js";

const WORDS = {
  pass: () => t("Pass"),
  swap: () => t("Swap"),
};

/** A move as a player reads it: a word for the special moves, else its notation. */
export function moveWords(move) {
  const word = WORDS[String(move).toLowerCase()];
  return word ? word() : String(move);
}
