"""Common fate graph distance in numba: how far each point is from a move, in chains.

In the common fate graph (Graepel et al., 2001) the stones of a chain are one node: they
live and die together. A point's distance from the last move is the number of steps
from one point to a neighbouring one, where a step between two stones of the same chain
costs nothing. So the liberties of the last move's chain are at distance 1 however long
the chain, and the liberties of a chain touching it at distance 2: the points where a
fight the last move started goes on, which plain distance on the board does not see.

Pachi's tree gives moves within distance 3 of the last move a prior bonus (its ``cfgd``
prior); tabletop.ai.go.search does the same when ``SearchParams.local_n`` is set.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.go.kernels import BORDER, EMPTY

#: The distance of points farther than asked for (and of border points).
FAR = 1 << 30


@njit(cache=True)
def fate_distances(
    board: np.ndarray,
    links: np.ndarray,
    w: int,
    start: int,
    limit: int,
    dist: np.ndarray,
    queue: np.ndarray,
) -> None:
    """Fill ``dist`` (one entry a padded board point) with each point's common fate graph
    distance from ``start`` (a point on the board, empty or a stone), up to ``limit``;
    points farther away, and the border, get FAR. ``queue`` is scratch of the board's
    length."""
    dist[:] = FAR
    head = 0
    tail = 0
    # A breadth-first search in which a stone reached brings its whole chain in at the same
    # distance: every point enters the queue once, in the order of its distance.
    tail = _reach(board, links, start, 0, dist, queue, tail)
    while head < tail:
        p = queue[head]
        head += 1
        d = dist[p]
        if d >= limit:
            break
        for step in (-w, -1, 1, w):
            q = p + step
            if dist[q] != FAR or board[q] == BORDER:
                continue
            tail = _reach(board, links, q, d + 1, dist, queue, tail)


@njit(cache=True, inline="always")
def _reach(
    board: np.ndarray,
    links: np.ndarray,
    p: int,
    d: int,
    dist: np.ndarray,
    queue: np.ndarray,
    tail: int,
) -> int:
    """Put p at distance d into the queue, with the rest of its chain when it is a stone;
    returns the queue's new end."""
    if board[p] == EMPTY:
        dist[p] = d
        queue[tail] = p
        return tail + 1
    s = p
    while True:
        dist[s] = d
        queue[tail] = s
        tail += 1
        s = links[1, s]
        if s == p:
            break
    return tail
