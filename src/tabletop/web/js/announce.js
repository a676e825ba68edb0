// Moves and captures said to screen readers: a polite live region that gets one
// sentence per new move ("Black (Ann) played D4. White (computer 3): captures 2").

import { seatCounter } from "./boards/index.js";
import { seatName } from "./palette.js";
import { t } from "./i18n.js";
import { moveWords } from "./move-words.js";

/** The sentences (one place, for translation). */
const TEXT = {
  played: (who, move) => t("{who} played {move}.", { who, move }),
  counter: (who, text) => t("{who}: {text}.", { who, text }),
};

function region() {
  let node = document.getElementById("announce");
  if (!node) {
    node = document.createElement("p");
    node.id = "announce";
    node.className = "sr-only";
    node.setAttribute("aria-live", "polite");
    node.setAttribute("aria-atomic", "true");
    document.body.appendChild(node);
  }
  return node;
}

/** The sentence for the change from view `before` to view `after`, or "" when no move was made. */
export function describeChange(before, after) {
  if (!before || !after) return "";
  const moves = after.moves || [];
  if (moves.length <= (before.moves || []).length) return "";
  const last = moves[moves.length - 1];
  const parts = [TEXT.played(seatName(after, last.seat), moveWords(last.move))];
  for (let seat = 0; seat < (after.players || 0); seat++) {
    const now = seatCounter(after, seat);
    if (now && now !== seatCounter(before, seat)) parts.push(TEXT.counter(seatName(after, seat), now));
  }
  return parts.join(" ");
}

/** Say `text` to screen readers (the board's keyboard help, a wall moved by keyboard). */
export function say(text) {
  region().textContent = text;
}

/** Tell screen readers about the move between two views (nothing when there is none). */
export function announceMove(before, after) {
  const text = describeChange(before, after);
  if (text) region().textContent = text;
}
