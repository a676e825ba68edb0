// One game's lessons (/learn/<game>): a small position, a goal, the board the game page
// draws (boards/), clicked the same way; each move goes to the server, which replays the
// lesson, checks the move against the goal and answers with the replies (decision 0109).
// Progress is kept in this browser (learn-progress.js).

import { catalog, t as appWord } from "./i18n.js";
import { api, request, playerName, storeToken } from "./api.js";
import { drawBoard } from "./boards/index.js";
import { errorText } from "./errors.js";
import { moveWords } from "./move-words.js";
import { progressOf, saveStars, starText } from "./learn-progress.js";

const words = await catalog("lessons");
/** A message of the lessons catalog (extracted from this module into it). */
const t = (message, params) => words.t(message, params);
const tn = (singular, plural, n, params) => words.tn(singular, plural, n, params);

const TEXT = {
  yourMove: () => t("Your move."),
  replied: (side, move) => t("{side} answered {move}.", { side, move }),
  showing: () => t("Watch: the solution is played for you."),
  shown: () => t("That is the solution. Start again to earn stars."),
  stars: (n) => tn("{n} star", "{n} stars", n),
  reached: (n) => tn("Goal reached with {n} star!", "Goal reached with {n} stars!", n),
  failed: () => t("Not this time. Start again and try another way."),
  unavailable: () => t("The lesson cannot be played just now. Reload the page to try again."),
  guest: () => t("Guest"),
};

const $ = (id) => document.getElementById(id);
const game = document.querySelector(".lesson-board").dataset.game;
const WAIT = 650; // ms between the moves "show me" plays

const state = {
  course: null,
  index: 0,
  moves: [],
  mistakes: 0,
  shown: false,
  busy: false,
  done: false,
  view: null,
  selection: [],
};

const lesson = () => state.course.lessons[state.index];

function setStatus(text) {
  $("lesson-status").textContent = text;
}

function setFeedback(text, kind = "") {
  const box = $("lesson-feedback");
  box.textContent = text;
  box.className = `lesson-feedback ${kind}`.trim();
}

function render() {
  // What the page shows, for tests and styles: the lesson, its moves so far, the last result.
  Object.assign(document.body.dataset, { lesson: lesson().id, moves: String(state.moves.length), busy: String(state.busy) });
  const interactive = Boolean(state.view) && !state.busy && !state.done && state.view.status === "playing";
  drawBoard($("board"), {
    view: state.view,
    interactive,
    showLegal: true,
    selection: state.selection,
    onMove: (move) => play(move),
    onSelect: (selection) => {
      state.selection = selection;
      render();
    },
    onMessage: (text) => setFeedback(text),
  });
  $("board").classList.toggle("interactive", interactive);
  const legal = (state.view?.legal || []).map((m) => String(m).toLowerCase());
  $("pass-btn").hidden = !state.view?.pass_move;
  $("pass-btn").disabled = !interactive || !legal.includes("pass");
  $("show-btn").disabled = state.busy;
  $("hint-btn").disabled = state.busy || state.done;
}

function renderList() {
  const progress = progressOf(game);
  for (const link of document.querySelectorAll("#lesson-list a[data-lesson]")) {
    const id = link.dataset.lesson;
    link.toggleAttribute("aria-current", id === lesson().id);
    link.classList.toggle("current", id === lesson().id);
  }
  for (const mark of document.querySelectorAll("#lesson-list .stars[data-lesson]")) {
    const stars = progress[mark.dataset.lesson] || 0;
    mark.textContent = stars ? starText(stars) : "";
    mark.setAttribute("aria-label", stars ? TEXT.stars(stars) : "");
  }
}

/** Open lesson number `index` at its start. */
function open(index) {
  state.index = Math.max(0, Math.min(index, state.course.lessons.length - 1));
  const current = lesson();
  if (location.hash.slice(1) !== current.id) history.replaceState(null, "", `#${current.id}`);
  $("lesson-title").textContent = t(current.title);
  $("lesson-text").textContent = t(current.text);
  $("lesson-goal").textContent = t(current.goal_text);
  $("lesson-hint").hidden = true;
  $("lesson-hint").textContent = t(current.hint);
  restart();
  renderList();
}

function restart() {
  Object.assign(state, { moves: [], mistakes: 0, shown: false, done: false, selection: [], view: lesson().start });
  document.body.dataset.result = "start";
  $("lesson-done").hidden = true;
  setFeedback("");
  setStatus(TEXT.yourMove());
  render();
}

/** Send the lesson's moves so far and `move`; returns the server's answer. */
function ask(move) {
  const body = { moves: state.moves, mistakes: state.mistakes };
  if (move !== null) body.move = move;
  return request(`/api/learn/${encodeURIComponent(game)}/${encodeURIComponent(lesson().id)}`, { method: "POST", body });
}

async function play(move) {
  if (state.busy || state.done) return;
  state.busy = true;
  state.selection = [];
  setFeedback("");
  render();
  let answer;
  try {
    answer = await ask(move);
  } catch (err) {
    state.busy = false;
    // A move the rules refuse is told why (the rule, the point); anything else is a fault.
    setFeedback(err?.code === "illegal-move" ? errorText(err) : TEXT.unavailable(), "wrong");
    render();
    return;
  }
  state.busy = false;
  show(answer);
}

/** Draw the answer of the server and say what happened. */
function show(answer) {
  document.body.dataset.result = answer.result;
  if (answer.result === "wrong") {
    state.mistakes += 1;
    setFeedback(t(answer.feedback), "wrong");
    render();
    return;
  }
  state.moves = answer.moves;
  state.view = answer.view;
  const seats = answer.view.seats || [];
  const replies = answer.replies.map((r) => TEXT.replied(appWord(seats[r.seat]?.side || ""), moveWords(r.move)));
  setStatus([...replies, answer.result === "continue" ? TEXT.yourMove() : ""].filter(Boolean).join(" "));
  if (answer.result === "reached") finish(answer);
  else if (answer.result === "failed") {
    state.done = true;
    setFeedback(`${t(answer.feedback)} ${TEXT.failed()}`, "wrong");
  }
  render();
}

function finish(answer) {
  state.done = true;
  const current = lesson();
  const last = state.index === state.course.lessons.length - 1;
  if (state.shown) {
    setFeedback(TEXT.shown());
  } else {
    saveStars(game, current.id, answer.stars);
    setFeedback(t(answer.feedback || current.success), "right");
    $("done-stars").textContent = starText(answer.stars);
    $("done-stars").setAttribute("aria-label", TEXT.stars(answer.stars));
    $("done-text").textContent = TEXT.reached(answer.stars);
  }
  $("lesson-done").hidden = state.shown;
  $("next-btn").hidden = last;
  $("play-computer").hidden = !last;
  renderList();
}

/** "Show me": the lesson from its start with the solution played, one move at a time. */
async function showMe() {
  restart();
  state.shown = true;
  setStatus(TEXT.showing());
  for (const move of lesson().solution) {
    if (state.done) break;
    await new Promise((resolve) => setTimeout(resolve, WAIT));
    await play(move);
  }
}

/** Create a game against the computer at level 1 and open it (the last lesson's link). */
async function playComputer() {
  $("play-btn").disabled = true;
  try {
    const seats = [{ kind: "person", claim: true, name: playerName() || TEXT.guest() }];
    const players = state.course.play_players;
    for (let seat = 1; seat < players; seat++) seats.push({ kind: "computer", level: 1 });
    const options = state.course.play_options || {};
    const answer = await api.create({ game, options, seats, clock: { kind: "none" } });
    const mine = answer.seats.find((s) => s.token);
    storeToken(answer.id, mine.seat, mine.token);
    location.href = `/game/${encodeURIComponent(answer.id)}?token=${encodeURIComponent(mine.token)}`;
  } catch {
    $("play-btn").disabled = false;
    setFeedback(TEXT.unavailable(), "wrong");
  }
}

function fromHash() {
  const id = location.hash.slice(1);
  const found = state.course.lessons.findIndex((l) => l.id === id);
  if (found >= 0) return found;
  // No lesson named: the first one without stars yet.
  const progress = progressOf(game);
  const next = state.course.lessons.findIndex((l) => !progress[l.id]);
  return next >= 0 ? next : 0;
}

function wire() {
  $("hint-btn").addEventListener("click", () => {
    $("lesson-hint").hidden = false;
  });
  $("show-btn").addEventListener("click", showMe);
  $("again-btn").addEventListener("click", restart);
  $("next-btn").addEventListener("click", () => open(state.index + 1));
  $("play-btn").addEventListener("click", playComputer);
  $("pass-btn").addEventListener("click", () => play("pass"));
  window.addEventListener("hashchange", () => {
    const index = fromHash();
    if (index !== state.index) open(index);
  });
}

async function start() {
  try {
    state.course = await request(`/api/learn/${encodeURIComponent(game)}`);
  } catch {
    setStatus(TEXT.unavailable());
    return;
  }
  wire();
  open(fromHash());
  document.body.dataset.ready = "true";
}

start();
