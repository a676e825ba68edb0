// Side panels shared by the game and replay pages: players and the move list.

import { seatCounter } from "./boards/index.js";
import { clockText } from "./clock.js";
import { seatName, seatPaint } from "./palette.js";
import { fill, html } from "./svg.js";

/** Fill the players list: colour, name, counters, clock, whose turn, connection. */
export function renderSeats(list, view, { you = [], elapsed = 0 } = {}) {
  const items = [];
  for (let seat = 0; seat < view.players; seat++) {
    const info = view.seats?.[seat] || {};
    const paint = seatPaint(view, seat);
    const toMove = view.status === "playing" && view.to_move === seat;
    const kind = info.kind === "computer" ? `computer, level ${info.level}` : info.claimed === false ? "open seat" : "person";
    items.push(
      html("li", { class: `seat${toMove ? " to-move" : ""}`, "data-seat": seat }, [
        html("span", { class: "swatch", style: `background:${paint.fill};border-color:${paint.stroke}`, "aria-hidden": "true" }),
        html("span", { class: "seat-name" }, [
          seatName(view, seat),
          you.includes(seat) ? html("strong", { text: " (you)" }) : null,
        ]),
        html("span", { class: "seat-kind small", text: kind + (info.kind === "person" && info.claimed && info.connected === false && !you.includes(seat) ? ", away" : "") }),
        html("span", { class: "seat-counter small", text: seatCounter(view, seat) }),
        html("span", { class: "clock", "data-clock-seat": seat, text: clockText(view.clock, seat, elapsed) }),
        toMove ? html("span", { class: "turn", text: "to move" }) : null,
      ]),
    );
  }
  fill(list, items);
}

/** Update only the clock texts (called a few times a second). */
export function tickClocks(list, view, elapsed) {
  for (const node of list.querySelectorAll("[data-clock-seat]")) {
    node.textContent = clockText(view.clock, Number(node.dataset.clockSeat), elapsed);
  }
}

/** Fill the move list; `current` marks a ply (the replay position), `onPick(ply)` makes items clickable. */
export function renderMoves(list, view, { current = null, onPick = null } = {}) {
  const items = (view.moves || []).map((m, i) => {
    const paint = seatPaint(view, m.seat);
    const ply = i + 1;
    const body = [
      html("span", { class: "swatch small-swatch", style: `background:${paint.fill};border-color:${paint.stroke}`, "aria-hidden": "true" }),
      html("span", { class: "move-text", text: m.move }),
    ];
    const item = html("li", { class: ply === current ? "current" : "", "data-ply": ply, title: `${seatName(view, m.seat)}: ${m.move}` },
      onPick ? [html("button", { type: "button", class: "link", onclick: () => onPick(ply) }, body)] : body);
    return item;
  });
  fill(list, items);
  const mark = list.querySelector(".current") || list.lastElementChild;
  if (mark && typeof mark.scrollIntoView === "function") mark.scrollIntoView({ block: "nearest" });
}
