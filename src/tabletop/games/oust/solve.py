"""Exact solution of small Oust boards: depth-first minimax with a transposition table.

It searches the real rules engine through the core contract (legal_actions,
play, undo, zobrist), so what it proves is a property of the engine, not of
a copy of the rules. Values are from Black's side: +1 Black wins, -1 White
wins, 0 a draw. Only tiny boards (2x2, 3x3, 3x4) finish quickly.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from tabletop.core.game import State


@dataclass(frozen=True)
class Solution:
    """The game-theoretic value of a position and what the search visited."""

    value: int
    best: str | None
    nodes: int
    positions: int


class _Search:
    def __init__(self, state: State, prune: bool) -> None:
        self.state = state
        self.prune = prune
        self.table: dict[int, int] = {}
        self.path: set[int] = set()
        self.nodes = 0

    def value(self) -> int:
        state = self.state
        self.nodes += 1
        outcome = state.outcome()
        if outcome is not None:
            return round(outcome.returns[0])
        key = state.zobrist
        known = self.table.get(key)
        if known is not None:
            return known
        if key in self.path:
            # Oust placements never repeat a position (see the tests); say so if they do.
            raise RuntimeError(f"position repeated after {state.history}")
        self.path.add(key)
        maximize = state.to_move == 0
        best = -2 if maximize else 2
        for action in state.legal_actions().tolist():
            state.play(action)
            v = self.value()
            state.undo()
            if (v > best) if maximize else (v < best):
                best = v
                if self.prune and best == (1 if maximize else -1):
                    break  # nothing beats a win
        self.path.discard(key)
        self.table[key] = best
        return best


def solve(state: State, prune: bool = True) -> Solution:
    """The exact value of ``state`` (+1 Black wins, -1 White wins, 0 draw) and a best move.

    With ``prune`` a node stops at its first winning move; without it every
    reachable position is valued (for counting them).
    """
    search = _Search(state.copy(), prune)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        value = search.value()
        best = None
        probe = search.state
        for action in probe.legal_actions().tolist():
            probe.play(action)
            v = search.value()
            probe.undo()
            if v == value:
                best = str(probe.action_to_move(action))
                break
    finally:
        sys.setrecursionlimit(limit)
    return Solution(value, best, search.nodes, len(search.table))
