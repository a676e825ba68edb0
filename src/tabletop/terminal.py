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

from tabletop.ai.agent import Agent, Budget
from tabletop.ai.values import move_chances, win_chances
from tabletop.core import Game, OptionError, Outcome, State, facts_of
from tabletop.play import Match, MatchError, SeatSpec
from tabletop.play.record import read_record_file, suffix_of

#: Thinking time for a hint (the strongest level's search, capped here).
HINT_SECONDS = 2.0

HELP = """\
Type a move in notation (Go: D4, pass; Oust: c3, or e5 on the hex board, and
swap with the pie rule). Commands:
  undo        take back the last move (against the computer: your last move and its reply)
  pass        pass, where the game allows it
  resign      give up the game
  moves       list the legal moves
  hint        the computer's three best moves and the chance to win after each
  save FILE   write the game record: in the game's own format when FILE ends in its
              suffix (game.sgf for Go), as JSON otherwise (game.json)
  help        this text
  quit        leave without finishing"""

DEAD_HELP = """\
Play has ended. Mark the dead stones: type a point of a chain to toggle it
dead or alive; 'done' accepts and scores; 'resume' plays on when you
disagree (two new passes end play again)."""

Input = Callable[[str], str]
Output = Callable[[str], None]


def load_record(path: str) -> State:
    """A game in progress from a record: a game's own format, chosen by the file's
    suffix (``.sgf``: Go's SGF), or the JSON of a match or of ``State.to_dict()``;
    each warning of the reader is printed, naming the file."""
    state: State = read_record_file(
        path, warn=lambda warning: print(f"warning: {path}: {warning}")
    ).state
    return state


def seat_spec(text: str) -> SeatSpec:
    """``human`` or ``ai:N`` as a match seat; OptionError quoting anything else."""
    text = text.strip()
    if text == "human":
        return SeatSpec("person")
    kind, _, level = text.partition(":")
    if kind != "ai" or not (level.strip().isascii() and level.strip().isdigit()):
        raise OptionError(f"seat {text!r}: expected human or ai:N with a level 1-10")
    return SeatSpec("computer", int(level))  # the Match checks the level against the table


class TerminalGame:
    """One game in the terminal, played through a :class:`tabletop.play.Match`.

    ``seats[i]`` is "human" or "ai:N". Everyone at the keyboard is a person
    seat: the prompt acts for the seat to move, an undo is agreed by those
    present, and 'done' in the dead-stone phase accepts for all of them.
    """

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
        # Looked up at call time, so a replaced builtins.input is honoured.
        self.read: Input = read or (lambda prompt: input(prompt))
        self.write: Output = write or (lambda text: print(text))
        self.rng = random.Random(seed)
        specs = [seat_spec(text) for text in seats]
        self.match = Match(game, specs, seed=self.rng.getrandbits(31), state=state)
        for seat, spec in enumerate(specs):
            if spec.kind == "person":
                self.match.claim(seat, game.seat_names[seat])
        from tabletop.ai.levels import agent_for_level

        # One agent per computer seat for the whole game, so a search keeps its tree.
        self.agents: dict[int, Agent] = {
            s: agent_for_level(game, spec.level, self.rng.getrandbits(31))
            for s, spec in enumerate(specs)
            if spec.kind == "computer" and spec.level is not None
        }
        self._hint_agent: Agent | None = None

    @property
    def state(self) -> State:
        """The position being played."""
        return self.match.state

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> Outcome | None:
        """Play until the game ends, someone resigns or quits; returns the outcome."""
        self.write(f"{self.game!r}\nType 'help' for commands.")
        match = self.match
        while True:
            if match.status == "finished":
                return self.finish(match.outcome())
            if match.status == "scoring":
                if not self.agree_dead_stones():
                    return None  # left during the dead-stone phase
                continue
            seat = match.to_move
            assert seat is not None
            self.write("\n" + str(self.state))
            if seat in self.agents:
                self.computer_move(seat)
                continue
            try:
                line = self.read(f"{self.game.seat_names[seat]}> ")
            except EOFError:
                self.write("\n(end of input: leaving the game)")
                return None
            if self.command(line.strip(), seat):
                return None

    def computer_move(self, seat: int) -> None:
        """The computer seat ``seat`` thinks and plays."""
        move = self.agents[seat].choose(self.state)
        text = self.state.format_move(move)
        self.match.play_computer(seat, text)
        self.write(f"{self.game.seat_names[seat]} (computer) plays {text}")

    def hint(self) -> None:
        """The three moves the strongest search likes best here, and its win estimate."""
        from tabletop.ai.levels import MAX_LEVEL, agent_for_level

        if self._hint_agent is None:
            self._hint_agent = agent_for_level(self.game, MAX_LEVEL, self.rng.getrandbits(31))
        analysis = self._hint_agent.analyze(self.state, Budget(seconds=HINT_SECONDS))
        seat = self._seat()
        best = analysis.moves[:3]
        chances = move_chances(analysis.values, [s.value for s in best], seat, self.game.teams)
        # A move the search looked at less has a rougher value: the share says how rough
        # (alpha-beta searches every move it ranks, and has no visits to share).
        moves = ", ".join(
            f"{s.move} ({c:.0%} to win" + (f", {s.share:.0%} of the search)" if s.visits else ")")
            for s, c in zip(best, chances, strict=True)
        )
        win = win_chances(analysis.values, self.game.teams)[seat]
        self.write(f"hint: {moves}; {self.game.seat_names[seat]} wins about {win:.0%} now")

    def command(self, line: str, seat: int) -> bool:
        """Handle one line typed for ``seat``; True when the player leaves the game."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not line:
            return False
        try:
            if word in ("help", "?"):
                self.write(HELP)
            elif word in ("quit", "exit"):
                self.write("Game abandoned.")
                return True
            elif word == "resign":
                self.match.resign(seat)
            elif word == "undo":
                self.undo_turn()
            elif word == "moves":
                self.write(" ".join(self.match.legal_moves()))
            elif word == "hint":
                self.hint()
            elif word == "save":
                self.save(rest.strip())
            else:
                self.match.play(seat, line)
        except MatchError as err:
            self.write(f"error: {err.message}")
        return False

    def undo_turn(self) -> None:
        """Take back the last move a person made (and the computer replies after it).

        At one keyboard the people present agree, so a request between two
        people is accepted on the spot.
        """
        match = self.match
        people = [m["seat"] for m in match.moves if m["seat"] not in self.agents]
        if not people:
            raise MatchError("bad-request", "nothing to undo")
        mover = people[-1]
        match.request_undo(mover)
        if match.undo_request is not None:
            for other in range(self.game.num_players):
                if other != mover and other not in self.agents and match.undo_request:
                    match.answer_undo(other, True)

    def _seat(self) -> int:
        seat = self.state.to_move
        assert seat is not None
        return seat

    def save(self, path: str) -> None:
        """Write the record: in the game's own format when the name ends in its suffix
        (``.sgf`` for Go), as the JSON of ``State.to_dict()`` otherwise."""
        if not path:
            self.write("error: save needs a file name, e.g. save game.json")
            return
        fmt = facts_of(self.game).records.get(suffix_of(path))
        try:
            if fmt is not None:
                names = [s.name for s in self.match.seats]
                Path(path).write_bytes(fmt.write(self.state, names, None))
            else:
                Path(path).write_text(json.dumps(self.state.to_dict(), indent=2))
        except OSError as err:
            self.write(f"error: cannot write {path!r} ({err.strerror})")
            return
        self.write(f"saved to {path}")

    # -- the end ------------------------------------------------------------------------
    def agree_dead_stones(self) -> bool:
        """The dead-stone phase, starting from the match's proposal; False if the players left."""
        match = self.match
        state = match.state
        phase = match.scoring_phase
        assert phase is not None  # only a game with a scoring phase reaches "scoring"
        people = [s for s in range(self.game.num_players) if s not in self.agents]
        proposal = " ".join(phase.marked(state)) or "none"
        self.write(f"Proposed dead (from playouts): {proposal}")
        self.write(DEAD_HELP)
        while match.status == "scoring":
            self.write("\n" + str(state))
            self.write(self.score_line(state.outcome()))
            try:
                line = self.read("dead stones> ").strip()
            except EOFError:
                return False
            word = line.lower()
            try:
                if word in ("done", "accept", "ok"):
                    for seat in people:
                        if seat not in match.accepted:
                            match.accept_dead(seat)
                elif word in ("resume", "undo"):
                    match.resume(people[0])
                    self.write("play resumes: two new passes end it again")
                elif word in ("help", "?"):
                    self.write(DEAD_HELP)
                elif word in ("quit", "exit"):
                    return False
                else:
                    before = len(phase.marked(state))
                    match.toggle_dead(people[0], line)
                    stones = len(phase.marked(state)) - before
                    now = "dead" if stones > 0 else "alive"
                    self.write(f"{abs(stones)} stone(s) at {line.upper()} marked {now}")
            except MatchError as err:
                self.write(f"error: {err.message}")
        return True

    def score_line(self, outcome: Outcome | None) -> str:
        """A counted outcome's breakdown, in the game's own words (its facts)."""
        if outcome is None:
            return ""
        return "\n".join(facts_of(self.game).score_lines(outcome.detail))

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
