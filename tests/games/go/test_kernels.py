"""Kernel invariants: incremental chain bookkeeping equals a rebuild from the board."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.go import GoState, kernels


def chain_facts(state: GoState) -> dict[int, tuple[int, ...]]:
    """Per stone: its chain's (stones, pseudo-liberties, sum, sum of squares)."""
    board, links, stats = state._board, state._links, state._stats
    return {
        p: tuple(int(x) for x in stats[:, links[0, p]])
        for p in range(board.size)
        if board[p] in (kernels.BLACK, kernels.WHITE)
    }


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([5, 7, 9]))
def test_incremental_chains_match_a_rebuild(seed: int, size: int) -> None:
    rng = random.Random(seed)
    state = tabletop.load_game("go", size=size, rules="tromp-taylor").new_state()
    assert isinstance(state, GoState)
    for _ in range(4 * size * size):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
        fresh = state.copy()
        kernels.rebuild_chains(fresh._board, fresh._links, fresh._stats, fresh._w)
        assert chain_facts(state) == chain_facts(fresh)
        # The board hash is the xor of the keys of the stones on the board.
        expected = np.int64(0)
        for p in np.flatnonzero((state._board == 1) | (state._board == 2)):
            expected ^= state._zob[state._board[p], p]
        assert expected == state._hash


def test_result_hash_predicts_the_hash_after_the_move() -> None:
    rng = random.Random(3)
    state = tabletop.load_game("go", size=7, rules="tromp-taylor").new_state()
    assert isinstance(state, GoState)
    for _ in range(150):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions().tolist())
        if action != 49:
            p = state._point(action % 7, action // 7)
            predicted = kernels.result_hash(state._pos, state._zob, state._w, p)
            state.play(action)
            assert int(predicted) == state.board_hash
        else:
            state.play(action)


def test_policy_playouts_settle_the_board() -> None:
    # Never filling own eyes, random play goes on until every empty point is
    # surrounded by one colour, so the area count covers the whole board.
    size = 7
    zob = kernels.zobrist_table(size)
    kernels.seed_random(9)
    settled = 0
    for _ in range(40):
        board, links, stats, _ = kernels.views(kernels.empty_position(size))
        plies, _ = kernels.policy_playout(
            board, links, stats, zob, size, kernels.BLACK, -1, False, 3 * size * size
        )
        assert plies < 3 * size * size
        owner = kernels.region_owners(board, size)
        settled += int(np.count_nonzero(owner)) == size * size
        # No point is left that a side could fill without filling its own eye.
        for p in np.flatnonzero(board == kernels.EMPTY):
            assert (
                kernels.is_own_eye(board, size + 2, p, kernels.BLACK)
                or kernels.is_own_eye(board, size + 2, p, kernels.WHITE)
                or kernels.check_move(board, links, stats, size + 2, p, 1, -1, False) != 0
            )
    assert settled >= 30


def test_the_list_of_empty_points_follows_the_board() -> None:
    # collect_empties and take_empty as the playouts use them: after every stone the list
    # holds exactly the empty points, and ``where`` finds each of them in it.
    size = 7
    w = size + 2
    board, links, stats, _ = kernels.views(kernels.empty_position(size))
    zob = kernels.zobrist_table(size)
    empties = np.empty(board.size, dtype=np.int64)
    where = np.empty(board.size, dtype=np.int64)
    ne = kernels.collect_empties(board, size, empties, where)
    rng = random.Random(4)
    color = kernels.BLACK
    captures = 0
    for _ in range(120):
        legal = [
            int(p)
            for p in empties[:ne]
            if kernels.check_move(board, links, stats, w, int(p), color, -1, False) == kernels.LEGAL
        ]
        if not legal:
            break
        p = rng.choice(legal)
        captured, suicided, _, _ = kernels.play_stone(board, links, stats, zob, w, p, color)
        if captured + suicided > 0:
            captures += 1
            ne = kernels.collect_empties(board, size, empties, where)
        else:
            ne = kernels.take_empty(empties, where, ne, p)
        assert sorted(empties[:ne].tolist()) == np.flatnonzero(board == kernels.EMPTY).tolist()
        assert all(where[q] == i for i, q in enumerate(empties[:ne].tolist()))
        color = 3 - color
    assert captures > 0  # both ways of keeping the list were taken
