// The game page: one WebSocket per seat this browser holds (the first drives the
// page; more than one only in one-screen play), the board, controls, clocks.

import { api, applyDelta, storedTokens, storeToken, forgetToken, playerName } from "./api.js";
import { askName } from "./ask-name.js";
import { boardPrompt, drawBoard, resultTable, scoreTable } from "./boards/index.js";
import { TurnAlerts } from "./alerts.js";
import { Chat } from "./chat.js";
import { Lookback } from "./lookback.js";
import { againText, resultSentence, scoreSentence, serverWords, whyNoMove } from "./messages.js";
import { seatName } from "./palette.js";
import { renderMoves, renderSeats, tickClocks } from "./panels.js";
import { Rematch } from "./rematch.js";
import { play as sound, wireMute } from "./sound.js";
import { html, fill } from "./svg.js";
import { errorText } from "./errors.js";
import { t, tn } from "./i18n.js";
import { moveWords } from "./move-words.js";
import { announceMove } from "./announce.js";
import { attachBoardKeys } from "./board-keys.js";
import { attachZoom, zoomOut } from "./board-zoom.js";
import { copyButton } from "./copy.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const params = new URLSearchParams(location.search);

/** The words this module adds for seats changing hands and the count (one place, for translation). */
const TEXT = {
  watching: t("you are watching"),
  seatChanged: (who) => t("{who} now plays from another device", { who }),
  handoverHelp: t("Open this link on the other device. It works once; this screen then only watches."),
  handoverFor: (who) => t("Link for {who}: ", { who }),
  deadPending: t("working out dead stones…"),
  deadProposed: t("dead stones proposed: check them, then accept"),
  lookingAt: (ply, total) => t("Looking at move {ply} of {total}", { ply, total }),
  watchers: (n) => tn("{n} spectator", "{n} spectators", n),
  connectionLost: t("Connection lost – reconnecting…"),
  notConnected: t("Not connected to the server – try again in a moment"),
  badInvite: t("This invite link is not valid for this game – you are watching"),
  hintMove: (move, chance) => t("{move} ({chance}% to win)", { move, chance }),
  hintMoveSearched: (move, chance, share) => t("{move} ({chance}% to win, {share}% of the search)", { move, chance, share }),
  hintChance: (win) => t("; you win about {win}% now", { win }),
  hint: (text, chance) => t("Hint: {moves}{chance}", { moves: text, chance }),
  noHint: t("No hint available"),
  noGame: t("There is no such game – start one from the home page"),
  events: {
    "undo-request": (who) => t("{who} asks to take back a move", { who }),
    "undo-declined": (who) => t("{who} refused the take-back", { who }),
    resign: (who) => t("{who} resigned", { who }),
    timeout: (who) => t("{who} ran out of time", { who }),
    joined: (who) => t("{who} joined", { who }),
    left: (who) => t("{who} left", { who }),
    replaced: (who) => t("{who} is now played by the computer", { who }),
    "clock-back": (who) => t("{who} got back the seconds lost while the server changed hands", { who }),
  },
  undoAsked: (who) => t("{who} asks to take back a move.", { who }),
  acceptedBy: (score, names) => t("{score} – accepted by {names}", { score, names }),
  playIt: (move) => t("Play {move}?", { move }),
  example: (move) => t("e.g. {move}", { move }),
  gameOver: t("Game over"),
  waitingPlayers: t("Waiting for players to join – share an invite link"),
  scoring: t("Scoring: mark dead stones, then accept (or resume play)"),
  toMove: (who) => t("{who} to move", { who }),
  yourMove: t("Your move"),
  watchingNow: (what) => t("Watching – {what}", { what }),
  event: (message, text) => t("{message}. {text}", { message, text }),
  inviteFor: (who) => t("Invite for {who}: ", { who }),
  takeSeat: (who) => t("Take the seat of {who}", { who }),
  resignAs: (who) => t("Resign the game as {who}?", { who }),
  thinking: t("Thinking…"),
  title: (title) => t("tabletop – {title}", { title }),
};

/** Error codes about a chat line: said under the chat's form. */
const CHAT_ERRORS = new Set(["bad-chat", "no-chat"]);

/** Error codes after which a connection's token holds no seat any more (it then watches). */
const RETIRED = new Set(["invite-used", "seat-moved"]);

const state = {
  view: null,
  seq: 0,
  receivedAt: performance.now(),
  you: [], // seats this browser holds
  sockets: new Map(), // seat (or "watch") -> Connection
  pending: null, // a move waiting for confirmation
  selection: [], // Abalone marbles selected
  hints: [],
  message: "",
  hintText: "",
  opened: new Set(), // tokens with a connection
  joinName: "", // the name an invite link claims its seat under (asked first)
  alerts: new TurnAlerts(),
};
state.lookback = new Lookback(gameId, { onChange: () => render(), onError: (text) => setError(text) });
state.chat = new Chat({
  send: (message) => primary()?.send(message) ?? false,
  seatName: (seat) => (state.view ? seatName(state.view, seat) : ""),
});
state.rematch = new Rematch({
  send: (seat) => socketFor(seat)?.send({ type: "rematch" }),
  heldSeats: () => state.you,
});

/** A WebSocket to the game that reconnects with `since` after a drop. */
class Connection {
  constructor(token, primary) {
    this.token = token;
    this.primary = primary;
    this.seat = null;
    this.retry = 500;
    this.closed = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams();
    if (this.token) query.set("token", this.token);
    if (state.seq > 0 && this.primary) query.set("since", String(state.seq));
    if (state.joinName && this.primary) query.set("name", state.joinName); // an invite's claim
    const qs = query.toString();
    this.reopening = false;
    this.ws = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}${qs ? `?${qs}` : ""}`);
    this.ws.onopen = () => {
      this.retry = 500;
      if (this.primary) setError("");
    };
    this.ws.onmessage = (event) => this.receive(event.data);
    this.ws.onclose = () => {
      if (this.closed) return;
      if (this.primary) setStatus(TEXT.connectionLost);
      setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  send(message) {
    if (this.ws.readyState !== WebSocket.OPEN) {
      setError(TEXT.notConnected);
      return false;
    }
    this.ws.send(JSON.stringify(message));
    return true;
  }

  receive(text) {
    if (this.reopening) return;
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.type === "watchers") {
      if (this.primary && state.view) {
        state.view = { ...state.view, watchers: msg.count };
        $("watchers").textContent = msg.count ? TEXT.watchers(msg.count) : "";
      }
      return;
    }
    if (msg.type === "chat") {
      if (this.primary) state.chat.reset(msg);
      return;
    }
    if (msg.type === "rematch") {
      if (this.seat !== null) state.rematch.receive(this.seat, msg);
      return;
    }
    if (msg.type === "seat") {
      // An invite or hand-over link claimed the seat: keep the seat's own new token instead
      // (the link now only watches) and take it out of the address bar.
      this.token = msg.token;
      state.opened.add(msg.token);
      const kept = storeToken(gameId, msg.seat, msg.token);
      dropAddressToken(kept ? null : msg.token);
      return;
    }
    if (msg.type === "snapshot") {
      if (msg.you !== null && msg.you !== undefined) {
        this.seat = msg.you;
        // Kept in this browser's storage, the token need not stay in the address bar.
        if (this.token && storeToken(gameId, msg.you, this.token) && this.primary) dropAddressToken(null);
        if (!state.you.includes(msg.you)) state.you.push(msg.you);
        state.sockets.set(msg.you, this);
      } else if (this.token && this.primary) {
        setError(TEXT.badInvite);
      }
      if (this.primary) {
        state.seq = msg.seq;
        showView(msg.game);
        openOtherSeats();
      }
    } else if (msg.type === "event") {
      if (!this.primary || msg.seq <= state.seq) return;
      if (msg.seq !== state.seq + 1 || state.view === null) {
        this.ws.close(); // a frame is missing: reconnect, and catch up from state.seq
        return;
      }
      state.seq = msg.seq;
      if (msg.event?.kind === "chat" || msg.event?.kind === "chat-mute") {
        // A chat line (or only its number) changes nothing of the game shown.
        state.chat.receive(msg.seq, msg.event);
        if (msg.delta) {
          state.view = applyDelta(state.view, msg.delta); // the clock as of now
          state.receivedAt = performance.now();
          render();
        }
        return;
      }
      state.hints = [];
      state.hintText = "";
      setError(""); // what was said about the position before is stale now
      // The view's change rides on the last event of an action; events caught up
      // after a reconnect have none (the snapshot after them brings the view).
      const view = msg.delta ? applyDelta(state.view, msg.delta) : state.view;
      describeEvent(msg.event, view);
      if (msg.delta) showView(view);
    } else if (msg.type === "hint") {
      state.hints = msg.moves || [];
      // Each move's chance to win; a search with visits also says how much it looked at it
      // (alpha-beta has none to share).
      const pct = (x) => Math.round((x ?? 0) * 100);
      const text = state.hints
        .slice(0, 3)
        .map((h) => (h.visits ? TEXT.hintMoveSearched(h.move, pct(h.chance), pct(h.share)) : TEXT.hintMove(h.move, pct(h.chance))))
        .join(", ");
      const win = msg.wins?.[state.view?.to_move];
      const chance = typeof win === "number" ? TEXT.hintChance(pct(win)) : "";
      state.hintText = text ? TEXT.hint(text, chance) : TEXT.noHint;
      render();
    } else if (msg.type === "error" && RETIRED.has(msg.code)) {
      this.loseSeat(errorText(msg));
    } else if (msg.type === "error" && (CHAT_ERRORS.has(msg.code) || msg.params?.reason === "chat-flood")) {
      state.chat.error(errorText(msg));
    } else if (msg.type === "error") {
      setError(errorText(msg));
      if (msg.code === "unknown-game") {
        this.closed = true;
        setStatus(TEXT.noGame);
      }
      if (msg.code === "bad-token" && !this.primary) {
        this.closed = true; // a stale stored token: nothing to act for
        return;
      }
      if (msg.code === "bad-token" && this.token && this.seat === null) {
        // A wrong or stale invite link: keep watching without it.
        this.token = null;
        setError(errorText(msg));
      }
      state.pending = null;
      render();
    }
  }

  /** This connection's token holds no seat any more: forget it, watch (or try a stored one). */
  loseSeat(message) {
    const lost = this.token;
    if (this.seat !== null) {
      state.you = state.you.filter((s) => s !== this.seat);
      if (state.sockets.get(this.seat) === this) state.sockets.delete(this.seat);
    }
    forgetToken(gameId, lost);
    dropAddressToken(null);
    this.token = null;
    this.seat = null;
    state.pending = null;
    state.handover = new Map();
    setError(message || TEXT.watching);
    if (!this.primary) {
      this.closed = true;
      this.ws.close();
      render();
      return;
    }
    // An old link opened in a browser that holds this game's seat already: use its token.
    const stored = Object.values(storedTokens(gameId)).find((t) => t !== lost && !state.opened.has(t));
    if (stored) {
      this.token = stored;
      state.opened.add(stored);
      this.reopening = true; // what the old socket still sends is not for this token
      this.ws.close(); // reopens with the stored token
    }
    render();
  }
}

/** Take the token out of the address bar (or put `token` there when storage failed). */
function dropAddressToken(token) {
  const url = new URL(location.href);
  if (!url.searchParams.has("token") && !token) return;
  if (token) url.searchParams.set("token", token);
  else url.searchParams.delete("token");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}

/** Open a connection for every other seat this browser holds a token for (one-screen play). */
function openOtherSeats() {
  for (const token of Object.values(storedTokens(gameId))) {
    if (!state.opened.has(token)) {
      state.opened.add(token);
      new Connection(token, false);
    }
  }
}

function primary() {
  return state.primaryConnection;
}

/** The connection to act for `seat`, else the page's own one (the server then refuses). */
function socketFor(seat) {
  return state.sockets.get(seat) || primary();
}

function setStatus(text) {
  $("status").textContent = text;
}

function setError(text) {
  $("error").textContent = text;
}

function describeEvent(event, view) {
  if (!event) return;
  const who = event.seat !== undefined && event.seat !== null ? seatName(view, event.seat) : "";
  const words = {
    ...Object.fromEntries(Object.entries(TEXT.events).map(([kind, say]) => [kind, say(who)])),
    "seat-changed": TEXT.seatChanged(who),
    proposal: TEXT.deadProposed,
  }[event.kind];
  if (event.kind === "move") sound(view.moves?.at(-1)?.took ? "capture" : "move");
  if (words) state.message = words;
  else state.message = "";
}

function showView(view) {
  const first = state.view === null;
  announceMove(state.view, view);
  zoomOut();
  state.view = view;
  state.receivedAt = performance.now();
  state.pending = null;
  state.selection = [];
  if (first) document.title = TEXT.title(t(view.title));
  document.body.dataset.game = view.game; // the page's "Rules" link (rules-links.js)
  $("title").textContent = `${t(view.title)} ${serverWords(view.summary)}`.trim();
  render();
}

function myTurn() {
  const v = state.view;
  return v && v.status === "playing" && state.you.includes(v.to_move);
}

function propose(move) {
  setError("");
  if ($("confirm-moves").checked) {
    state.pending = move;
    render();
    return;
  }
  sendMove(move);
}

function sendMove(move) {
  const v = state.view;
  state.pending = null;
  state.selection = [];
  socketFor(v.to_move)?.send({ type: "move", move, ply: v.ply });
  render();
}

function render() {
  const v = state.view;
  if (!v) return;
  const look = state.lookback;
  // Looking back shows the past position (once it came) and plays nothing.
  const shown = look.active && look.view ? look.view : v;
  const interactive = myTurn() && !look.active;
  const scoring = v.status === "scoring" && state.you.length > 0 && !look.active;
  drawBoard($("board"), {
    view: shown,
    interactive,
    scoring,
    showLegal: $("show-legal").checked,
    hints: state.hints,
    pending: state.pending,
    selection: state.selection,
    onMove: propose,
    onSelect: (selection) => {
      state.selection = selection;
      render();
    },
    onPoint: (point) => socketFor(state.you[0])?.send({ type: "dead-toggle", point }),
    onMessage: setError,
  });
  $("board").classList.toggle("interactive", interactive);
  document.body.classList.toggle("spectator", state.you.length === 0);
  document.body.classList.toggle("game-over", v.status === "finished"); // style.css hides the play controls
  renderSeats($("seats"), v, { you: state.you, elapsed: elapsed() });
  renderMoves($("moves"), v, { current: look.ply, onPick: (ply) => look.show(ply, v) });
  $("lookback").hidden = !look.active;
  if (look.active) $("lookback-text").textContent = TEXT.lookingAt(look.ply, v.moves.length);
  $("watchers").textContent = v.watchers ? TEXT.watchers(v.watchers) : "";
  state.chat.show(v, state.you.length > 0);
  state.alerts.update(v, myTurn(), v.to_move === null || v.to_move === undefined ? "" : seatName(v, v.to_move)); // your move even while looking back
  renderControls(v, interactive);
  renderStatus(v, interactive);
  renderInvites(v);
  renderHandover(v);
  renderOutcome(v);
}

function renderControls(v, interactive) {
  const legal = new Set((v.legal || []).map((m) => String(m).toLowerCase()));
  const playing = v.status === "playing";
  const mine = state.you.length > 0;
  const hasComputer = (v.seats || []).some((s) => s.kind === "computer");
  $("pass-btn").hidden = !(v.pass_move || legal.has("pass"));
  $("pass-btn").disabled = !(interactive && legal.has("pass"));
  $("resign-btn").disabled = !(mine && (playing || v.status === "scoring"));
  $("undo-btn").disabled = !(mine && playing && v.ply > 0);
  $("hint-btn").hidden = !hasComputer;
  $("hint-btn").disabled = !(interactive && hasComputer);
  const specials = (v.legal || []).filter((m) => interactive && !/^[a-z]\d+/i.test(m) && String(m).toLowerCase() !== "pass");
  fill($("special-moves"), specials.map((m) => html("button", { type: "button", onclick: () => propose(m), text: moveWords(m) })));
  $("notation").disabled = !mine || !playing;
  $("notation").placeholder = v.legal?.[0] ? TEXT.example(v.legal[0]) : "";

  const request = v.undo_request;
  const requester = request && typeof request === "object" ? request.seat : request;
  const agreed = request?.accepted || [];
  const answerable = request !== null && request !== undefined && state.you.some((s) => s !== requester && !agreed.includes(s));
  $("undo-answer").hidden = !answerable;
  if (answerable) $("undo-text").textContent = TEXT.undoAsked(seatName(v, requester));

  const scoringBox = $("scoring");
  scoringBox.hidden = v.status !== "scoring";
  if (v.status === "scoring") {
    const accepted = v.scoring?.accepted || [];
    // The proposal is worked out on the server after the two passes: accepting waits for it.
    const pending = Boolean(v.scoring?.pending);
    $("score-text").textContent = pending
      ? TEXT.deadPending
      : accepted.length
        ? TEXT.acceptedBy(scoreSentence(v), accepted.map((s) => seatName(v, s)).join(", "))
        : scoreSentence(v);
    $("scoring").classList.toggle("pending", pending);
    $("accept-btn").disabled = pending || !state.you.some((s) => !accepted.includes(s));
    $("resume-btn").disabled = !mine;
    fill($("score-detail"), [scoreTable(v, v.scoring?.detail)]);
  }

  const bar = $("confirm-bar");
  bar.hidden = state.pending === null;
  if (state.pending !== null) $("confirm-text").textContent = TEXT.playIt(state.pending);
}

function renderStatus(v, interactive) {
  let text;
  if (v.status === "finished") text = resultSentence(v) || TEXT.gameOver;
  else if (v.status === "waiting") text = TEXT.waitingPlayers;
  else if (v.status === "scoring") text = TEXT.scoring;
  else if (interactive) {
    text = againText(v, state.you) || (state.you.length > 1 ? TEXT.toMove(seatName(v, v.to_move)) : TEXT.yourMove);
    text += boardPrompt(v, state.selection);
  } else if (state.you.length === 0) text = TEXT.watchingNow(againText(v, state.you) || TEXT.toMove(seatName(v, v.to_move)));
  else text = againText(v, state.you) || TEXT.toMove(seatName(v, v.to_move));
  if (state.message) text = TEXT.event(state.message, text);
  if (state.hintText && interactive) text = state.hintText;
  setStatus(text);
}

function renderInvites(v) {
  let invites = [];
  try {
    invites = JSON.parse(localStorage.getItem(`tabletop.invites.${gameId}`) || "[]");
  } catch {
    invites = [];
  }
  const openSeats = (v.seats || []).filter((s) => s.kind === "person" && !s.claimed);
  const items = [];
  for (const seat of openSeats) {
    const invite = invites.find((i) => i.seat === seat.seat);
    if (invite) {
      const url = new URL(invite.invite, location.origin).href;
      items.push(html("p", { class: "invite" }, [
        html("label", { for: `invite-${seat.seat}`, text: TEXT.inviteFor(seatName(v, seat.seat)) }),
        html("input", { id: `invite-${seat.seat}`, readonly: true, value: url, class: "invite-url", onfocus: (e) => e.target.select() }),
        copyButton(url, `invite-${seat.seat}`),
      ]));
    } else if (state.you.length === 0 && v.status !== "finished") {
      items.push(html("button", { type: "button", class: "join", text: TEXT.takeSeat(seatName(v, seat.seat)), onclick: () => joinSeat(seat.seat) }));
    }
  }
  fill($("invites"), items);
}

/** "Continue on another device": a one-time link per seat held (the server's hand-over). */
function renderHandover(v) {
  const box = $("handover");
  box.hidden = state.you.length === 0 || v.status === "finished";
  const items = [];
  for (const [seat, link] of state.handover || []) {
    if (!state.you.includes(seat)) continue;
    const url = new URL(link, location.origin).href;
    items.push(html("p", { class: "invite" }, [
      html("label", { for: `handover-${seat}`, text: TEXT.handoverFor(seatName(v, seat)) }),
      html("input", { id: `handover-${seat}`, readonly: true, value: url, class: "invite-url", onfocus: (e) => e.target.select() }),
      copyButton(url, `handover-${seat}`),
    ]));
  }
  if (items.length) items.push(html("p", { class: "small", text: TEXT.handoverHelp }));
  fill($("handover-links"), items);
}

async function askHandover() {
  state.handover = new Map();
  try {
    for (const seat of state.you) {
      const token = state.sockets.get(seat)?.token;
      if (!token) continue;
      const answer = await api.handover(gameId, { token });
      state.handover.set(answer.seat, answer.link);
    }
    setError("");
  } catch (err) {
    setError(errorText(err));
  }
  render();
}

async function joinSeat(seat) {
  try {
    const name = playerName() || (await askName());
    const answer = await api.join(gameId, { seat, name });
    const kept = storeToken(gameId, answer.seat, answer.token);
    // The token stays out of the address bar when this browser keeps it.
    const query = kept ? "" : `?token=${encodeURIComponent(answer.token)}`;
    location.href = `/game/${encodeURIComponent(gameId)}${query}`;
  } catch (err) {
    setError(errorText(err));
  }
}

function renderOutcome(v) {
  const box = $("outcome");
  box.hidden = v.status !== "finished";
  if (v.status !== "finished") return;
  $("outcome-text").textContent = resultSentence(v) || TEXT.gameOver;
  state.rematch.render($("rematch"), v, { reviewUrl: `/replay/${encodeURIComponent(gameId)}` });
  $("record-json").href = api.recordUrl(gameId, "json");
  $("record-sgf").hidden = !(v.records || []).includes("sgf");
  $("record-sgf").href = api.recordUrl(gameId, "sgf");
  fill($("outcome-detail"), [resultTable(v)]);
}

function elapsed() {
  return (performance.now() - state.receivedAt) / 1000;
}

function wire() {
  $("confirm-moves").checked = localStorage.getItem("tabletop.confirm") === null
    ? window.matchMedia?.("(pointer: coarse)").matches ?? false
    : localStorage.getItem("tabletop.confirm") === "1";
  $("confirm-moves").addEventListener("change", (e) => {
    localStorage.setItem("tabletop.confirm", e.target.checked ? "1" : "0");
    state.pending = null;
    render();
  });
  $("show-legal").addEventListener("change", render);
  $("confirm-yes").addEventListener("click", () => state.pending !== null && sendMove(state.pending));
  $("confirm-no").addEventListener("click", () => {
    state.pending = null;
    render();
  });
  $("pass-btn").addEventListener("click", () => propose(state.view.legal.find((m) => m.toLowerCase() === "pass") || "pass"));
  $("resign-btn").addEventListener("click", () => {
    const v = state.view;
    const seat = state.you.includes(v.to_move) ? v.to_move : state.you[0];
    if (window.confirm(TEXT.resignAs(seatName(v, seat)))) socketFor(seat)?.send({ type: "resign" });
  });
  $("undo-btn").addEventListener("click", () => {
    const v = state.view;
    const seat = state.you.find((s) => s !== v.to_move) ?? state.you[0];
    socketFor(seat)?.send({ type: "undo-request" });
  });
  $("undo-accept").addEventListener("click", () => answerUndo(true));
  $("undo-decline").addEventListener("click", () => answerUndo(false));
  $("hint-btn").addEventListener("click", () => {
    setStatus(TEXT.thinking);
    socketFor(state.view.to_move)?.send({ type: "hint" });
  });
  $("accept-btn").addEventListener("click", () => {
    const accepted = state.view.scoring?.accepted || [];
    for (const seat of state.you) if (!accepted.includes(seat)) socketFor(seat)?.send({ type: "dead-accept" });
  });
  $("resume-btn").addEventListener("click", () => socketFor(state.you[0])?.send({ type: "resume" }));
  $("handover-btn").addEventListener("click", askHandover);
  $("notation-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("notation");
    const text = input.value.trim();
    if (!text) return;
    setError("");
    const v = state.view;
    const seat = state.you.includes(v.to_move) ? v.to_move : state.you[0];
    if (socketFor(seat)?.send({ type: "move", move: text, ply: v.ply })) input.value = "";
  });
  setInterval(() => {
    if (!state.view) return;
    tickClocks($("seats"), state.view, elapsed());
    state.alerts.tick($("seats"), state.view, elapsed(), state.you);
  }, 250);
  wireMute($("sound-on"));
  $("lookback-end").addEventListener("click", () => state.lookback.back());
  document.addEventListener("keydown", (event) => state.lookback.key(event, state.view));
  // A click on the board that plays nothing says why (not your turn, watching, ...).
  $("board").addEventListener("click", () => {
    const v = state.view;
    if (!v) return;
    const why = whyNoMove(v, { you: state.you, lookingBack: state.lookback.active, myTurn: myTurn() });
    if (why) setError(why);
  });
}

function answerUndo(accept) {
  const v = state.view;
  const request = v.undo_request;
  const requester = request && typeof request === "object" ? request.seat : request;
  const agreed = request?.accepted || [];
  for (const seat of state.you) {
    if (seat !== requester && !agreed.includes(seat)) socketFor(seat)?.send({ type: "undo-answer", accept });
  }
}

/** The name to join under when the address holds a link this browser has no seat from
 * and the game has an open seat: an invite link then claims it, under this name. */
async function nameForInvite(urlToken, tokens) {
  if (!urlToken || tokens.includes(urlToken)) return "";
  try {
    const view = await api.game(gameId);
    const open = view.status !== "finished" && view.seats.some((s) => s.kind === "person" && !s.claimed);
    return open ? await askName() : "";
  } catch {
    return ""; // no such game: the connection says so
  }
}

async function start() {
  wire();
  attachZoom($("board"));
  attachBoardKeys($("board"));
  const urlToken = params.get("token");
  const tokens = Object.values(storedTokens(gameId));
  const token = urlToken || tokens[0] || null;
  state.joinName = await nameForInvite(urlToken, tokens);
  if (token) state.opened.add(token);
  state.primaryConnection = new Connection(token, true);
}

start();
