"""Common fate graph distance: a chain is one step, whatever its length."""

from __future__ import annotations

from collections import deque

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.go.fate import FAR, fate_distances
from tabletop.games.go.kernels import BLACK, BORDER, EMPTY, WHITE, rebuild_chains

N = 7
W = N + 2


def padded(grid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' board (the grid inside a ring of BORDER) and its chain links."""
    board = np.full(W * W, BORDER, dtype=np.int64)
    for r in range(N):
        board[(r + 1) * W + 1 : (r + 1) * W + 1 + N] = grid[r]
    links = np.zeros((2, W * W), dtype=np.int64)
    stats = np.zeros((4, W * W), dtype=np.int64)
    rebuild_chains(board, links, stats, W)
    return board, links


def distances(grid: np.ndarray, start: int, limit: int) -> np.ndarray:
    board, links = padded(grid)
    out = np.empty(W * W, dtype=np.int64)
    fate_distances(board, links, W, start, limit, out, np.empty(W * W, dtype=np.int64))
    return out


def reference(board: np.ndarray, start: int, limit: int) -> dict[int, int]:
    """Written out another way: a shortest-path search where a step between two stones of
    one colour costs 0 and any other step 1 (a 0-1 breadth-first search on the board)."""
    best = {start: 0}
    todo = deque([start])
    while todo:
        p = todo.popleft()
        for q in (p - W, p - 1, p + 1, p + W):
            if board[q] == BORDER:
                continue
            same = board[p] != EMPTY and board[q] == board[p]
            d = best[p] + (0 if same else 1)
            if d < best.get(q, FAR):
                best[q] = d
                if same:
                    todo.appendleft(q)
                else:
                    todo.append(q)
    return {p: d for p, d in best.items() if d <= limit}


def point(col: int, row: int) -> int:
    return (row + 1) * W + col + 1


def test_a_chain_is_one_step_long() -> None:
    grid = np.zeros((N, N), dtype=np.int64)
    grid[3, 1:6] = BLACK  # a chain of five across the middle
    grid[2, 5] = WHITE  # a white stone on its end
    got = distances(grid, point(1, 3), 3)  # from the chain's first stone
    assert got[point(5, 3)] == 0  # the chain's other end
    assert got[point(3, 2)] == 1  # a liberty halfway along
    assert got[point(5, 2)] == 1  # the white stone touching the chain
    assert got[point(5, 1)] == 2  # past the white stone
    assert got[point(3, 0)] == 3
    assert got[point(3, 6)] == 3
    assert got[0] == FAR  # the border


def test_a_white_chain_after_the_last_move_is_reached_whole() -> None:
    grid = np.zeros((N, N), dtype=np.int64)
    grid[0, :] = WHITE  # a white chain along the first row
    grid[1, 0] = BLACK  # the last move, next to its end
    got = distances(grid, point(0, 1), 3)
    assert got[point(6, 0)] == 1  # the far end of the chain it touches
    assert got[point(6, 1)] == 2  # a liberty of that chain, seven points away


@settings(max_examples=150, deadline=None)
@given(
    cells=st.lists(st.sampled_from((EMPTY, EMPTY, BLACK, WHITE)), min_size=N * N, max_size=N * N),
    start=st.integers(0, N * N - 1),
    limit=st.integers(0, 6),
)
def test_matches_a_shortest_path_search(cells: list[int], start: int, limit: int) -> None:
    grid = np.array(cells, dtype=np.int64).reshape(N, N)
    origin = point(start % N, start // N)
    board, _ = padded(grid)
    want = reference(board, origin, limit)
    got = distances(grid, origin, limit)
    for p in range(W * W):
        assert got[p] == want.get(p, FAR), (p, got[p], want.get(p))
