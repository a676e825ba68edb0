"""Outcomes as JSON and as the sentence a player reads ("White wins by 3.5 points")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core import Game, Outcome

#: Why the game ended, as the end of the sentence after "X wins".
REASON_TEXT = {
    "resignation": "by resignation",
    "timeout": "on time",
    "six-ejected": "by pushing off six marbles",
    "goal-reached": "by reaching the goal",
    "all-captured": "by capturing every enemy stone",
    "no-placements": "as nobody can place a stone",
    "max-plies": "at the move limit",
    "cycle": "after a repeated position",
}


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    chosen = [names[s] for s in seats]
    return chosen[0] if len(chosen) == 1 else ", ".join(chosen[:-1]) + " and " + chosen[-1]


def outcome_text(game: Game, outcome: Outcome) -> str:
    """One sentence describing the result."""
    names = game.seat_names
    detail = outcome.detail
    if outcome.reason == "score" and "margin" in detail:
        margin = abs(float(detail["margin"]))
        if not outcome.winners:
            return "Jigo: the game is a draw"
        points = f"{margin:g} point" + ("" if margin == 1 else "s")
        return f"{names[outcome.winners[0]]} wins by {points}"
    if outcome.reason == "cycle" and not outcome.winners:
        return "No result: a whole-board position repeated three times"
    if not outcome.winners:
        why = {
            "max-plies": "the move limit was reached",
            "repetition": "a position kept coming back (a stand-off)",
        }.get(outcome.reason, "nobody wins")
        return f"Draw: {why}"
    verb = "wins" if len(outcome.winners) == 1 else "win"
    reason = REASON_TEXT.get(outcome.reason, "")
    return f"{_names(names, outcome.winners)} {verb} {reason}".strip()


def outcome_to_dict(game: Game, outcome: Outcome) -> dict[str, Any]:
    """The protocol's outcome: winners, returns, reason, text and the game's detail."""
    return {**outcome.to_dict(), "text": outcome_text(game, outcome)}
