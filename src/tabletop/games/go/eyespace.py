"""Go eye shapes in numba: the vital point of a small eye space (nakade).

An eye space here is a connected region of 3 to 6 empty points whose
neighbours on the board are the stones of one colour only (and the edge). A
few such shapes make one eye whoever plays first at their vital point, and
two eyes if the owner plays it: the straight and bent three, the pyramid four,
the bulky and crossed five, and the rabbity six. Both sides want that point:
the attacker to kill (the stone there cannot be captured in time to make two
eyes), the owner to live. Other shapes of these sizes (the straight and bent
four, the square four, the long fives) have no single such point.

The shapes are told apart by how many of the region's own points each point
touches (its degree), without drawing the shape:

* 3 points: always a line or a bend; the vital point is the one of degree 2;
* 4 points: the pyramid is the only one with a point of degree 3;
* 5 points: the crossed five has a point of degree 4; the bulky five is the only
  five with a 2x2 block, that is with five adjacencies (degrees summing to 10),
  and its vital point is its one point of degree 3;
* 6 points: the rabbity six is a crossed five with a sixth point closing a 2x2
  block: a point of degree 4 and six adjacencies (degrees summing to 12).

The square four is left out on purpose: it is one eye already, and a stone in it
helps nobody. Used by the playout policy (a reply at the vital point next to the
last move) and by the search's priors (playout.py, tabletop.ai.go.search).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.go.kernels import BORDER, EMPTY

#: The largest eye space read; the flood fill gives up one point past it.
MAX_SPACE = 6


@njit(cache=True, inline="always")
def holds(cells: np.ndarray, k: int, p: int) -> bool:
    """True when p is among cells[:k] (a short list of points: the playouts' and the eye
    shapes' scratch rooms)."""
    for j in range(k):  # noqa: SIM110  # numba compiles the loop, not any() over a generator
        if cells[j] == p:
            return True
    return False


@njit(cache=True, inline="always")
def _degree(cells: np.ndarray, k: int, w: int, a: int) -> int:
    """How many points of the region cells[:k] touch its point cells[a]."""
    degree = 0
    for b in range(k):
        diff = abs(cells[a] - cells[b])
        if diff == 1 or diff == w:
            degree += 1
    return degree


@njit(cache=True)
def fill(board: np.ndarray, w: int, p: int, cells: np.ndarray, owner: int) -> tuple[int, int]:
    """Fill empty point p's region into ``cells`` (room for MAX_SPACE + 1 points): (the
    points filled, the colour of the stones around it). ``owner``: the colour the region
    must be enclosed by, or EMPTY for either. The fill stops early, with colour EMPTY, when
    the region grows past MAX_SPACE points or touches another colour; it is EMPTY too
    for a region that touches no stone. cells[:count] are points of the region either
    way."""
    cells[0] = p
    k = 1
    i = 0
    while i < k:
        q = cells[i]
        i += 1
        for d in (-w, -1, 1, w):
            r = q + d
            v = board[r]
            if v == EMPTY:
                if not holds(cells, k, r):
                    if k == MAX_SPACE:
                        return k, EMPTY
                    cells[k] = r
                    k += 1
            elif v != BORDER:  # a stone
                if owner == EMPTY:
                    owner = v
                elif owner != v:
                    return k, EMPTY
    return k, owner


@njit(cache=True)
def shape_vital(cells: np.ndarray, k: int, w: int) -> int:
    """The vital point of the region cells[:k] when it is a killable shape (the module's
    docstring says which, and how they are told apart), else -1."""
    if k < 3:
        return -1
    total = 0
    best = -1
    best_degree = 0
    for a in range(k):
        degree = _degree(cells, k, w, a)
        total += degree
        if degree > best_degree:
            best_degree = degree
            best = cells[a]
    if k == 3:
        return best
    if k == 4:
        return best if best_degree == 3 else -1
    if k == 5:
        if best_degree == 4 or (best_degree == 3 and total == 10):
            return best
        return -1
    return best if best_degree == 4 and total == 12 else -1


@njit(cache=True)
def only_eye_space(
    board: np.ndarray, links: np.ndarray, w: int, cells: np.ndarray, k: int, owner: int
) -> bool:
    """True when the chains of ``owner`` next to the region cells[:k] have no liberty
    outside it: the region is all the eye space they have, so its shape decides their
    life (killing_sacrifice asks it: a sacrifice inside a group with liberties elsewhere
    only gives stones away)."""
    for a in range(k):
        for d in (-w, -1, 1, w):
            q = cells[a] + d
            if board[q] != owner:
                continue
            h = links[0, q]
            s = h
            while True:
                for e in (-w, -1, 1, w):
                    r = s + e
                    if board[r] == EMPTY and not holds(cells, k, r):
                        return False
                s = links[1, s]
                if s == h:
                    break
    return True


@njit(cache=True)
def _owned_vital(cells: np.ndarray, k: int, w: int, owner: int) -> int:
    """The vital point of the region cells[:k] of ``owner`` (EMPTY: none) when its shape is
    killable, else -1. Whether it is its owner's only eye space is not asked (unlike
    killing_sacrifice): asking it lost the bulky five's kill (decision 0191)."""
    if owner == EMPTY:
        return -1
    return shape_vital(cells, k, w)


@njit(cache=True)
def vital_point(board: np.ndarray, w: int, p: int, cells: np.ndarray) -> int:
    """The vital point of the eye space holding empty point p, or -1 when p's empty
    region is not one of the killable shapes enclosed by one colour. ``cells`` is
    scratch room for MAX_SPACE + 1 points; a point in open space costs a handful of
    reads."""
    k, owner = fill(board, w, p, cells, EMPTY)
    return _owned_vital(cells, k, w, owner)


@njit(cache=True)
def vital_reply(board: np.ndarray, w: int, last: int, cells: np.ndarray) -> int:
    """The vital point of an eye space next to the point ``last`` (the last move), or
    -1: the first found among its four neighbours.

    The last move closed the space, so its stone's colour owns it. Cheap tests come
    first, since the playouts ask after every move: a stone that closes a space is part
    of its wall, so it touches another stone of its own; a neighbour that touches the
    other colour is no such space; and a neighbour the previous fill reached is in the
    same region (in open space the four neighbours are mostly one region)."""
    owner = board[last]
    connected = False
    for d in (-w, -1, 1, w):
        if board[last + d] == owner:
            connected = True
            break
    if not connected:
        return -1
    k = 0
    for d in (-w, -1, 1, w):
        q = last + d
        if board[q] != EMPTY:
            continue
        mixed = False
        for e in (-w, -1, 1, w):
            if board[q + e] == 3 - owner:
                mixed = True
                break
        if mixed:
            continue
        if holds(cells, k, q):
            continue
        k, found = fill(board, w, q, cells, owner)
        v = _owned_vital(cells, k, w, found)
        if v >= 0:
            return v
    return -1


@njit(cache=True)
def vital_points(board: np.ndarray, n: int, out: np.ndarray) -> None:
    """Mark in ``out`` (bool per padded point, cleared first) the vital point of every
    killable eye space on the board: one fill per small region, for the priors of a
    whole expansion at once."""
    w = n + 2
    out[:] = False
    seen = np.zeros(board.shape[0], dtype=np.bool_)
    cells = np.empty(MAX_SPACE + 1, dtype=np.int64)
    for row in range(n):
        for col in range(n):
            p = (row + 1) * w + col + 1
            if board[p] != EMPTY or seen[p]:
                continue
            k, owner = fill(board, w, p, cells, EMPTY)
            # Every point filled is in p's region, whose answer is this one: even a fill cut
            # short (a big region, or two colours) need not start again from them.
            for j in range(k):
                seen[cells[j]] = True
            v = _owned_vital(cells, k, w, owner)
            if v >= 0:
                out[v] = True


def new_cells() -> np.ndarray:
    """Scratch room for vital_point."""
    return np.empty(MAX_SPACE + 1, dtype=np.int64)


@njit(cache=True)
def killing_sacrifice(
    board: np.ndarray, links: np.ndarray, w: int, p: int, color: int, cells: np.ndarray
) -> bool:
    """True when a stone of ``color`` at empty p, a self-atari (the caller has counted one
    liberty left), kills by nakade: the chain it makes and that liberty fill an eye space
    of the opponent's, and the chain, once captured, leaves a space of one eye (two points,
    a square four, or a killable shape of 3-6). The attacker grows a dead shape inside the
    eye space this way; a policy that never puts two stones in atari cannot kill such a
    group, so its playouts would call it alive. ``cells``: room for MAX_SPACE + 1."""
    cells[0] = p
    k = 1
    for d in (-w, -1, 1, w):
        q = p + d
        if board[q] != color:
            continue
        h = links[0, q]
        s = h
        while True:
            if holds(cells, k, s):
                break  # this chain is in already (it touches p twice)
            if k == MAX_SPACE:
                return False
            cells[k] = s
            k += 1
            s = links[1, s]
            if s == h:
                break
    if k < 2:
        return False
    liberty = -1
    for a in range(k):
        for d in (-w, -1, 1, w):
            r = cells[a] + d
            v = board[r]
            if v == EMPTY and r != p:
                liberty = r
    if liberty < 0:
        return False
    for d in (-w, -1, 1, w):
        r = liberty + d
        v = board[r]
        if v != EMPTY and v != color:  # the opponent's stone or the edge
            continue
        if not holds(cells, k, r):
            return False  # the liberty opens onto more space: not the whole eye space
    cells[k] = liberty
    if not only_eye_space(board, links, w, cells, k + 1, 3 - color):
        return False  # the opponent has liberties elsewhere: the sacrifice kills nothing
    if k == 2:
        return True
    if shape_vital(cells, k, w) >= 0:
        return True
    if k == 4:  # the square four: every point touches two others
        for a in range(4):  # noqa: SIM110  # as in holds
            if _degree(cells, k, w, a) != 2:
                return False
        return True
    return False
