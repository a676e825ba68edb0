"""Kernel invariants: playouts end in positions that are what they claim, and are uniform."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.oust import kernels

from .helpers import game, position

OPTIONS = st.sampled_from(
    [
        {"size": 3},
        {"size": 9},
        {"width": 2, "height": 9},
        {"board": "hex", "side": 5},
        {"board": "hex", "side": 7, "pie": True},
        {"size": 5, "pie": True},
    ]
)


@settings(max_examples=30)
@given(options=OPTIONS, seed=st.integers(0, 2**31 - 1))
def test_playouts_end_where_they_say(options: dict[str, object], seed: int) -> None:
    g = game(**options)
    cells = g.num_cells
    pos = kernels.new_position(cells)
    scratch = kernels.new_scratch(cells)
    kernels.seed_random(seed)
    placements, plies, end, winner = kernels.random_playout(pos, g.neighbours, scratch, g.flags, 0)
    board = pos[0, :cells]
    meta = pos[1]
    assert placements <= plies
    assert meta[kernels.M_STONES] == np.count_nonzero(board == kernels.BLACK)
    assert meta[kernels.M_STONES + 1] == np.count_nonzero(board == kernels.WHITE)
    if end == kernels.END_ALL_CAPTURED:
        assert meta[kernels.M_STONES + 2 - winner] == 0 and placements >= 3
    else:
        assert end == kernels.END_NO_PLACEMENTS and winner == 0
        for color in (kernels.BLACK, kernels.WHITE):
            assert not kernels.has_placement(pos[0], g.neighbours, scratch, color)


def test_playout_respects_max_plies() -> None:
    g = game(size=9)
    pos = kernels.new_position(g.num_cells)
    scratch = kernels.new_scratch(g.num_cells)
    kernels.seed_random(3)
    placements, plies, end, _ = kernels.random_playout(pos, g.neighbours, scratch, 0, 10)
    assert (placements, plies, end) == (10, 10, kernels.END_MAX_PLIES)


def test_playout_from_a_state_continues_it() -> None:
    state = position("b2", "c1 c2", size=4)
    g = state.game
    legal = set(state.legal_actions().tolist())
    seen: Counter[int] = Counter()
    scratch = kernels.new_scratch(g.num_cells)
    kernels.seed_random(11)
    for _ in range(3000):
        pos = state.kernel_position()
        kernels.random_playout(pos, g.neighbours, scratch, 0, 1)
        placed = [c for c in range(g.num_cells) if pos[0, c] != state.board_array[c]]
        assert len(placed) == 1 and placed[0] in legal
        seen[placed[0]] += 1
    # Uniform over the legal placements: each near 3000 / len(legal).
    expected = 3000 / len(legal)
    assert set(seen) == legal
    assert all(abs(n - expected) < 0.3 * expected for n in seen.values())


@pytest.mark.parametrize("options", [{"size": 4}, {"board": "hex", "side": 5}])
def test_check_placement_leaves_the_board_alone(options: dict[str, object]) -> None:
    state = position(*(("b2 c3", "c2 d4") if "size" in options else ("e5 e6", "f6 d4")), **options)
    g = state.game
    before = state._pos.copy()
    for p in range(g.num_cells):
        kernels.check_placement(state._pos[0], g.neighbours, state._scratch, p, kernels.BLACK)
        kernels.largest_enemy_group(state._pos[0], g.neighbours, state._scratch, p, kernels.WHITE)
    assert np.array_equal(before, state._pos)


def _largest_enemy_by_flood(board: np.ndarray, nbr: np.ndarray, p: int, color: int) -> int:
    """The largest enemy group touching the group a stone at ``p`` would form, flooded
    from scratch in Python: the reference for the kernel's labelled-group answer."""

    def group(start: int, colour: int) -> set[int]:
        seen, todo = {start}, [start]
        while todo:
            for q in nbr[todo.pop()]:
                if q < len(board) and board[q] == colour and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen

    own = board.copy()
    own[p] = color
    new_group = group(p, color)
    opp = 3 - color
    touching = {q for s in new_group for q in nbr[s] if q < len(board) and own[q] == opp}
    return max((len(group(q, opp)) for q in touching), default=0)


@settings(max_examples=30)
@given(options=OPTIONS, seed=st.integers(0, 2**31 - 1))
def test_largest_enemy_group_measures_every_touching_group(
    options: dict[str, object], seed: int
) -> None:
    g = game(**options)
    cells = g.num_cells
    pos = kernels.new_position(cells)
    scratch = kernels.new_scratch(cells)
    kernels.seed_random(seed)
    kernels.random_playout(pos, g.neighbours, scratch, g.flags, cells // 2)
    board = pos[0, :cells]
    for color in (kernels.BLACK, kernels.WHITE):
        for p in range(cells):
            code = kernels.check_placement(pos[0], g.neighbours, scratch, p, color)[0]
            found = kernels.largest_enemy_group(pos[0], g.neighbours, scratch, p, color)
            wanted = _largest_enemy_by_flood(board, g.neighbours, p, color)
            assert found == (wanted if code == kernels.NOT_SMALLER else 0)
