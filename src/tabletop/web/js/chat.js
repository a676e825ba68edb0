// The game's chat: the players' (read by the players) or the spectators' (read by the
// spectators), whichever side this page is on. Every line is shown as text (textContent),
// never as HTML: a line is whatever another person typed (decision record 0148).

import { formatTime, t } from "./i18n.js";
import { fill, html } from "./svg.js";

/** The words of the chat (one place, for translation). */
const TEXT = {
  players: t("Players' chat: only the players read it."),
  spectators: t("Spectators' chat: only spectators read it; the players do not see it."),
  muted: t("You have muted the other players: you see only your own lines."),
  spectator: t("Spectator"),
  said: (who, time) => t("{who}, {time}", { who, time }),
};

/** The chat panel of a game page. */
export class Chat {
  /** `send(message)`: to the server over the page's connection (false when not connected);
   * `seatName(seat)`: the name shown for a seat's line without a name. */
  constructor({ send, seatName }) {
    this.send = send;
    this.seatName = seatName;
    this.lines = [];
    this.last = 0; // the number of the newest line shown
    this.muted = false;
    this.player = null; // drawn for the first view either way
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("chat-text");
      if (!input.value.trim()) return;
      if (this.send({ type: "chat", text: input.value })) input.value = "";
    });
    $("chat-mute").addEventListener("change", (event) => {
      this.send({ type: "chat-mute", mute: event.target.checked });
    });
  }

  /** The lines so far, from the server when the page (re)connects or hears again. */
  reset(message) {
    this.lines = message.lines || [];
    this.last = this.lines.length ? this.lines.at(-1).seq : this.last;
    this.muted = Boolean(message.muted);
    this.error("");
    this.draw();
  }

  /** A chat event (seq and event): a line with its words joins the list; a mute of this
   * page's seat is noted; a line of the other side (no words) is only counted. */
  receive(seq, event) {
    if (event.kind === "chat-mute" && event.mute !== undefined) {
      this.muted = event.mute;
      this.draw();
      return;
    }
    if (event.kind !== "chat" || typeof event.text !== "string" || seq <= this.last) return;
    this.lines.push({ seq, seat: event.seat, name: event.name, text: event.text, at: event.at });
    this.last = seq;
    this.draw();
  }

  /** A refusal of a line (too long, too fast...), under the chat's form. */
  error(text) {
    $("chat-error").textContent = text;
  }

  /** After each view: shown when the game has chat (two or more people), on this page's side. */
  show(view, player) {
    const people = (view.seats || []).filter((s) => s.kind === "person").length;
    $("chat").hidden = people < 2;
    if (this.player !== player) {
      this.player = player;
      this.draw();
    }
  }

  draw() {
    $("chat-side").textContent = this.player ? (this.muted ? TEXT.muted : TEXT.players) : TEXT.spectators;
    $("chat-mute").checked = this.muted;
    $("chat-mute-label").hidden = !this.player;
    const list = $("chat-lines");
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
    fill(
      list,
      this.lines.map((line) => {
        const who = line.name || (line.seat === null || line.seat === undefined ? TEXT.spectator : this.seatName(line.seat));
        return html("li", { class: "chat-line", "data-seq": line.seq }, [
          html("span", { class: "chat-who", text: TEXT.said(who, formatTime(line.at)) }),
          html("span", { class: "chat-text", text: line.text }),
        ]);
      }),
    );
    if (atEnd) list.scrollTop = list.scrollHeight;
  }
}

function $(id) {
  return document.getElementById(id);
}
