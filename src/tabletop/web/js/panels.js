// Side panels shared by the game and replay pages: players and the move list.

import { seatCounter, takenMark } from "./boards/index.js";
import { clockText } from "./clock.js";
import { seatName, seatPaint } from "./palette.js";
import { t } from "./i18n.js";
import { moveWords } from "./move-words.js";
import { fill, html } from "./svg.js";

/** The words of the move list's marks (one place, for translation). */
const TEXT = {
  again: t("moves again"),
  computer: (level) => t("computer, level {level}", { level }),
  openSeat: t("open seat"),
  person: t("person"),
  away: t(", away"),
  you: t(" (you)"),
  toMove: t("to move"),
};

/** Fill the players list: colour, name, counters, clock, whose turn, connection. */
export function renderSeats(list, view, { you = [], elapsed = 0 } = {}) {
  const items = [];
  for (let seat = 0; seat < view.players; seat++) {
    const info = view.seats?.[seat] || {};
    const paint = seatPaint(view, seat);
    const toMove = view.status === "playing" && view.to_move === seat;
    const kind = info.kind === "computer" ? TEXT.computer(info.level) : info.claimed === false ? TEXT.openSeat : TEXT.person;
    items.push(
      html("li", { class: `seat${toMove ? " to-move" : ""}`, "data-seat": seat }, [
        html("span", { class: "swatch", style: `background:${paint.fill};border-color:${paint.stroke}`, "aria-hidden": "true" }),
        html("span", { class: "seat-name" }, [
          seatName(view, seat),
          you.includes(seat) ? html("strong", { text: TEXT.you }) : null,
        ]),
        html("span", { class: "seat-kind small", text: kind + (info.kind === "person" && info.claimed && info.connected === false && !you.includes(seat) ? TEXT.away : "") }),
        html("span", { class: "seat-counter small", text: seatCounter(view, seat) }),
        html("span", { class: "clock", "data-clock-seat": seat, text: clockText(view.clock, seat, elapsed) }),
        toMove ? html("span", { class: "turn", text: TEXT.toMove }) : null,
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

/** Fill the move list; `current` marks a ply (the position shown), `onPick(ply)` makes items
 * clickable. A move that took pieces says so, and one after which the same seat moves
 * again (an Oust capture) says that. */
export function renderMoves(list, view, { current = null, onPick = null } = {}) {
  const moves = view.moves || [];
  // A live game's list changes at its end only (a delta keeps the earlier move objects):
  // keep the items of the moves still there, so a long game does not redraw them all.
  let kept = 0;
  const names = JSON.stringify((view.seats || []).map((s) => [s.name, s.colour]));
  if (list._moves && list._names === names && list._current === current && list._picking === Boolean(onPick)) {
    const before = list._moves;
    kept = Math.min(before.length, moves.length, list.children.length);
    while (kept > 0 && before[kept - 1] !== moves[kept - 1]) kept--;
    kept = Math.max(0, kept - 1); // the last one may earn its "moves again" now
  }
  while (list.children.length > kept) list.lastElementChild.remove();
  for (let i = kept; i < moves.length; i++) list.append(moveItem(view, moves, i, current, onPick));
  list._moves = moves;
  list._names = names; // a seat renamed (a player replaced): every item's title changes
  list._current = current;
  list._picking = Boolean(onPick);
  const mark = list.querySelector(".current") || list.lastElementChild;
  if (kept < moves.length || current !== null) {
    // Scroll the list only, never the page (scrollIntoView would move a phone's page
    // down to the list at every move, away from the board).
    if (mark) scrollWithin(list, mark);
  }
}

/** Scroll `list` so that its item `item` shows. */
function scrollWithin(list, item) {
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
}

function moveItem(view, moves, index, current, onPick) {
  const m = moves[index];
  const ply = index + 1;
  const paint = seatPaint(view, m.seat);
  const again = m.seat !== null && moves[index + 1]?.seat === m.seat;
  const body = [
    html("span", { class: "swatch small-swatch", style: `background:${paint.fill};border-color:${paint.stroke}`, "aria-hidden": "true" }),
    html("span", { class: "move-text", text: moveWords(m.move) }),
    m.took ? html("span", { class: "move-mark took", text: takenMark(view, m.took) }) : null,
    again ? html("span", { class: "move-mark again", text: TEXT.again }) : null,
  ];
  const who = seatName(view, m.seat);
  return html("li", { class: ply === current ? "current" : "", "data-ply": ply, title: `${who}: ${moveWords(m.move)}` },
    onPick ? [html("button", { type: "button", class: "link", onclick: () => onPick(ply) }, body)] : body);
}
