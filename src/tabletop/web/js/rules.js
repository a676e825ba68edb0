// The rules page's diagrams: each position drawn by the game's own board renderer
// (boards/index.js) from the view the page carries, with its marks as rings; a diagram
// marked "try it" becomes a small board where the reader plays on, both sides, from
// that position. The server plays the rules: each move is the position's moves plus
// the reader's, sent to POST /api/position, and the board draws the view it answers.

import { request } from "./api.js";
import { drawBoard } from "./boards/index.js";
import { catalog } from "./i18n.js";
import { moveWords } from "./move-words.js";
import { html } from "./svg.js";

const rules = await catalog("rules");
/** A text of the rules domain (a plain name, so the catalog's extractor finds the calls). */
const t = (message, params) => rules.t(message, params);

/** The words this page's script shows (the rules catalog domain). */
const TEXT = {
  tryIt: t("Try it"),
  again: t("Start again"),
  yourMove: t("Your turn: play a move on the board."),
  played: (move) => t("Played: {move}. Play on, or start again.", { move }),
  over: t("The game is over. Start again to try once more."),
  failed: t("That move could not be played here."),
};

/** A move the board cannot click (a pass, Oust's swap): it gets a button. */
const isSpecial = (move) => !/^[a-z]\d+/i.test(String(move));

function marksOf(diagram) {
  return (diagram.marks || []).map((move) => ({ move }));
}

/** Draw one diagram as it stands: no clicks, its marks ringed. */
function drawStill(figure, diagram) {
  const root = figure.querySelector("svg");
  drawBoard(root, { view: diagram.view, interactive: false, hints: marksOf(diagram) });
  root.classList.remove("interactive");
}

/** Make `figure` a board the reader plays on from `diagram`'s position. */
function attachTry(figure, diagram) {
  const box = figure.querySelector(".rules-try");
  const root = figure.querySelector("svg");
  const status = html("p", { class: "rules-status", role: "status", "aria-live": "polite" });
  const specials = html("div", { class: "rules-specials" });
  const start = html("button", { type: "button", class: "rules-try-button" }, [TEXT.tryIt]);
  const reset = html("button", { type: "button", class: "rules-reset", hidden: "" }, [TEXT.again]);
  box.replaceChildren(start, specials, reset, status);
  box.hidden = false;
  const state = { played: [], view: diagram.view, selection: [], busy: false };

  function draw() {
    const v = state.view;
    const playing = v.status === "playing";
    drawBoard(root, {
      view: v,
      interactive: playing && !state.busy,
      showLegal: true,
      selection: state.selection,
      hints: state.played.length ? [] : marksOf(diagram),
      onMove: play,
      onSelect: (selection) => {
        state.selection = selection;
        draw();
      },
      onMessage: (text) => {
        status.textContent = text;
      },
    });
    root.classList.toggle("interactive", playing);
    const buttons = playing ? (v.legal || []).filter(isSpecial) : [];
    specials.replaceChildren(
      ...buttons.map((move) => {
        const key = String(move).toLowerCase();
        const b = html("button", { type: "button", "data-move": key }, [moveWords(move)]);
        b.addEventListener("click", () => play(move));
        return b;
      }),
    );
  }

  async function play(move) {
    if (state.busy) return;
    state.busy = true;
    state.selection = [];
    const moves = [...diagram.position.moves, ...state.played, move];
    try {
      state.view = await request("/api/position", { method: "POST", body: { ...diagram.position, moves } });
      state.played.push(move);
      status.textContent = state.view.status === "playing" ? TEXT.played(moveWords(move)) : TEXT.over;
    } catch {
      status.textContent = TEXT.failed;
    }
    state.busy = false;
    reset.hidden = state.played.length === 0;
    draw();
  }

  start.addEventListener("click", () => {
    start.hidden = true;
    figure.classList.add("trying");
    status.textContent = TEXT.yourMove;
    draw();
  });
  reset.addEventListener("click", () => {
    Object.assign(state, { played: [], view: diagram.view, selection: [] });
    reset.hidden = true;
    status.textContent = TEXT.yourMove;
    draw();
  });
}

function start() {
  // Each figure carries its diagram (position, view, marks) as JSON in data-diagram.
  for (const figure of document.querySelectorAll("figure[data-diagram]")) {
    const diagram = JSON.parse(figure.dataset.diagram);
    drawStill(figure, diagram);
    if (diagram.try) attachTry(figure, diagram);
  }
  document.body.dataset.rulesReady = "true";
}

start();
