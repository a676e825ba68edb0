"""Exhaustive solutions of the smallest boards: the first player wins 2x2 and 3x3.

The engine's solver (solve.py: minimax with a transposition table over the
rules engine) is checked against an independent minimax over the
plain-Python reference rules.
"""

from __future__ import annotations

from functools import cache

import pytest

from tabletop.games.oust.solve import solve

from . import reference
from .helpers import game, neighbour_lists


def reference_value(width: int, height: int) -> tuple[int, int]:
    """(value for Black, positions valued) by memoised minimax over reference.py."""
    nbrs = neighbour_lists(game(width=width, height=height))

    @cache
    def value(stones: frozenset[tuple[int, int]], color: int, must_pass: bool) -> int:
        board = dict(stones)
        moves: list[int | None] = (
            [None] if must_pass else [*reference.placements(board, nbrs, color)]
        )
        results = []
        for p in moves:
            after = dict(board)
            took = False
            if p is not None:
                took = reference.classify(board, nbrs, p, color) == "capture"
                for gone in reference.captured(board, nbrs, p, color) if took else ():
                    del after[gone]
                after[p] = color
                if took and 3 - color not in after.values():
                    results.append(1 if color == 1 else -1)
                    continue
            who, forced = reference.next_turn(after, nbrs, color, took)
            if who is None:
                results.append(0)
            else:
                results.append(value(frozenset(after.items()), who, forced))
        return max(results) if color == 1 else min(results)

    result = value(frozenset(), 1, False)
    return result, value.cache_info().currsize


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 3), (2, 3), (3, 2), (2, 4)])
def test_first_player_wins_small_boards(width: int, height: int) -> None:
    state = game(width=width, height=height).new_state()
    full = solve(state, prune=False)
    assert full.value == 1
    assert solve(state).value == 1
    assert state.ply == 0, "the solver works on a copy"
    expected, _ = reference_value(width, height)
    assert full.value == expected
    # The best move found really wins: after it, White cannot do better than a loss.
    assert full.best is not None
    state.play(full.best)
    assert solve(state, prune=False).value == 1


@pytest.mark.parametrize(("size", "count"), [(2, 21), (3, 3700)])
def test_2x2_and_3x3_position_counts(size: int, count: int) -> None:
    """Every reachable non-terminal position is valued once; both searches count the same."""
    assert solve(game(size=size).new_state(), prune=False).positions == count
    assert reference_value(size, size) == (1, count)


def test_2x2_every_first_move_wins() -> None:
    g = game(size=2)
    for action in range(4):
        state = g.new_state()
        state.play(action)
        assert solve(state).value == 1
