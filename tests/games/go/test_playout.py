"""Go's playout policy: its knowledge agrees with the rules engine, its moves are legal."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.go import kernels, playout
from tabletop.games.go.patterns import pattern_table

from .helpers import point, position, random_state


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 70))
def test_libs_after_matches_the_rules_engine(seed: int, plies: int) -> None:
    state = random_state(seed, plies)
    n = state.game.size
    color = state.to_move + 1  # type: ignore[operator]
    buf = np.empty(8, dtype=np.int64)
    for action in state.legal_actions().tolist()[:-1]:
        p = state.game.points_by_action[action]
        after = state.copy()
        move = state.action_to_move(action)
        captures = sum(after.prisoners)
        after.play(action)
        captured = sum(after.prisoners) > captures
        libs = len(after.liberties(move))
        got = playout.libs_after(state._board, state._links, state._stats, n + 2, p, color, 3, buf)
        assert got == (3 if captured else min(3, libs)), (str(state), move)


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_playout_moves_are_legal_and_never_fill_own_eyes(seed: int, plies: int) -> None:
    state = random_state(seed, plies)
    n = state.game.size
    w = n + 2
    color = state.to_move + 1  # type: ignore[operator]
    legal = {state.game.points_by_action[a] for a in state.legal_actions().tolist()}
    last = state.history[-1] if state.history else None
    last_point = -1 if last is None else point(state, str(last))
    params = playout.PlayoutPolicy().array()
    size = w * w
    empties = np.array([p for p in range(size) if state._board[p] == 0], dtype=np.int64)
    cand = np.empty(size + 8, dtype=np.int64)
    kernels.seed_random(seed)
    for _ in range(5):
        move = playout.playout_move(
            state._board, state._links, state._stats, w, color, state._ko, last_point, False,
            pattern_table(), params, empties.copy(), len(empties), cand,
            np.empty(8, dtype=np.int64),
        )  # fmt: skip
        assert move in legal
        if move != kernels.PASS:
            assert not kernels.is_own_eye(state._board, w, move, color)


def test_margins_count_area_with_komi() -> None:
    state = position(black="C1 C2 C3 C4 C5 C6 C7 C8 C9", white="D1 D2 D3 D4 D5 D6 D7 D8 D9", size=9)
    # Exact: Black has columns A-C, White D-J.
    assert playout.exact_margin(state._board, 9, 7.0) == 27 - 54 - 7
    # Settled (after a playout every empty point touches its owner): only the points next
    # to a stone count, columns B-C for Black and D-E for White.
    own = np.zeros(121, dtype=np.float64)
    assert playout.settled_margin(state._board, 9, 7.0, own) == 18 - 18 - 7
    assert int(own.sum()) == 18
