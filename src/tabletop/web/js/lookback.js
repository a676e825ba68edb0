// Looking back during a game: a move of the list clicked, or ←/→, Home/End, shows the
// board after that move (the server's view at ?ply=N); play waits until the player
// goes back to the game (End, →past the last move, or the "back to the game" button).

import { api } from "./api.js";
import { errorText } from "./errors.js";

export class Lookback {
  /** `onChange()` redraws the page; `onError(text)` shows why a position did not come. */
  constructor(gameId, { onChange, onError }) {
    this.gameId = gameId;
    this.onChange = onChange;
    this.onError = onError;
    this.ply = null; // the ply looked at; null: the live game
    this.view = null; // the view at that ply, once it came
  }

  /** Whether the page shows a past position now. */
  get active() {
    return this.ply !== null;
  }

  /** Show the board after `ply` plies of the live `view` (its last ply: back to the game). */
  async show(ply, view) {
    const last = view.moves.length;
    const target = Math.max(0, Math.min(ply, last));
    if (target >= last) {
      this.back();
      return;
    }
    this.ply = target;
    this.onChange();
    try {
      const past = await api.game(this.gameId, target);
      if (this.ply === target) {
        this.view = past;
        this.onChange();
      }
    } catch (err) {
      this.onError(errorText(err));
    }
  }

  back() {
    if (this.ply === null) return;
    this.ply = null;
    this.view = null;
    this.onChange();
  }

  /** The key of a keydown on the page: true when it was one of looking back's. */
  key(event, view) {
    if (!view || event.altKey || event.ctrlKey || event.metaKey) return false;
    const target = event.target;
    // Typing, and arrow keys moving about the board's points, are not looking back.
    if (target?.closest?.("input, textarea, select, svg, [contenteditable]")) return false;
    const now = this.ply ?? view.moves.length;
    const step = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: view.moves.length }[event.key];
    if (step === undefined || (this.ply === null && event.key !== "ArrowLeft" && event.key !== "Home")) return false;
    event.preventDefault();
    this.show(step, view);
    return true;
  }
}
