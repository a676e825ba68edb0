"""The larger spatial patterns: exact codes, the same under the symmetries and colours."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.go.kernels import BLACK, BORDER, EMPTY, WHITE
from tabletop.games.go.spatial import (
    CODES_BUFFER,
    OFFSETS,
    SIZES,
    canonical,
    check_nested,
    key,
    known_weight,
    largest_weight,
    raw_table,
    read_weights,
    spatial_codes,
    spatial_table,
)
from tests.games.go.helpers import random_state

N = 9


def padded(grid: np.ndarray) -> np.ndarray:
    """The kernels' board: the grid inside a ring of BORDER."""
    n = grid.shape[0]
    board = np.full((n + 2) * (n + 2), BORDER, dtype=np.int64)
    for r in range(n):
        board[(r + 1) * (n + 2) + 1 : (r + 1) * (n + 2) + 1 + n] = grid[r]
    return board


def codes_at(grid: np.ndarray, r: int, c: int, color: int) -> list[int]:
    n = grid.shape[0]
    out = np.zeros(CODES_BUFFER, dtype=np.int64)
    spatial_codes(padded(grid), n, (r + 1) * (n + 2) + c + 1, color, out)
    return [int(v) for v in out[:3]]


def values_around(grid: np.ndarray, r: int, c: int, color: int) -> list[int]:
    """Written out by hand: each offset's value as the mover sees it."""
    n = grid.shape[0]
    out = []
    for dr, dc in OFFSETS:
        rr, cc = r + dr, c + dc
        if not (0 <= rr < n and 0 <= cc < n):
            out.append(3)
        elif grid[rr, cc] == EMPTY:
            out.append(0)
        else:
            out.append(1 if grid[rr, cc] == color else 2)
    return out


grids = st.lists(st.sampled_from((EMPTY, EMPTY, BLACK, WHITE)), min_size=N * N, max_size=N * N)
points = st.tuples(st.integers(0, N - 1), st.integers(0, N - 1))


def test_the_sizes_are_nested_rings_of_the_gridcular_distance() -> None:
    distance = [abs(r) + abs(c) + max(abs(r), abs(c)) for r, c in OFFSETS]
    assert len(OFFSETS) == SIZES[-1]
    assert distance == sorted(distance)
    for size, limit in zip(SIZES, (4, 5, 6), strict=True):
        assert sum(d <= limit for d in distance) == size


@settings(max_examples=60, deadline=None)
@given(grids, points, st.sampled_from((BLACK, WHITE)), st.integers(0, 7))
def test_a_turned_or_mirrored_board_gives_the_same_codes(
    cells: list[int], at: tuple[int, int], color: int, symmetry: int
) -> None:
    grid = np.array(cells, dtype=np.int64).reshape(N, N)
    turned = np.rot90(grid, symmetry % 4)
    r, c = at
    for _ in range(symmetry % 4):  # where (r, c) goes under np.rot90 (anticlockwise)
        r, c = N - 1 - c, r
    if symmetry >= 4:
        turned, c = turned[:, ::-1], N - 1 - c
    assert codes_at(turned, r, c, color) == codes_at(grid, *at, color)


@settings(max_examples=60, deadline=None)
@given(grids, points)
def test_the_mover_sees_its_own_shape_whichever_colour_it_is(
    cells: list[int], at: tuple[int, int]
) -> None:
    grid = np.array(cells, dtype=np.int64).reshape(N, N)
    swapped = np.where(grid == BLACK, WHITE, np.where(grid == WHITE, BLACK, grid))
    assert codes_at(swapped, *at, WHITE) == codes_at(grid, *at, BLACK)


@settings(max_examples=60, deadline=None)
@given(grids, points, st.sampled_from((BLACK, WHITE)))
def test_a_code_is_the_smallest_of_the_written_out_shape_turned(
    cells: list[int], at: tuple[int, int], color: int
) -> None:
    grid = np.array(cells, dtype=np.int64).reshape(N, N)
    values = values_around(grid, *at, color)
    index = {(int(r), int(c)): k for k, (r, c) in enumerate(OFFSETS)}
    expected = []
    for size in SIZES:
        best = None
        for rotate in range(4):
            for mirror in (False, True):
                code = 0
                for k in range(size):
                    r, c = (int(v) for v in OFFSETS[k])
                    for _ in range(rotate):
                        r, c = c, -r
                    if mirror:
                        c = -c
                    code |= values[k] << (2 * index[(r, c)])
                best = code if best is None else min(best, code)
        expected.append(best)
    assert codes_at(grid, *at, color) == expected


def test_shapes_that_differ_only_far_out_differ_only_in_the_larger_sizes() -> None:
    grid = np.zeros((N, N), dtype=np.int64)
    near = codes_at(grid, 4, 4, BLACK)
    grid[4, 7] = WHITE  # three away in line: distance 6, only in the 28-point pattern
    far = codes_at(grid, 4, 4, BLACK)
    assert near[:2] == far[:2] and near[2] != far[2]
    assert near == [0, 0, 0]  # the empty middle of the board
    corner = codes_at(np.zeros((N, N), dtype=np.int64), 0, 0, BLACK)
    assert all(code != 0 for code in corner)  # the edge is part of the shape


def test_the_largest_known_pattern_gives_the_weight() -> None:
    codes = np.array([5, 6, 7] + [0] * 8, dtype=np.int64)
    keys = np.array(sorted([key(0, 5), key(1, 6), key(2, 99)]), dtype=np.int64)
    weights = np.array([{key(0, 5): 0.5, key(1, 6): 1.5, key(2, 99): 9.0}[k] for k in keys])
    assert largest_weight(keys, weights, codes) == 1.5  # size 20 known, size 28 not
    codes[1] = 8
    assert largest_weight(keys, weights, codes) == 0.5
    codes[0] = 4
    assert largest_weight(keys, weights, codes) == 0.0
    assert largest_weight(keys[:0], weights[:0], codes) == 0.0


def test_a_weights_file_is_read_strictly(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("# a comment\n12 5 0.25\n28 7 -1.5  # trailing\n")
    assert read_weights(good) == {(12, 5): 0.25, (28, 7): -1.5}
    assert read_weights(tmp_path / "missing.txt") == {}
    bad = tmp_path / "bad.txt"
    bad.write_text("13 5 0.25\n")
    with pytest.raises(ValueError, match=r"bad.txt:1: expected 'size code log-gamma'"):
        read_weights(bad)


def test_the_table_is_empty_when_the_term_is_off() -> None:
    keys, weights = spatial_table(0.0)
    assert keys.shape == (0,) and weights.shape == (0,)


def test_the_committed_patterns_make_a_sorted_table_of_distinct_keys() -> None:
    keys, weights = spatial_table(0.05)
    assert len(keys) == len(read_weights()) > 0
    assert np.all(np.diff(keys) > 0)
    assert np.all(np.abs(weights) <= 0.15)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 70))
def test_the_size_by_size_lookup_gives_the_largest_known_weight(seed: int, plies: int) -> None:
    # On the shipped (nested) table, known_weight stops at the first unknown size and must
    # still give largest_weight's value at every empty point, for either mover.
    state = random_state(seed, plies)
    keys, values = raw_table()
    codes = np.empty(CODES_BUFFER, dtype=np.int64)
    scratch = np.empty(CODES_BUFFER, dtype=np.int64)
    board = state._board
    for p in np.flatnonzero(board == EMPTY):
        for color in (BLACK, WHITE):
            spatial_codes(board, N, int(p), color, codes)
            expected = largest_weight(keys, values, codes)
            assert known_weight(board, N, int(p), color, keys, values, scratch) == expected


def test_a_larger_pattern_without_its_smaller_one_is_refused(tmp_path: Path) -> None:
    grid = np.zeros((N, N), dtype=np.int64)
    grid[3, 5] = WHITE
    grid[2, 2] = BLACK
    small, middle, large = codes_at(grid, 4, 4, BLACK)
    # Each code's first points re-read as the smaller size give the smaller code.
    assert canonical(middle, SIZES[0]) == small and canonical(large, SIZES[1]) == middle
    nested = np.array(sorted([key(0, small), key(1, middle), key(2, large)]), dtype=np.int64)
    check_nested(nested, tmp_path / "w.txt")
    torn = np.array(sorted([key(0, small), key(2, large)]), dtype=np.int64)
    with pytest.raises(ValueError, match=r"w.txt: the 28-point pattern .* without its 20-point"):
        check_nested(torn, tmp_path / "w.txt")
