"""Numba helpers of the Oust evaluation: per colour, what each empty cell offers.

Kept apart from the rules kernels (kernels.py) because only the computer
players need them; they read the rules kernels' layout and write only the
scratch space.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.oust import kernels

# Columns of the feature rows (one row per colour: index 0 Black, 1 White).
F_STONES = 0  # stones on the board
F_MOBILITY = 1  # legal placements
F_SAFE = 2  # quiet placements touching no enemy stone
F_CAPTURES = 3  # capturing placements
F_BEST = 4  # the largest enemy group one capture would take (at least)
F_GROUP = 5  # the largest own group
FEATURES = 6

#: Kinds of a classified cell.
ILLEGAL = 0
SAFE = 1  # quiet, touching no enemy stone
EXPOSED = 2  # quiet, touching an enemy stone
CAPTURE = 3


@njit(cache=True)
def classify(
    board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, color: int, kinds: np.ndarray
) -> None:
    """kinds[p, 0] = kind of a ``color`` stone at cell p, kinds[p, 1] = the largest enemy group
    it captures (CAPTURE only). Needs label_groups() done on ``board``."""
    cells = nbr.shape[0]
    label = scratch[kernels.S_LABEL]
    size = scratch[kernels.S_SIZE]
    enemy = scratch[kernels.S_ENEMY]
    joined = np.empty(nbr.shape[1], dtype=np.int64)
    for p in range(cells):
        kinds[p, 0] = ILLEGAL
        kinds[p, 1] = 0
        if board[p] != kernels.EMPTY:
            continue
        group, largest, touches_enemy, m = kernels.placement_groups(
            board, nbr, label, size, enemy, joined, p, color
        )
        if m == 0:
            kinds[p, 0] = EXPOSED if touches_enemy else SAFE
        elif 0 < largest < group:
            kinds[p, 0] = CAPTURE
            kinds[p, 1] = largest


@njit(cache=True)
def features(board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """int64[2, FEATURES]: per colour (Black, White) the counts listed at F_*."""
    cells = nbr.shape[0]
    kernels.label_groups(board, nbr, scratch)
    out = np.zeros((2, FEATURES), dtype=np.int64)
    label = scratch[kernels.S_LABEL]
    size = scratch[kernels.S_SIZE]
    for p in range(cells):
        v = board[p]
        if v == kernels.BLACK or v == kernels.WHITE:
            out[v - 1, F_STONES] += 1
            out[v - 1, F_GROUP] = max(out[v - 1, F_GROUP], size[label[p]])
    kinds = np.empty((cells, 2), dtype=np.int64)
    for color in (kernels.BLACK, kernels.WHITE):
        row = color - 1
        classify(board, nbr, scratch, color, kinds)
        for p in range(cells):
            kind = kinds[p, 0]
            if kind == ILLEGAL:
                continue
            out[row, F_MOBILITY] += 1
            if kind == SAFE:
                out[row, F_SAFE] += 1
            elif kind == CAPTURE:
                out[row, F_CAPTURES] += 1
                out[row, F_BEST] = max(out[row, F_BEST], kinds[p, 1])
    return out


@njit(cache=True)
def kinds_of(board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, color: int) -> np.ndarray:
    """int64[C, 2]: classify() for ``color`` on a fresh labelling of ``board``."""
    kernels.label_groups(board, nbr, scratch)
    kinds = np.empty((nbr.shape[0], 2), dtype=np.int64)
    classify(board, nbr, scratch, color, kinds)
    return kinds
