// The home page: create a game as a player chooses one (the game, a preset, the opponent,
// the clock, the side; every other rule under "more options"), and the lobby of games.
// Every rule's words come from the catalog (GET /api/catalog): presets, option labels and
// explanations, level descriptions and clock presets are the server's data (decision 0089).

import { api, request, playerName, setPlayerName, storeToken } from "./api.js";
import { askName } from "./ask-name.js";
import { describeClock } from "./clock.js";
import { errorText } from "./errors.js";
import { renderGameCards } from "./game-cards.js";
import { serverWords } from "./messages.js";
import { follow, goToGame, offerKeys, offers, remember, stateWords } from "./offers.js";
import { formatAgo, formatNumber, t, tn } from "./i18n.js";
import { fill, html } from "./svg.js";

/** The words of this page (one place, for translation); the rules' words come from the catalog. */
const TEXT = {
  yourName: t("Your name"),
  namePlaceholder: t("Guest"),
  guest: t("Guest"),
  game: t("Game"),
  variant: t("Variant"),
  opponent: t("Opponent"),
  opponents: {
    computer: t("The computer"),
    friend: t("A friend, by link"),
    screen: t("Everyone on this screen"),
    anyone: t("Anyone: offer a game to all"),
  },
  opponentHelp: {
    computer: t("Play against the computer at the level you choose."),
    friend: t("You get a link to send; the game starts when your friend opens it."),
    screen: t("Take turns on this device, passing it around."),
    anyone: t("Your offer is listed for every player; the game starts as soon as someone accepts it."),
  },
  rated: t("Rated"),
  ratedHelp: t("Rated games change both players' ratings; casual ones do not."),
  ratingMin: t("Lowest rating"),
  ratingMax: t("Highest rating"),
  seek: t("Offer the game"),
  withdraw: t("Withdraw"),
  seeks: t("Players looking for a game"),
  accept: t("Accept"),
  casual: t("casual"),
  ratedWord: t("rated"),
  range: (min, max) => t("for ratings {min}–{max}", { min: String(min), max: String(max) }),
  level: t("Computer level"),
  levelLine: (level, words) => t("level {level} – {words}", { level, words: t(words) }),
  clock: t("Clock"),
  custom: t("Custom"),
  customHelp: t("Set the time yourself."),
  clockKind: t("Kind of clock"),
  clockKinds: {
    absolute: t("a fixed time each"),
    fischer: t("time added after each move"),
    byoyomi: t("byo-yomi (periods after the main time)"),
    correspondence: t("correspondence (days per move)"),
  },
  daysPerMove: t("Days per move"),
  minutes: t("Minutes each"),
  increment: t("Seconds added per move"),
  periods: t("Periods"),
  period: t("Seconds per period"),
  playAs: t("Play as"),
  random: t("Random"),
  movesFirst: (side) => t("{side} (moves first)", { side: t(side) }),
  moreOptions: t("More options"),
  automatic: (text) => (text ? t("automatic ({text})", { text: t(text) }) : t("automatic")),
  create: t("Create game"),
  openGames: t("Open games"),
  playing: t("Being played"),
  finished: t("Finished"),
  loading: t("Loading…"),
  none: t("none"),
  join: t("Join"),
  watch: t("Watch"),
  replay: t("Replay"),
  uploadLabel: t("Replay a record file (JSON, or SGF for Go)"),
  upload: t("Open replay"),
  chooseFile: t("Choose a record file first"),
  // The lobby's one line per game: game and variant, clock, who plays or waits.
  separator: " · ",
  person: (name, side) => (name && name !== side ? t("{name} ({side})", { name, side: t(side) }) : t(side)),
  computer: (level, side) => (side ? t("computer level {level} ({side})", { level, side: t(side) }) : t("computer level {level}", { level })),
  openSeat: (side) => t("open: {side}", { side: t(side) }),
  waits: (who, count, open) => tn("{who} waits for {open}", "{who} wait for {open}", count, { who, open: TEXT.players(open) }),
  waitingFor: (open) => t("waiting for {open}", { open: TEXT.players(open) }),
  players: (n) => tn("a player", "{n} players", n),
  versus: t(" vs "),
  moves: (ply) => tn("{n} move", "{n} moves", ply),
  started: (when) => t("started {when}", { when }),
  /** A server word (an option's label, a preset's explanation, a level): the catalog's. */
  server: (text) => (text ? t(text) : text),
};

const $ = (id) => document.getElementById(id);
/** Where this browser keeps its last choices of the form (game, preset, opponent, ...). */
const CHOICES_KEY = "tabletop.create";
let catalog = { games: [], levels: [], level_words: [], clock_presets: [] };

/** The static texts of index.html, set from TEXT (so that translation touches TEXT only). */
function setStaticTexts() {
  const texts = {
    "your-name-label": TEXT.yourName,
    "more-options-title": TEXT.moreOptions,
    "create-btn": TEXT.create,
    "lobby-title": TEXT.openGames,
    "playing-title": TEXT.playing,
    "finished-title": TEXT.finished,
    "record-file-label": TEXT.uploadLabel,
    "upload-btn": TEXT.upload,
  };
  for (const [id, text] of Object.entries(texts)) $(id).textContent = text;
  $("your-name").placeholder = TEXT.namePlaceholder;
}

function gameInfo(name) {
  return catalog.games.find((g) => g.name === name);
}

function checked(name) {
  return document.querySelector(`input[name="${name}"]:checked`)?.value ?? null;
}

function currentGame() {
  return gameInfo(checked("game"));
}

function currentPreset() {
  const game = currentGame();
  return game?.presets.find((p) => p.name === checked("preset")) || game?.presets[0];
}

/** A group of radio buttons, each with a label and an optional one-line explanation. */
function radios(group, legend, items, chosen, onChange) {
  const rows = items.map((item) => {
    const id = `${group}-${item.value}`.replace(/[^a-z0-9_-]/gi, "-");
    const help = item.help ? html("span", { class: "choice-help", id: `${id}-help`, text: item.help }) : null;
    return html("label", { class: "choice", for: id }, [
      html("input", {
        type: "radio", name: group, id, value: item.value, checked: item.value === chosen,
        "aria-describedby": help ? `${id}-help` : undefined, onchange: onChange,
      }),
      html("span", { class: "choice-text" }, [html("span", { class: "choice-label", text: item.label }), help]),
    ]);
  });
  return [html("legend", { text: legend }), ...rows];
}

// -- the form ---------------------------------------------------------------------------------

/** The choices made last time in this browser (lichess remembers them too). */
function lastChoices() {
  try {
    return JSON.parse(localStorage.getItem(CHOICES_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

function rememberChoices() {
  const choices = { game: checked("game"), preset: checked("preset"), opponent: checked("opponent"), level: $("level")?.value, clock: checked("clock") };
  try {
    localStorage.setItem(CHOICES_KEY, JSON.stringify(choices));
  } catch {
    /* nothing kept */
  }
}

/** Check the radio button of `group` with `value` if there is one (a remembered choice). */
function restore(group, value) {
  const node = value ? document.querySelector(`input[name="${group}"][value="${CSS.escape(String(value))}"]`) : null;
  if (node) node.checked = true;
  return Boolean(node);
}

/** A card's "Play": choose its game in the create form and go to the form. */
function playGame(name) {
  if (restore("game", name)) renderGame();
  $("new-title").scrollIntoView({ behavior: "smooth", block: "start" });
  document.querySelector('input[name="game"]:checked')?.focus({ preventScroll: true });
}

function renderGames() {
  const items = catalog.games.map((g) => ({ value: g.name, label: TEXT.server(g.title) }));
  fill($("game-choice"), radios("game", TEXT.game, items, catalog.games[0]?.name, renderGame));
  restore("game", lastChoices().game);
}

/** A game chosen: its presets, its main options and every other option. */
function renderGame() {
  const game = currentGame();
  if (!game) return;
  const items = game.presets.map((p) => ({ value: p.name, label: TEXT.server(p.label), help: TEXT.server(p.explanation) }));
  fill($("preset-choice"), radios("preset", TEXT.variant, items, game.presets[0]?.name, applyPreset));
  const last = lastChoices();
  if (last.game === game.name) restore("preset", last.preset);
  const shown = game.options.filter((o) => !o.sets_players);
  fill($("main-options"), shown.filter((o) => o.main).map(optionControl));
  fill($("options"), shown.filter((o) => !o.main).map(optionControl));
  applyPreset();
}

/** A preset chosen: the options it names take its values, the others (but the main ones,
 * chosen beside the presets) their defaults; options that cannot apply to it are hidden;
 * the seats follow its player count. */
function applyPreset() {
  const game = currentGame();
  const preset = currentPreset();
  if (!game || !preset) return;
  for (const option of game.options) {
    if (option.main) continue;
    const node = $(`opt-${option.name}`);
    if (!node) continue;
    const value = option.name in preset.options ? preset.options[option.name] : option.default;
    if (node.type === "checkbox") node.checked = value === true;
    else node.value = value === null || value === undefined ? "" : String(value);
    node.closest(".option").hidden = (preset.inapplicable || []).includes(option.name);
  }
  renderOpponent();
}

/** One control of a game option: its label, the control, its one-line explanation. */
function optionControl(option) {
  const id = `opt-${option.name}`;
  const helpId = `${id}-help`;
  const help = html("span", { class: "small help", id: helpId, text: TEXT.server(option.explanation) });
  const dflt = option.default;
  if (option.kind === "bool") {
    const box = html("input", { type: "checkbox", id, name: option.name, checked: dflt === true, "aria-describedby": helpId });
    return html("div", { class: "option option-bool" }, [html("label", { class: "inline", for: id }, [box, ` ${TEXT.server(option.label)}`]), help]);
  }
  let control;
  if (option.choice_labels) {
    const choices = option.choice_labels.map((c) => html("option", { value: String(c.value), text: TEXT.server(c.label), selected: c.value === dflt }));
    if (dflt === null || dflt === undefined) {
      choices.unshift(html("option", { value: "", text: TEXT.automatic(option.default_text), selected: true }));
    }
    control = html("select", { id, name: option.name, "aria-describedby": helpId }, choices);
  } else {
    control = html("input", {
      id,
      name: option.name,
      type: "number",
      inputmode: option.kind === "int" ? "numeric" : "decimal",
      step: option.kind === "int" ? "1" : "0.5",
      min: option.minimum ?? undefined,
      max: option.maximum ?? undefined,
      value: dflt ?? "",
      placeholder: TEXT.server(option.default_text) || "",
      "aria-describedby": helpId,
    });
  }
  return html("div", { class: "option" }, [html("label", { for: id, text: TEXT.server(option.label) }), control, help]);
}

/** The option values that differ from the defaults, in each option's JSON type. */
function readOptions() {
  const game = currentGame();
  const preset = currentPreset();
  const options = { ...preset.options };
  for (const option of game.options) {
    const node = $(`opt-${option.name}`);
    if (!node) continue;
    let value;
    if (node.type === "checkbox") value = node.checked;
    else if (node.value === "") value = null;
    else if (option.kind === "int" || option.kind === "float") value = Number(node.value);
    else value = node.value;
    if (value === null || value === option.default) delete options[option.name];
    else options[option.name] = value;
  }
  return options;
}

function renderOpponent() {
  const opponents = ["computer", "friend", "anyone", "screen"];
  const wanted = checked("opponent") || lastChoices().opponent;
  const chosen = opponents.includes(wanted) ? wanted : opponents[0];
  const items = opponents.map((value) => ({ value, label: TEXT.opponents[value], help: TEXT.opponentHelp[value] }));
  fill($("opponent-choice"), radios("opponent", TEXT.opponent, items, chosen, renderSeatChoices));
  renderSeatChoices();
}

/** The computer's level (against the computer) and the side to play (but on one screen). */
function renderSeatChoices() {
  const opponent = checked("opponent");
  const chosenLevel = $("level")?.value || lastChoices().level || "1";
  const levels = catalog.level_words.map((l) => html("option", {
    value: l.level, text: TEXT.levelLine(l.level, l.words), selected: String(l.level) === chosenLevel,
  }));
  fill($("level-row"), opponent === "computer"
    ? [html("label", { for: "level", text: TEXT.level }), html("select", { id: "level" }, levels)]
    : opponent === "anyone" ? seekFields() : []);
  const preset = currentPreset();
  const sides = preset?.sides || [];
  const before = $("play-as")?.value || "0";
  const choices = [
    ...sides.map((side, seat) => html("option", { value: seat, text: seat === 0 ? TEXT.movesFirst(side) : TEXT.server(side), selected: String(seat) === before })),
    html("option", { value: "random", text: TEXT.random, selected: before === "random" }),
  ];
  fill($("play-as-row"), opponent === "screen" || opponent === "anyone"
    ? []
    : [html("label", { for: "play-as", text: TEXT.playAs }), html("select", { id: "play-as" }, choices)]);
}

function renderClocks() {
  const items = [
    ...catalog.clock_presets.map((c) => ({ value: c.name, label: TEXT.server(c.label), help: TEXT.server(c.explanation) })),
    { value: "custom", label: TEXT.custom, help: TEXT.customHelp },
  ];
  fill($("clock-choice"), radios("clock", TEXT.clock, items, catalog.clock_presets[0]?.name, renderCustomClock));
  restore("clock", lastChoices().clock);
  renderCustomClock();
}

function renderCustomClock() {
  const name = checked("clock");
  $("clock-help").textContent = name === "custom" ? TEXT.customHelp : TEXT.server(catalog.clock_presets.find((c) => c.name === name)?.explanation) || "";
  const box = $("clock-custom-fields");
  box.hidden = checked("clock") !== "custom";
  if (box.hidden || $("clock-kind")) {
    if (!box.hidden) renderClockFields();
    return;
  }
  const kinds = catalog.clocks.filter((k) => k !== "none").map((k) => html("option", { value: k, text: TEXT.clockKinds[k] || k }));
  fill(box, [
    html("div", { class: "create-row" }, [html("label", { for: "clock-kind", text: TEXT.clockKind }), html("select", { id: "clock-kind", onchange: renderClockFields }, kinds)]),
    html("div", { id: "clock-fields", class: "clock-fields" }),
  ]);
  renderClockFields();
}

function renderClockFields() {
  const kind = $("clock-kind").value;
  const field = (id, text, value) => html("div", { class: "create-row" }, [
    html("label", { for: id, text }),
    html("input", { id, type: "number", min: "1", step: "1", value, inputmode: "numeric", class: "short" }),
  ]);
  const fields = {
    absolute: [field("clock-main", TEXT.minutes, 10)],
    fischer: [field("clock-main", TEXT.minutes, 5), field("clock-increment", TEXT.increment, 5)],
    byoyomi: [field("clock-main", TEXT.minutes, 10), field("clock-periods", TEXT.periods, 5), field("clock-period", TEXT.period, 30)],
    correspondence: [
      html("div", { class: "create-row" }, [
        html("label", { for: "clock-days", text: TEXT.daysPerMove }),
        html("select", { id: "clock-days" }, ["1", "3", "7"].map((d) => html("option", { value: d, text: formatNumber(Number(d)), selected: d === "3" }))),
      ]),
    ],
  }[kind] || [];
  fill($("clock-fields"), fields);
}

function readClock() {
  const name = checked("clock");
  if (name !== "custom") return catalog.clock_presets.find((c) => c.name === name)?.clock || { kind: "none" };
  const kind = $("clock-kind").value;
  const num = (id) => Number($(id)?.value);
  if (kind === "correspondence") return { kind, days: num("clock-days") };
  const clock = { kind, main: num("clock-main") * 60 };
  if (kind === "fischer") clock.increment = num("clock-increment");
  if (kind === "byoyomi") Object.assign(clock, { periods: num("clock-periods"), period: num("clock-period") });
  return clock;
}

/** The seats of the new game: this browser's, and the others by the opponent chosen. */
function readSeats(name) {
  const players = currentPreset().players;
  const opponent = checked("opponent");
  const chosen = $("play-as")?.value ?? "0";
  const mine = chosen === "random" ? Math.floor(Math.random() * players) : Number(chosen);
  const level = Number($("level")?.value || 1);
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    if (opponent === "screen") seats.push({ kind: "person", claim: true });
    else if (seat === mine) seats.push({ kind: "person", claim: true, name });
    else if (opponent === "computer") seats.push({ kind: "computer", level });
    else seats.push({ kind: "person" });
  }
  return seats;
}

// -- seeks --------------------------------------------------------------------------------------

let signedIn = false;
let seeking = null;

/** A seek's own choices: rated (signed-in players only) and the range of ratings it is for. */
function seekFields() {
  const number = (id, text) => html("span", { class: "seek-range" }, [
    html("label", { for: id, text }),
    html("input", { id, type: "number", min: "0", max: "4000", step: "50", inputmode: "numeric", class: "short" }),
  ]);
  return [
    signedIn
      ? html("label", { class: "inline", for: "seek-rated", title: TEXT.ratedHelp }, [html("input", { type: "checkbox", id: "seek-rated", checked: true }), ` ${TEXT.rated}`])
      : null,
    number("seek-min", TEXT.ratingMin),
    number("seek-max", TEXT.ratingMax),
  ].filter(Boolean);
}

async function startSeek(name) {
  const rating = (id) => ($(id)?.value === "" || $(id) === null ? undefined : Number($(id).value));
  const body = { game: currentGame().name, options: readOptions(), clock: readClock(), rated: Boolean($("seek-rated")?.checked), rating_min: rating("seek-min"), rating_max: rating("seek-max") };
  if (!signedIn) body.name = name;
  const made = remember(await offers.seek(body));
  const status = $("seek-status");
  const cancel = html("button", { type: "button", id: "seek-cancel", text: TEXT.withdraw });
  const words = html("span", { id: "seek-words", text: stateWords("open") });
  fill(status, [words, " ", cancel]);
  seeking = follow(made.id, made.key, (state) => {
    if (state.status === "error") return;
    words.textContent = stateWords(state.status);
    if (state.status !== "open") {
      cancel.remove();
      seeking = null;
      $("create-btn").disabled = false;
    }
  });
  seeking.withdrawOnLeave();
  cancel.onclick = async () => {
    await seeking?.stop(true).catch(() => {});
    seeking = null;
    fill(status, []);
    $("create-btn").disabled = false;
  };
}

/** One readable line for a seek: who (and their rating), the game, its clock, rated or not. */
function seekLine(s) {
  const game = [TEXT.server(gameInfo(s.game)?.title || s.game), s.options?.size ? `${s.options.size}×${s.options.size}` : ""].filter(Boolean).join(" ");
  const who = s.rating ? `${s.name} (${s.rating})` : s.name;
  const parts = [who, game, clockWords(s.clock), s.rated ? TEXT.ratedWord : TEXT.casual];
  if (s.rating_min !== null || s.rating_max !== null) parts.push(TEXT.range(s.rating_min ?? 0, s.rating_max ?? 4000));
  return parts.join(TEXT.separator);
}

async function acceptSeek(id) {
  try {
    let name = $("your-name").value.trim();
    if (!signedIn && !name) name = await askName(playerName());
    if (name) setPlayerName(name);
    goToGame(await offers.acceptSeek(id, signedIn ? "" : name));
  } catch (err) {
    $("lobby-error").textContent = errorText(err);
    loadLobby();
  }
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const name = $("your-name").value.trim();
  if (name) setPlayerName(name);
  if (checked("opponent") === "anyone") {
    rememberChoices();
    $("create-btn").disabled = true;
    try {
      await startSeek(name || TEXT.guest);
    } catch (err) {
      $("create-error").textContent = errorText(err);
      $("create-btn").disabled = false;
    }
    return;
  }
  const seats = readSeats(name || TEXT.guest);
  rememberChoices();
  $("create-btn").disabled = true;
  try {
    const answer = await api.create({ game: currentGame().name, options: readOptions(), seats, clock: readClock() });
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
    $("create-error").textContent = errorText(err);
    $("create-btn").disabled = false;
  }
}

// -- the lobby --------------------------------------------------------------------------------

/** A clock setting in words: the create form's preset label when it is one. */
function clockWords(clock) {
  const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  const preset = catalog.clock_presets.find((c) => same(c.clock, clock || { kind: "none" }));
  return preset ? TEXT.server(preset.label) : describeClock(clock);
}

function seatWords(s) {
  if (s.kind === "computer") return TEXT.computer(s.level, s.side);
  if (!s.claimed) return TEXT.openSeat(s.side);
  return TEXT.person(s.name, s.side);
}

/** One readable line for a listed game: game and variant, clock, who plays or waits. */
export function lobbyLine(g) {
  const game = [TEXT.server(g.title || gameInfo(g.game)?.title || g.game), serverWords(g.summary)].filter(Boolean).join(" ");
  const seats = g.seats || [];
  const open = seats.filter((s) => s.kind === "person" && !s.claimed).length;
  const present = seats.filter((s) => s.kind === "computer" || s.claimed).map(seatWords);
  let who;
  if (g.status === "waiting" || (open > 0 && g.status !== "finished")) {
    who = present.length ? TEXT.waits(present.join(", "), present.length, open) : TEXT.waitingFor(open);
  } else {
    who = seats.map(seatWords).join(TEXT.versus);
  }
  const parts = [game, clockWords(g.clock), who];
  if (g.ply) parts.push(TEXT.moves(g.ply));
  if (g.status === "finished" && typeof g.created === "number") parts.push(TEXT.started(formatAgo(g.created)));
  return parts.join(TEXT.separator);
}

async function join(id) {
  try {
    let name = $("your-name").value.trim();
    if (!name) name = await askName(playerName());
    if (name) setPlayerName(name);
    const answer = await api.join(id, { name });
    storeToken(id, answer.seat, answer.token);
    location.href = `/game/${encodeURIComponent(id)}?token=${encodeURIComponent(answer.token)}`;
  } catch (err) {
    $("lobby-error").textContent = errorText(err);
    loadLobby();
  }
}

async function loadLobby() {
  try {
    const [open, playing, finished, seeks] = await Promise.all([api.games("open"), api.games("playing"), api.games("finished"), offers.seeks()]);
    const list = (games, action, line = lobbyLine) => games.length
      ? games.map((g) => html("li", { "data-game": g.id }, [html("span", { class: "lobby-line", text: line(g) }), " ", action(g)]))
      : [html("li", { class: "small", text: TEXT.none })];
    const mine = offerKeys();
    const others = seeks.filter((s) => !(s.id in mine));
    fill($("seeks"), list(others, (s) => html("button", { type: "button", text: TEXT.accept, onclick: () => acceptSeek(s.id) }), seekLine));
    fill($("lobby"), list(open, (g) => html("button", { type: "button", text: TEXT.join, onclick: () => join(g.id) })));
    fill($("playing"), list(playing, (g) => html("a", { href: `/game/${encodeURIComponent(g.id)}`, text: TEXT.watch })));
    fill($("finished"), list(finished.slice(0, 20), (g) => html("a", { href: `/replay/${encodeURIComponent(g.id)}`, text: TEXT.replay })));
  } catch (err) {
    $("lobby-error").textContent = errorText(err);
  }
}

async function upload(event) {
  event.preventDefault();
  $("upload-error").textContent = "";
  const file = $("record-file").files?.[0];
  if (!file) {
    $("upload-error").textContent = TEXT.chooseFile;
    return;
  }
  const text = await file.text();
  const format = /\.sgf$/i.test(file.name) || text.trim().startsWith("(;") ? "sgf" : "json";
  try {
    const answer = await api.uploadRecord({ format, text });
    // The record becomes a finished game: its replay, or its computer review.
    const page = event.submitter?.id === "upload-review-btn" ? "review" : "replay";
    location.href = `/${page}/${encodeURIComponent(answer.id)}`;
  } catch (err) {
    $("upload-error").textContent = errorText(err);
  }
}

async function start() {
  setStaticTexts();
  $("lobby").firstElementChild.textContent = TEXT.loading;
  $("your-name").value = playerName();
  $("create-form").addEventListener("submit", create);
  $("upload-form").addEventListener("submit", upload);
  for (const id of ["create-btn", "upload-btn", "upload-review-btn"]) $(id).disabled = false;
  try {
    catalog = { ...catalog, ...(await api.catalog()) };
    renderGames();
    renderGame();
    renderClocks();
    renderGameCards($("game-cards"), catalog.games, { onPlay: playGame });
  } catch (err) {
    $("create-error").textContent = errorText(err);
  }
  signedIn = Boolean((await request("/api/session").catch(() => ({}))).username);
  renderSeatChoices();
  loadLobby();
  setInterval(loadLobby, 5000);
}

if (document.getElementById("create-form")) start();
