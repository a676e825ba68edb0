// A player's profile (player.html): each pool's rating ("1500?" while provisional), a graph
// of its history drawn as SVG, and the recent games, from GET /api/players/{name}.

import { request } from "./api.js";
import { errorText } from "./errors.js";
import { follow, offers, remember, stateWords } from "./offers.js";
import { formatDateTime, formatNumber, t } from "./i18n.js";
import { fill, html, svg } from "./svg.js";

const username = document.getElementById("player-name").dataset.username;

const RESULT = {
  win: () => t("Won"),
  loss: () => t("Lost"),
  draw: () => t("Draw"),
};

const W = 320;
const H = 120;
const PAD = 28;

/** The rating history of one pool as a line (rating over games), with its range written. */
function graph(pool, points) {
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings, 1500) - 20;
  const high = Math.max(...ratings, 1500) + 20;
  const x = (i) => PAD + (points.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (r) => H - PAD / 2 - ((r - low) * (H - PAD)) / (high - low);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const label = t("Rating history in {pool}: from {first} to {last}", {
    pool,
    first: formatNumber(Math.round(ratings[0])),
    last: formatNumber(Math.round(ratings.at(-1))),
  });
  return html("figure", { class: "rating-graph" }, [
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, class: "rating-svg" }, [
      svg("line", { x1: PAD, x2: W - PAD / 2, y1: y(1500), y2: y(1500), class: "graph-base" }),
      svg("text", { x: 2, y: y(high - 20) + 4, class: "graph-label" }, [document.createTextNode(String(Math.round(high - 20)))]),
      svg("text", { x: 2, y: y(low + 20) + 4, class: "graph-label" }, [document.createTextNode(String(Math.round(low + 20)))]),
      svg("polyline", { points: line, class: "graph-line" }),
      ...points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.rating), r: 2.5, class: "graph-dot", title: String(Math.round(p.rating)) })),
    ]),
    html("figcaption", { class: "small", text: pool }),
  ]);
}

function ratingRow(pool, r) {
  return html("tr", {}, [
    html("th", { scope: "row", text: pool }),
    html("td", { class: r.provisional ? "provisional" : "", text: r.shown, title: r.provisional ? t("Provisional: not enough rated games yet") : null }),
    html("td", { text: formatNumber(Math.round(r.rd)) }),
    html("td", { text: formatNumber(r.games) }),
  ]);
}

function gameItem(g) {
  const parts = [html("a", { href: `/game/${encodeURIComponent(g.game_id)}`, text: g.game })];
  if (g.opponents.length) parts.push(" ", t("against {names}", { names: g.opponents.join(", ") }));
  parts.push(" · ", g.result ? RESULT[g.result]() : t("in play"));
  if (g.rated && g.rating_after !== null) {
    const change = Math.round(g.rating_after - g.rating_before);
    parts.push(" · ", html("span", { class: "rating-change", text: `${change >= 0 ? "+" : "−"}${formatNumber(Math.abs(change))}` }));
  } else if (g.result) {
    parts.push(" · ", t("unrated"));
  }
  if (g.ended) parts.push(" · ", html("span", { class: "small", text: formatDateTime(g.ended * 1000) }));
  return html("li", {}, parts);
}

const data = await request(`/api/players/${encodeURIComponent(username)}`);
const pools = Object.keys(data.ratings).sort();
document.getElementById("no-ratings").hidden = pools.length > 0;
const table = document.getElementById("ratings");
table.hidden = pools.length === 0;
fill(table.querySelector("tbody"), pools.map((pool) => ratingRow(pool, data.ratings[pool])));
fill(
  document.getElementById("graphs"),
  pools.filter((pool) => (data.history[pool] || []).length).map((pool) => graph(pool, data.history[pool])),
);
document.getElementById("no-games").hidden = data.recent.length > 0;
fill(document.getElementById("recent"), data.recent.map(gameItem));
const me = await request("/api/session").catch(() => ({ username: null }));
const own = (me.username || "").toLowerCase() === username.toLowerCase();
document.getElementById("own-links").hidden = !own;
if (me.username && !own) await offerChallenge();
document.body.dataset.ready = "true";

/** The challenge form (a signed-in visitor on another player's profile): a game of two
 * players as one of its presets, a clock preset, rated or casual. */
async function offerChallenge() {
  const catalog = await request("/api/catalog");
  const choices = [];
  for (const game of catalog.games) {
    for (const preset of game.presets) {
      if (preset.players === 2) choices.push({ game: game.name, options: preset.options, label: `${t(game.title)} – ${t(preset.label)}` });
    }
  }
  const $ = (id) => document.getElementById(id);
  fill($("challenge-game"), choices.map((c, i) => html("option", { value: String(i), text: c.label })));
  fill($("challenge-clock"), catalog.clock_presets.map((c, i) => html("option", { value: String(i), text: t(c.label) })));
  $("challenge").hidden = false;
  $("challenge-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("challenge-error").textContent = "";
    const chosen = choices[Number($("challenge-game").value)];
    const clock = catalog.clock_presets[Number($("challenge-clock").value)]?.clock;
    $("challenge-btn").disabled = true;
    try {
      const made = remember(await offers.challenge({ username, game: chosen.game, options: chosen.options, clock, rated: $("challenge-rated").checked }));
      $("challenge-status").textContent = t("Waiting for {name}'s answer…", { name: username });
      follow(made.id, made.key, (state) => {
        if (state.status === "error") return;
        if (state.status !== "open") $("challenge-status").textContent = stateWords(state.status);
        if (state.status === "declined" || state.status === "cancelled" || state.status === "lapsed") $("challenge-btn").disabled = false;
      });
    } catch (err) {
      $("challenge-error").textContent = errorText(err);
      $("challenge-btn").disabled = false;
    }
  });
}
