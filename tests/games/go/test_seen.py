"""The kernels' table of positions seen behaves like a Counter, through growth and undo."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.go import GoState, seen


@settings(max_examples=50)
@given(
    steps=st.lists(
        st.tuples(st.booleans(), st.integers(-(2**63), 2**63 - 1) | st.integers(0, 40)),
        max_size=300,
    )
)
def test_table_counts_like_a_counter(steps: list[tuple[bool, int]]) -> None:
    table = seen.new_table(16)
    used = 0
    expected: Counter[int] = Counter()
    for adding, key in steps:
        if adding:
            if 2 * (used + 1) > table.shape[0]:
                table, used = seen.rebuilt(table, 2 * table.shape[0])
            times, fresh = seen.add(table, np.int64(key))
            used += fresh
            expected[key] += 1
            assert times == expected[key]
        elif expected[key] > 0:
            seen.remove(table, np.int64(key))
            expected[key] -= 1
        assert seen.count(table, np.int64(key)) == expected[key]
    assert seen.as_dict(table) == {k: v for k, v in expected.items() if v > 0}
    grown, _ = seen.rebuilt(table, 4 * table.shape[0])
    assert seen.as_dict(grown) == seen.as_dict(table)


def test_trail_and_table_grow_in_long_games_and_copies() -> None:
    # A copy starts with little room, and 5x5 Tromp-Taylor games run past the
    # initial trail of 2*N*N plies; undo must still walk back to the start.
    rng = random.Random(5)
    game = tabletop.load_game("go", size=5, rules="tromp-taylor")
    state = game.new_state()
    assert isinstance(state, GoState)
    start = state.copy()
    for _ in range(3):
        copy = state.copy()
        for _ in range(120):
            if copy.is_over():
                break
            moves = [a for a in copy.legal_actions().tolist() if a != 25]
            copy.play(rng.choice(moves) if moves else 25)
        while copy.ply > state.ply:
            copy.undo()
        assert copy == state
        state.play(rng.choice(state.legal_actions().tolist()[:-1]))
    while state.ply:
        state.undo()
    assert state == start
