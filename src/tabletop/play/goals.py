"""The goals of the lessons, a small fixed vocabulary checked the same way in every game.

A lesson says what its player must do as one of these kinds (decision record 0109), and
this module alone decides whether they did it, from the game's own facts and state: the
pieces each seat has on its board view (Go's and Oust's stones, Abalone's marbles), the
moves played, the outcome. No goal knows a game by name.

* ``capture`` / ``push_off`` / ``place_capturing`` ``{count}``: the player's own moves
  took at least ``count`` of the others' pieces off the board (a capture, a marble pushed
  off, a capturing placement: one word per game, one check);
* ``reach`` ``{moves}``: the player made one of these moves (a pawn onto a square, a stone
  onto the point that matters);
* ``win``: the game ended with the player's side among the winners;
* ``survive`` ``{count}``: the player made ``count`` moves and lost no piece;
* ``play`` ``{count}``: the player made ``count`` legal moves (the very first lessons).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core import State, facts_of


@dataclass
class Progress:
    """What the player has done in a lesson so far, counted move by move as it is replayed."""

    learner: int
    moves: int = 0  # the learner's moves
    taken: int = 0  # the others' pieces the learner's moves took off the board
    lost: int = 0  # the learner's pieces the others' moves took
    last: str | None = None  # the learner's last move, in notation


def pieces(state: State) -> Counter[int]:
    """How many pieces each seat has on the board, from the game's board view: the cells
    of its maps of seats (a game whose pieces never leave the board counts none)."""
    count: Counter[int] = Counter()
    for value in facts_of(state.game).board_view(state).values():
        if isinstance(value, Mapping):
            count.update(v for v in value.values() if isinstance(v, int))
    return count


def record_move(progress: Progress, state: State, move: str) -> None:
    """Play ``move`` on ``state`` and count what it did (TabletopError if it is illegal)."""
    mover = state.to_move
    teams = state.game.teams
    before = pieces(state)
    state.play(move)
    after = pieces(state)
    mine = teams[progress.learner]
    gone = {seat: before[seat] - after[seat] for seat in before if before[seat] > after[seat]}
    if mover == progress.learner:
        progress.moves += 1
        progress.last = move
        progress.taken += sum(n for seat, n in gone.items() if teams[seat] != mine)
    else:
        progress.lost += sum(n for seat, n in gone.items() if teams[seat] == mine)


def _taken(goal: Mapping[str, Any], state: State, p: Progress) -> bool:
    return p.taken >= int(goal.get("count", 1))


def _reach(goal: Mapping[str, Any], state: State, p: Progress) -> bool:
    if p.last is None:
        return False
    wanted = {str(state.parse_move(m)) for m in goal["moves"]}
    return str(state.parse_move(p.last)) in wanted


def _win(goal: Mapping[str, Any], state: State, p: Progress) -> bool:
    outcome = state.outcome()
    teams = state.game.teams
    return outcome is not None and any(teams[w] == teams[p.learner] for w in outcome.winners)


def _survive(goal: Mapping[str, Any], state: State, p: Progress) -> bool:
    return p.moves >= int(goal["count"]) and p.lost == 0 and not _lost(state, p)


def _play(goal: Mapping[str, Any], state: State, p: Progress) -> bool:
    return p.moves >= int(goal.get("count", 1))


#: Every kind of goal and its check ``(goal, state, progress) -> reached``.
GOALS = {
    "capture": _taken,
    "push_off": _taken,
    "place_capturing": _taken,
    "reach": _reach,
    "win": _win,
    "survive": _survive,
    "play": _play,
}

#: The fields each kind of goal needs besides its kind.
GOAL_FIELDS = {"reach": {"moves"}, "survive": {"count"}}


def _lost(state: State, p: Progress) -> bool:
    """The game ended and the learner's side is not among the winners."""
    outcome = state.outcome()
    teams = state.game.teams
    return outcome is not None and not any(teams[w] == teams[p.learner] for w in outcome.winners)


def reached(goal: Mapping[str, Any], state: State, progress: Progress) -> bool:
    """Whether the lesson's goal is reached in ``state`` after ``progress``."""
    return GOALS[str(goal["kind"])](goal, state, progress)


def failed(state: State, progress: Progress) -> bool:
    """The game ended without the learner reaching the goal (checked after ``reached``)."""
    return state.is_over()
