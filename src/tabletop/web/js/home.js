// The home page: create a game from the catalog, and the lobby of games.

import { api, playerName, setPlayerName, storeToken } from "./api.js";
import { describeClock } from "./clock.js";
import { fill, html } from "./svg.js";

const $ = (id) => document.getElementById(id);
let catalog = { games: [], levels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };

function gameInfo(name) {
  return catalog.games.find((g) => g.name === name);
}

/** One form control for a declared game option (choices, number range, or true/false). */
function optionControl(option) {
  const id = `opt-${option.name}`;
  const help = option.help || "";
  let control;
  const dflt = option.default;
  if (option.kind === "bool" || typeof dflt === "boolean") {
    control = html("input", { type: "checkbox", id, name: option.name, checked: dflt === true });
    return html("label", { class: "inline option", title: help }, [control, ` ${option.name}`]);
  }
  if (option.choices) {
    const choices = option.choices.map((c) => html("option", { value: c, text: c, selected: String(c) === String(dflt) }));
    if (dflt === null || dflt === undefined) {
      choices.unshift(html("option", { value: "", text: option.default_text ? `default (${option.default_text})` : "default", selected: true }));
    }
    control = html("select", { id, name: option.name }, choices);
  } else {
    const integer = option.kind === "int";
    control = html("input", {
      id,
      name: option.name,
      type: "number",
      step: integer ? "1" : "any",
      min: option.minimum ?? undefined,
      max: option.maximum ?? undefined,
      value: dflt ?? "",
      placeholder: option.default_text || "default",
    });
  }
  return html("div", { class: "option" }, [html("label", { for: id, text: option.name, title: help }), control,
    help ? html("span", { class: "small help", text: help }) : null]);
}

function renderOptions() {
  const game = gameInfo($("game-select").value);
  if (!game) return;
  const fields = (game.options || []).map(optionControl);
  fill($("options"), [html("legend", { text: "Options" }), ...fields]);
  const players = $("opt-players");
  if (players) players.addEventListener("change", renderSeats);
  renderSeats();
}

function seatCount() {
  const game = gameInfo($("game-select").value);
  const players = $("opt-players");
  if (players && players.value) return Number(players.value);
  return game?.players?.[0] ?? 2;
}

function renderSeats() {
  const n = seatCount();
  const levels = catalog.levels || [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const rows = [html("legend", { text: "Seats" })];
  for (let seat = 0; seat < n; seat++) {
    const kind = html("select", { id: `seat-${seat}-kind`, "aria-label": `Seat ${seat + 1} player` }, [
      html("option", { value: "person", text: seat === 0 ? "you / a person" : "a person", selected: seat === 0 }),
      html("option", { value: "computer", text: "the computer", selected: seat !== 0 }),
    ]);
    const level = html("select", { id: `seat-${seat}-level`, "aria-label": `Seat ${seat + 1} computer level` },
      levels.map((l) => html("option", { value: l, text: `level ${l}`, selected: l === 1 })));
    const sync = () => {
      level.hidden = kind.value !== "computer";
    };
    kind.addEventListener("change", sync);
    sync();
    rows.push(html("div", { class: "seat-row" }, [html("span", { text: `Seat ${seat + 1}` }), kind, level]));
  }
  fill($("seats"), rows);
}

function renderClockFields() {
  const kind = $("clock-kind").value;
  const field = (id, text, value) => html("label", { class: "inline" }, [
    `${text} `,
    html("input", { id, type: "number", min: "1", step: "1", value, class: "short" }),
  ]);
  const fields = {
    none: [],
    absolute: [field("clock-main", "minutes", 10)],
    fischer: [field("clock-main", "minutes", 5), field("clock-increment", "increment s", 5)],
    byoyomi: [field("clock-main", "minutes", 10), field("clock-periods", "periods", 3), field("clock-period", "period s", 30)],
  }[kind];
  fill($("clock-fields"), fields);
}

function readClock() {
  const kind = $("clock-kind").value;
  const num = (id) => Number($(id)?.value);
  if (kind === "none") return { kind };
  const clock = { kind, main: num("clock-main") * 60 };
  if (kind === "fischer") clock.increment = num("clock-increment");
  if (kind === "byoyomi") Object.assign(clock, { periods: num("clock-periods"), period: num("clock-period") });
  return clock;
}

function readOptions() {
  const game = gameInfo($("game-select").value);
  const options = {};
  for (const option of game.options || []) {
    const node = $(`opt-${option.name}`);
    if (!node) continue;
    if (node.type === "checkbox") {
      if (node.checked !== (option.default === true)) options[option.name] = node.checked;
    } else if (node.value !== "" && String(node.value) !== String(option.default)) {
      options[option.name] = node.type === "number" ? Number(node.value) : node.value;
      if (option.choices && typeof option.choices[0] === "number") options[option.name] = Number(node.value);
    }
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const name = $("your-name").value.trim();
  setPlayerName(name);
  const oneScreen = $("one-screen").checked;
  const seats = [];
  let claimedFirst = false;
  for (let seat = 0; seat < seatCount(); seat++) {
    const kind = $(`seat-${seat}-kind`).value;
    if (kind === "computer") {
      seats.push({ kind, level: Number($(`seat-${seat}-level`).value) });
    } else {
      const claim = oneScreen || !claimedFirst;
      seats.push({ kind, claim, name: claim && !claimedFirst ? name || "Guest" : oneScreen ? `${name || "Guest"} ${seat + 1}` : undefined });
      claimedFirst = claimedFirst || claim;
    }
  }
  $("create-btn").disabled = true;
  try {
    const answer = await api.create({ game: $("game-select").value, options: readOptions(), seats, clock: readClock() });
    const mine = [];
    const invites = [];
    answer.seats.forEach((s, i) => {
      if (!s.token) return;
      if (seats[i]?.claim) {
        storeToken(answer.id, s.seat, s.token);
        mine.push(s.token);
      } else if (s.invite) {
        invites.push({ seat: s.seat, invite: s.invite });
      }
    });
    localStorage.setItem(`tabletop.invites.${answer.id}`, JSON.stringify(invites));
    const query = mine.length ? `?token=${encodeURIComponent(mine[0])}` : "";
    location.href = `/game/${encodeURIComponent(answer.id)}${query}`;
  } catch (err) {
    $("create-error").textContent = err.message;
    $("create-btn").disabled = false;
  }
}

function gameLine(g) {
  const info = gameInfo(g.game);
  const title = info?.title || g.game;
  const seats = (g.seats || []).map((s) => (s.kind === "computer" ? `computer ${s.level ?? ""}`.trim() : s.name || (s.claimed ? "person" : "open"))).join(" vs ");
  const opts = Object.entries(g.options || {}).map(([k, v]) => `${k} ${v}`).join(", ");
  return `${title}${opts ? ` (${opts})` : ""}: ${seats}${g.clock ? `, ${describeClock(g.clock)}` : ""}${g.ply ? `, move ${g.ply}` : ""}`;
}

async function join(id) {
  try {
    const name = $("your-name").value.trim() || playerName() || "Guest";
    const answer = await api.join(id, { name });
    storeToken(id, answer.seat, answer.token);
    location.href = `/game/${encodeURIComponent(id)}?token=${encodeURIComponent(answer.token)}`;
  } catch (err) {
    $("lobby-error").textContent = err.message;
    loadLobby();
  }
}

async function loadLobby() {
  try {
    const [open, playing, finished] = await Promise.all([api.games("open"), api.games("playing"), api.games("finished")]);
    const list = (games, action) => games.length
      ? games.map((g) => html("li", { "data-game": g.id }, [html("span", { text: gameLine(g) }), " ", action(g)]))
      : [html("li", { class: "small", text: "none" })];
    fill($("lobby"), list(open, (g) => html("button", { type: "button", text: "Join", onclick: () => join(g.id) })));
    fill($("playing"), list(playing, (g) => html("a", { href: `/game/${encodeURIComponent(g.id)}`, text: "Watch" })));
    fill($("finished"), list(finished.slice(0, 20), (g) => html("a", { href: `/replay/${encodeURIComponent(g.id)}`, text: "Replay" })));
  } catch (err) {
    $("lobby-error").textContent = err.message;
  }
}

async function upload(event) {
  event.preventDefault();
  $("upload-error").textContent = "";
  const file = $("record-file").files?.[0];
  if (!file) {
    $("upload-error").textContent = "Choose a record file first";
    return;
  }
  const text = await file.text();
  const format = /\.sgf$/i.test(file.name) || text.trim().startsWith("(;") ? "sgf" : "json";
  try {
    const answer = await api.uploadRecord({ format, text });
    location.href = `/replay/${encodeURIComponent(answer.id)}`;
  } catch (err) {
    $("upload-error").textContent = err.message;
  }
}

async function start() {
  $("your-name").value = playerName();
  $("create-form").addEventListener("submit", create);
  $("upload-form").addEventListener("submit", upload);
  $("game-select").addEventListener("change", renderOptions);
  $("clock-kind").addEventListener("change", renderClockFields);
  renderClockFields();
  try {
    const answer = await api.catalog();
    catalog = Array.isArray(answer) ? { games: answer } : { ...catalog, ...answer };
    fill($("game-select"), catalog.games.map((g) => html("option", { value: g.name, text: g.title || g.name })));
    renderOptions();
  } catch (err) {
    $("create-error").textContent = err.message;
  }
  loadLobby();
  setInterval(loadLobby, 5000);
}

start();
