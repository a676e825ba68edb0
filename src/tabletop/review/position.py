"""One position of a review: each seat's chance of winning, the best move found with its
line, and the game's own facts about the position (Go: ownership and score)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.ai.agent import Analysis
from tabletop.ai.values import search_values, win_chances
from tabletop.core.game import State
from tabletop.core.registry import facts_of
from tabletop.review.analyst import Analyst

#: Chances are given to this many decimals (a thousandth of a chance is below any label).
DECIMALS = 4


@dataclass(frozen=True)
class PositionView:
    """What the analyst thinks of one position.

    ``chances``: per seat, adding up to one (team-mates share theirs);
    ``best``, ``line``: the best move found and the principal line from it, in the
    game's notation (None and empty once the game is over); ``best_action``: the
    best move's action number, to compare with the move played; ``extras``: the
    game's facts about the position (core/facts.py, ``review_extras``);
    ``work``: what the search did (iterations, seconds, depth where it has one).
    """

    chances: tuple[float, ...]
    best: str | None = None
    best_action: int | None = None
    line: list[str] = field(default_factory=list)
    extras: Mapping[str, Any] = field(default_factory=dict)
    work: Mapping[str, float] = field(default_factory=dict)


def chances_of(values: tuple[float, ...], state: State, calm: float = 1.0) -> tuple[float, ...]:
    """Chances per seat from a search's values (rounded; they still add up to one), read
    ``calm``ly: each side's chance to that power, scaled to add up to one again (for two
    sides the logit times ``calm``; 1: as they are; decision 0140)."""
    chances = calmed(win_chances(values, state.game.teams), state.game.teams, calm)
    rounded = [round(c, DECIMALS) for c in chances]
    # Rounding may leave the sum a few ten-thousandths off one: the largest takes it.
    top = max(range(len(rounded)), key=lambda s: rounded[s])
    rounded[top] = round(rounded[top] + 1.0 - sum(rounded), DECIMALS)
    return tuple(rounded)


def calmed(chances: tuple[float, ...], teams: tuple[int, ...], calm: float) -> tuple[float, ...]:
    """``chances`` per seat taken to the power ``calm`` per side and scaled to add up to one
    over the sides (team-mates carry their team's); a certain result stays certain."""
    if calm == 1.0:
        return chances
    per_team: dict[int, float] = {}
    for seat, chance in enumerate(chances):
        per_team.setdefault(teams[seat], chance**calm)
    total = sum(per_team.values())
    return tuple(per_team[teams[seat]] / total for seat in range(len(chances)))


def view_position(analyst: Analyst, state: State, probe: bool = False) -> PositionView:
    """The analyst's view of ``state``: searched while play goes on (by its ``probe`` if
    asked, for a position off the game's line), the outcome once over."""
    extras = facts_of(state.game).review_extras
    outcome = state.outcome()
    if outcome is not None:
        return PositionView(
            chances_of(search_values(outcome), state, analyst.calm), extras=extras(state, {})
        )
    agent = analyst.probe if probe else analyst.agent
    analysis = agent.analyze(state, analyst.budget)
    return PositionView(
        chances_of(analysis.values, state, analyst.calm),
        state.format_move(analysis.best),
        state.move_to_action(analysis.best),
        line_text(state, analysis),
        extras(state, analysis.detail),
        _work(analysis),
    )


def line_text(state: State, analysis: Analysis) -> list[str]:
    """The principal line in the game's notation, each move named in its own position
    (it stops early at a move the position does not allow: a stale kept subtree)."""
    walk = state.copy()
    names: list[str] = []
    for move in analysis.line:
        if walk.is_over() or move not in walk.legal_moves():
            break
        names.append(walk.format_move(move))
        walk.play(move)
    return names


def _work(analysis: Analysis) -> dict[str, float]:
    work: dict[str, float] = {"iterations": analysis.iterations, "seconds": analysis.seconds}
    depth = analysis.detail.get("depth")
    if isinstance(depth, int):
        work["depth"] = depth
    return work
