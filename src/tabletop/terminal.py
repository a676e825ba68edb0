"""The terminal game: any registered game at one keyboard, or against computer players.

Seats are "human" or an agent spec (``ai:5``, ``random``, ``mcts:...``).
Moves are typed in the game's notation. Commands: ``undo``, ``pass``,
``resign``, ``moves``, ``hint``, ``save FILE``, ``help``, ``quit``. Bad
input prints one line saying what was wrong and changes nothing.

Go adds the end of play: after two passes the dead stones are agreed by
toggling chains (typing one of a chain's points), then the score is shown.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.ai.agent import Agent, Budget
from tabletop.core import Game, Outcome, State, TabletopError
from tabletop.games.go import GoState
from tabletop.games.go.sgf import load_sgf, save_sgf

#: Thinking time for a hint (the strongest level's search, capped here).
HINT_SECONDS = 2.0

HELP = """\
Type a move in notation (Go: D4, pass; Oust: c3, or e5 on the hex board, and
swap with the pie rule). Commands:
  undo        take back the last move (against the computer: your last move and its reply)
  pass        pass, where the game allows it
  resign      give up the game
  moves       list the legal moves
  hint        the computer's three best moves here and its win estimate
  save FILE   write the game record (SGF for Go, JSON otherwise)
  help        this text
  quit        leave without finishing"""

DEAD_HELP = """\
Play has ended. Mark the dead stones: type a point of a chain to toggle it
dead or alive; 'done' accepts and scores; 'resume' plays on when you
disagree (two new passes end play again)."""

Input = Callable[[str], str]
Output = Callable[[str], None]


def load_record(path: str) -> State:
    """A game in progress from a record: SGF (Go) or the JSON of ``State.to_dict()``."""
    from tabletop.core import NotationError, load_game

    if path.lower().endswith(".sgf"):
        record = load_sgf(path)
        for warning in record.warnings:
            print(f"warning: {path}: {warning}")
        return record.state
    try:
        data = json.loads(Path(path).read_text())
    except OSError as err:
        raise NotationError(f"{path}: cannot read the file ({err.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise NotationError(f"{path}: not a JSON record ({err})") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise NotationError(f"{path}: a record needs a 'game' name and 'options'")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise NotationError(f"{path}: 'options' must be a mapping")
    state_type = type(load_game(data["game"], **options).new_state())
    try:
        return state_type.from_dict(data)
    except TabletopError as err:
        raise type(err)(f"{path}: {err}") from None


class TerminalGame:
    """One game in the terminal. ``seats[i]`` is "human" or an agent spec such as ``ai:5``."""

    def __init__(
        self,
        game: Game,
        seats: list[str],
        read: Input | None = None,
        write: Output | None = None,
        seed: int | None = None,
        state: State | None = None,
    ) -> None:
        self.game = game
        self.state: State = state if state is not None else game.new_state()
        self.seats = seats
        # Looked up at call time, so a replaced builtins.input is honoured.
        self.read: Input = read or (lambda prompt: input(prompt))
        self.write: Output = write or (lambda text: print(text))
        self.rng = random.Random(seed)
        from tabletop.ai.specs import make_agent

        # Built up front so a bad seat is reported before the game starts.
        self.agents: dict[int, Agent] = {
            s: make_agent(spec, game, None if seed is None else seed + s)
            for s, spec in enumerate(seats)
            if spec != "human"
        }
        self._hint_agent: Agent | None = None

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> Outcome | None:
        """Play until the game ends, someone resigns or quits; returns the outcome."""
        self.write(f"{self.game!r}\nType 'help' for commands.")
        while True:
            if self.state.is_over():
                ended_by_passes = (
                    isinstance(self.state, GoState) and self.state.end_reason == "score"
                )
                if ended_by_passes and not self.agree_dead_stones(self.state):  # type: ignore[arg-type]
                    continue  # play resumed
                return self.finish(self.state.outcome())
            seat = self.state.to_move
            assert seat is not None
            self.write("\n" + str(self.state))
            if seat in self.agents:
                resigned = self.computer_move(seat)
                if resigned is not None:
                    return resigned
                continue
            try:
                line = self.read(f"{self.game.seat_names[seat]}> ")
            except EOFError:
                self.write("\n(end of input: leaving the game)")
                return None
            result = self.command(line.strip(), seat)
            if result is not None:
                return result if isinstance(result, Outcome) else None

    def computer_move(self, seat: int) -> Outcome | None:
        """The computer's move for ``seat``; the outcome if it resigns instead."""
        move = self.agents[seat].move_or_resign(self.state)
        if move is None:
            return self.resign(seat)
        self.state.play(move)
        self.write(f"{self.game.seat_names[seat]} (computer) plays {move}")
        return None

    def hint(self) -> None:
        """The three moves the strongest search likes best here, and its win estimate."""
        from tabletop.ai.levels import MAX_LEVEL, agent_for_level

        if self._hint_agent is None:
            self._hint_agent = agent_for_level(self.game, MAX_LEVEL, self.rng.getrandbits(31))
        analysis = self._hint_agent.analyze(self.state, Budget(seconds=HINT_SECONDS))
        seat = self._seat()
        best = ", ".join(
            f"{stat.move} ({stat.share:.0%} of the search)" for stat in analysis.moves[:3]
        )
        win = (analysis.values[seat] + 1.0) / 2.0
        self.write(f"hint: {best}; {self.game.seat_names[seat]} wins about {win:.0%}")

    def command(self, line: str, seat: int) -> Outcome | bool | None:
        """Handle one line; returns an Outcome or True to stop the game, None to go on."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not line:
            return None
        if word in ("help", "?"):
            self.write(HELP)
        elif word in ("quit", "exit"):
            self.write("Game abandoned.")
            return True
        elif word == "resign":
            return self.resign(seat)
        elif word == "undo":
            self.undo_turn()
        elif word == "moves":
            self.write(" ".join(str(m) for m in self.state.legal_moves()))
        elif word == "hint":
            self.hint()
        elif word == "save":
            self.save(rest.strip())
        else:
            try:
                self.state.play(line)
            except TabletopError as err:
                self.write(f"error: {err}")
        return None

    def undo_turn(self) -> None:
        """Undo back to the last position where a person was to move."""
        if self.state.ply == 0:
            self.write("error: nothing to undo")
            return
        self.state.undo()
        while self.state.ply and self._seat() in self.agents:
            self.state.undo()

    def _seat(self) -> int:
        seat = self.state.to_move
        assert seat is not None
        return seat

    def resign(self, seat: int) -> Outcome | None:
        n = self.game.num_players
        winners = tuple(s for s in range(n) if s != seat)
        returns = tuple(-1.0 if s == seat else 1.0 / (n - 1) for s in range(n))
        outcome = Outcome(returns, winners, "resignation", {"resigned": seat})
        return self.finish(outcome)

    def save(self, path: str) -> None:
        if not path:
            self.write("error: save needs a file name, e.g. save game.sgf")
            return
        try:
            if isinstance(self.state, GoState) and not path.lower().endswith(".json"):
                save_sgf(self.state, path)
            else:
                Path(path).write_text(json.dumps(self.state.to_dict(), indent=2))
        except OSError as err:
            self.write(f"error: cannot write {path!r} ({err.strerror})")
            return
        self.write(f"saved to {path}")

    # -- the end ------------------------------------------------------------------------
    def agree_dead_stones(self, state: GoState) -> bool:
        """The dead-stone phase; False if the players chose to resume play."""
        if state.game.rules.rules == "tromp-taylor":
            return True  # nothing is removed under Tromp-Taylor
        # The proposal: what playouts from here mostly lose; the players toggle the rest.
        from tabletop.games.go.evaluation import estimate_dead

        proposal = estimate_dead(state, playouts=100, seed=self.rng.getrandbits(31))
        state.set_dead_stones(proposal)
        self.write(f"Proposed dead (from playouts): {' '.join(proposal) or 'none'}")
        self.write(DEAD_HELP)
        while True:
            self.write("\n" + str(state))
            self.write(self.score_line(state.outcome()))
            try:
                line = self.read("dead stones> ").strip()
            except EOFError:
                return True
            if line.lower() in ("done", "accept", "ok"):
                return True
            if line.lower() in ("resume", "undo"):
                state.resume()
                self.write("play resumes: two new passes end it again")
                return False
            if line.lower() in ("help", "?"):
                self.write(DEAD_HELP)
                continue
            try:
                chain = state.toggle_dead(line)
            except TabletopError as err:
                self.write(f"error: {err}")
                continue
            now = "dead" if str(chain[0]) in {str(m) for m in state.dead_stones} else "alive"
            self.write(f"{len(chain)} stone(s) at {line.upper()} marked {now}")

    def score_line(self, outcome: Outcome | None) -> str:
        if outcome is None or "black" not in outcome.detail:
            return ""
        d: dict[str, Any] = dict(outcome.detail)
        parts = []
        for side in ("black", "white"):
            s = d[side]
            if d["scoring"] == "area":
                parts.append(
                    f"{side.title()}: {s['stones']} stones + {s['territory']} territory"
                    f" + {s['komi']} komi = {s['total']}"
                )
            else:
                parts.append(
                    f"{side.title()}: {s['territory']} territory + {s['prisoners']} prisoners"
                    f" + {s['dead']} dead + {s['komi']} komi = {s['total']}"
                )
        return "\n".join([*parts, f"Result: {d['result']}"])

    def finish(self, outcome: Outcome | None) -> Outcome | None:
        self.write("\n" + str(self.state))
        if outcome is None:
            return None
        names = self.game.seat_names
        if outcome.reason == "resignation":
            loser = outcome.detail["resigned"]
            self.write(f"{names[loser]} resigns.")
        elif outcome.reason == "score" and "result" in outcome.detail:
            self.write(self.score_line(outcome))
        elif outcome.reason == "cycle":
            self.write("The same position came back a third time: the game ends without result.")
        elif outcome.reason == "all-captured":
            self.write("Every enemy stone has been captured.")
        elif outcome.reason == "no-placements":
            self.write("Neither side can place a stone: the game is a draw.")
        elif outcome.reason == "max-plies":
            self.write("The move limit was reached: an unofficial draw.")
        if outcome.winners:
            self.write("Winner: " + ", ".join(names[w] for w in outcome.winners))
        else:
            self.write("No winner.")
        return outcome
