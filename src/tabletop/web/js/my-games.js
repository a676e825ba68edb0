// My games (my_games.html): the challenges to this player (accept, decline) and from them
// (their answers; an accepted one's board when this browser made it), the games in
// progress with "your turn" first, and the finished ones. Asked again every few seconds
// (a poll: decision 0145), so a challenge or a move shows without reloading.

import { errorText } from "./errors.js";
import { formatDateTime, t } from "./i18n.js";
import { follow, goToGame, offerKeys, offers } from "./offers.js";
import { fill, html } from "./svg.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 4000;

const RESULT = { win: () => t("Won"), loss: () => t("Lost"), draw: () => t("Draw") };
const STATUS = {
  open: () => t("waiting for an answer"),
  accepted: () => t("accepted"),
  declined: () => t("declined"),
  cancelled: () => t("withdrawn"),
  lapsed: () => t("expired"),
};

/** The game of a challenge in a few words: its name (and board), rated or casual. */
function terms(c) {
  const size = c.options?.size ? ` ${c.options.size}×${c.options.size}` : "";
  return `${t(c.game[0].toUpperCase() + c.game.slice(1))}${size} · ${c.rated ? t("rated") : t("casual")}`;
}

function none() {
  return [html("li", { class: "small", text: t("none") })];
}

async function act(action) {
  $("my-error").textContent = "";
  try {
    await action();
  } catch (err) {
    $("my-error").textContent = errorText(err);
  }
  load();
}

function incomingItem(c) {
  const parts = [html("span", { class: "lobby-line", text: t("{name} challenges you: {terms}", { name: c.challenger, terms: terms(c) }) })];
  if (c.status === "open") {
    parts.push(" ", html("button", { type: "button", class: "primary", text: t("Accept"), onclick: () => act(async () => goToGame(await offers.acceptChallenge(c.id))) }));
    parts.push(" ", html("button", { type: "button", text: t("Decline"), onclick: () => act(() => offers.decline(c.id)) }));
  } else {
    parts.push(" · ", STATUS[c.status]?.() || c.status);
    if (c.game_id) parts.push(" ", html("a", { href: `/game/${encodeURIComponent(c.game_id)}`, text: t("Open") }));
  }
  return html("li", { "data-challenge": c.id }, parts);
}

function outgoingItem(c) {
  const key = offerKeys()[c.id];
  const parts = [html("span", { class: "lobby-line", text: t("You challenged {name}: {terms}", { name: c.challenged, terms: terms(c) }) }), " · ", STATUS[c.status]?.() || c.status];
  if (c.status === "accepted" && c.game_id && key) {
    // This browser made the challenge: its key fetches the seat.
    parts.push(" ", html("button", { type: "button", class: "primary", text: t("Play"), onclick: () => follow(c.id, key, () => {}) }));
  } else if (c.game_id) {
    parts.push(" ", html("a", { href: `/game/${encodeURIComponent(c.game_id)}`, text: t("Open") }));
  }
  if (c.status === "open") parts.push(" ", html("button", { type: "button", text: t("Withdraw"), onclick: () => act(() => offers.cancel(c.id, key ?? null)) }));
  return html("li", { "data-challenge": c.id }, parts);
}

function gameItem(g) {
  const against = g.opponents.length ? t("against {names}", { names: g.opponents.join(", ") }) : "";
  const parts = [html("a", { href: `/game/${encodeURIComponent(g.game_id)}`, text: t(g.game[0].toUpperCase() + g.game.slice(1)) }), " ", against];
  if (g.result) {
    parts.push(" · ", RESULT[g.result]?.() || g.result);
    if (g.rated && g.rating_after !== null) {
      const change = Math.round(g.rating_after - g.rating_before);
      parts.push(" · ", html("span", { class: "rating-change", text: `${change >= 0 ? "+" : "−"}${Math.abs(change)}` }));
    }
    parts.push(" · ", html("span", { class: "small", text: formatDateTime(g.updated * 1000) }));
  } else {
    parts.push(" · ", g.your_turn ? html("strong", { class: "your-turn", text: t("your turn") }) : t("waiting for the opponent"));
  }
  return html("li", { "data-game": g.game_id, class: g.your_turn ? "your-turn" : "" }, parts);
}

async function load() {
  try {
    const [games, challenges] = await Promise.all([offers.myGames(), offers.challenges()]);
    fill($("incoming"), challenges.incoming.length ? challenges.incoming.map(incomingItem) : none());
    fill($("outgoing"), challenges.outgoing.length ? challenges.outgoing.map(outgoingItem) : none());
    fill($("my-playing"), games.playing.length ? games.playing.map(gameItem) : none());
    fill($("my-finished"), games.finished.length ? games.finished.map(gameItem) : none());
    const turns = games.playing.filter((g) => g.your_turn).length;
    document.title = turns ? `(${turns}) ${t("My games")}` : `tabletop – ${t("My games")}`;
    document.body.dataset.ready = "true";
  } catch (err) {
    if (err.code === "signed-out") {
      $("signed-out").hidden = false;
      return;
    }
    $("my-error").textContent = errorText(err);
  }
}

load();
setInterval(load, REFRESH_MS);
