// Telling a player it is their turn when they look elsewhere: the tab title, a sound;
// and a clock under 10 seconds turns red and sounds once.

import { clockText, remaining } from "./clock.js";
import { play } from "./sound.js";
import { t } from "./i18n.js";

/** The words of the tab title (one place, for translation). */
export const TEXT = {
  yourMove: t("● Your move – tabletop"),
  title: (game) => t("{game} – tabletop", { game: t(game) }),
  // A correspondence game, looked at once a day: whose turn and the time left.
  yourMoveLeft: (left) => t("● Your move, {left} left – tabletop", { left }),
  toMoveLeft: (who, left, game) => t("{who} to move, {left} left – {game} – tabletop", { who, left, game: t(game) }),
};

/** The tab title: your move, or the game; in a correspondence game also whose turn it is
 * and the time left in days and hours. */
export function titleOf(view, myTurn, who, elapsed) {
  if (view.status === "playing" && view.clock?.kind === "correspondence") {
    const left = clockText(view.clock, view.to_move, elapsed);
    if (left) return myTurn ? TEXT.yourMoveLeft(left) : TEXT.toMoveLeft(who, left, view.title);
  }
  return myTurn ? TEXT.yourMove : TEXT.title(view.title);
}

/** Seconds left under which a clock is low. */
export const LOW_TIME = 10;

export class TurnAlerts {
  constructor() {
    this.wasMyTurn = false;
    this.low = new Set(); // seats whose low-time sound has played since their clock started
    this.myTurn = false;
    this.who = ""; // the name of the seat to move
  }

  /** After each view: the tab title, and the "your turn" sound when the turn just came. */
  update(view, myTurn, who = "") {
    this.who = who;
    this.myTurn = myTurn;
    document.title = titleOf(view, myTurn, who, 0);
    if (myTurn && !this.wasMyTurn && view.ply > 0) play("turn");
    this.wasMyTurn = myTurn;
  }

  /** A few times a second: mark the clocks under LOW_TIME red; sound once for a seat
   * of this browser's whose clock is running low. */
  tick(list, view, elapsed, you) {
    if (view.clock?.kind === "correspondence") document.title = titleOf(view, this.myTurn, this.who, elapsed);
    for (const node of list.querySelectorAll("[data-clock-seat]")) {
      const seat = Number(node.dataset.clockSeat);
      const left = remaining(view.clock, seat, elapsed);
      const low = left !== null && left < LOW_TIME && view.status === "playing" && view.clock?.running === seat;
      node.classList.toggle("low-time", low);
      if (!low) this.low.delete(seat);
      else if (!this.low.has(seat) && you.includes(seat)) {
        this.low.add(seat);
        play("low");
      }
    }
  }
}
