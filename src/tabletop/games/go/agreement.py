"""Go's scoring phase: after two passes the players agree on the dead stones, then it is
counted (docs/rules/go.md). The match layer runs the phase through this object (the
ScoringPhase of core/facts.py); the estimator of games/go/dead.py proposes the marking."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core import State
from tabletop.games.go.rules import GoState


def _go(state: State) -> GoState:
    assert isinstance(state, GoState)
    return state


class DeadStoneAgreement:
    """The dead-stone phase of Go (every rule set but Tromp-Taylor, which counts every
    stone on the board as alive)."""

    def needed(self, state: State) -> bool:
        """Whether two passes ended play under rules whose count waits for an agreement."""
        go = _go(state)
        return go.end_reason == "score" and go.game.settings.agreed_dead_stones

    def propose(self, state: State, seed: int) -> list[str]:
        """The estimator's dead stones (games/go/dead.py); the terminal and GTP use it too."""
        from tabletop.games.go.dead import estimate_dead

        return estimate_dead(_go(state), seed=seed)

    def marked(self, state: State) -> list[str]:
        """The stones marked dead now."""
        return [str(m) for m in _go(state).dead_stones]

    def mark(self, state: State, points: Sequence[str]) -> None:
        """Mark exactly ``points`` dead."""
        _go(state).set_dead_stones(points)

    def toggle(self, state: State, point: str) -> str:
        """Mark the chain through ``point`` dead or alive again; its first point."""
        return str(_go(state).toggle_dead(point)[0])

    def chain(self, state: State, point: str) -> set[str]:
        """The stones of the chain through ``point``."""
        return {str(m) for m in _go(state).chain_at(point)}

    def resume(self, state: State) -> None:
        """Play on: two new passes end it again."""
        _go(state).resume()

    def view(self, state: State) -> dict[str, Any]:
        """The dead stones, whom each point counts for, the score and its breakdown."""
        go = _go(state)
        score = go.score()
        return {
            "dead": [str(m) for m in go.dead_stones],
            "owners": ["".join("." if o < 0 else str(o) for o in row) for row in go.owners()],
            "score": {"black": score.black.total, "white": score.white.total},
            "detail": score.as_dict(),
        }
