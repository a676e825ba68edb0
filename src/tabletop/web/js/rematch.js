// After the game: Rematch (offer, or accept the other side's offer), New game, Review.
// The server makes the rematch once every person asked, and sends each of this
// browser's seats its seat and token there (a `rematch` frame, docs/protocol.md):
// the tokens are kept and the page moves to the new game.

import { storeToken } from "./api.js";
import { seatName } from "./palette.js";
import { fill, html } from "./svg.js";
import { t } from "./i18n.js";

/** The words of the rematch box (one place, for translation). */
export const TEXT = {
  rematch: t("Rematch"),
  accept: t("Accept rematch"),
  offered: (who) => t("{who} offers a rematch with sides swapped.", { who }),
  waiting: (who) => t("Rematch offered – waiting for {who}.", { who }),
  started: t("The rematch has started."),
  watchIt: t("Watch the rematch"),
  newGame: t("New game"),
  review: t("Review the game"),
  computerReview: t("Computer review"),
};

export class Rematch {
  /** `send(seat)`: ask for this browser's seat; `heldSeats()`: the seats it holds. */
  constructor({ send, heldSeats }) {
    this.send = send;
    this.heldSeats = heldSeats;
    this.places = new Map(); // seat here -> {game, seat, token}
  }

  /** A `rematch` frame for one of this browser's seats: keep its token; once every seat
   * held here has its place, go to the new game. */
  receive(ownSeat, frame) {
    storeToken(frame.game, frame.seat, frame.token);
    this.places.set(ownSeat, frame);
    if (this.heldSeats().every((s) => this.places.has(s))) {
      location.href = `/game/${encodeURIComponent(frame.game)}`;
    }
  }

  /** Fill `box` with the rematch controls for the finished game `view`. */
  render(box, view, { reviewUrl }) {
    const held = this.heldSeats();
    const offers = view.rematch?.offers || [];
    const game = view.rematch?.game || null;
    const people = (view.seats || []).filter((s) => s.kind === "person").map((s) => s.seat);
    const mine = held.filter((s) => people.includes(s));
    const othersAsked = offers.filter((s) => !held.includes(s));
    const waitingFor = people.filter((s) => !offers.includes(s) && !held.includes(s));
    const items = [];
    if (game) {
      items.push(html("p", { text: TEXT.started }));
      if (!mine.length) items.push(html("a", { href: `/game/${encodeURIComponent(game)}`, class: "button-link", text: TEXT.watchIt }));
    } else if (mine.length) {
      const asked = mine.every((s) => offers.includes(s));
      if (othersAsked.length && !asked) {
        items.push(html("p", { class: "rematch-offer", text: TEXT.offered(othersAsked.map((s) => seatName(view, s)).join(", ")) }));
      }
      if (asked) {
        items.push(html("p", { class: "rematch-wait", text: TEXT.waiting(waitingFor.map((s) => seatName(view, s)).join(", ")) }));
      } else {
        items.push(html("button", {
          type: "button",
          id: "rematch-btn",
          text: othersAsked.length ? TEXT.accept : TEXT.rematch,
          onclick: () => mine.filter((s) => !offers.includes(s)).forEach((s) => this.send(s)),
        }));
      }
    }
    items.push(html("a", { href: "/", class: "button-link", id: "new-game-link", text: TEXT.newGame }));
    items.push(html("a", { href: reviewUrl, class: "button-link", id: "replay-link", text: TEXT.review }));
    items.push(html("a", { href: `/review/${encodeURIComponent(view.id)}`, class: "button-link", id: "review-link", text: TEXT.computerReview }));
    fill(box, items);
  }
}
