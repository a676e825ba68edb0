"""The order the reference tries moves in, as the papers describe it.

Chorus (2009) and Papadopoulos et al. (2012) order Abalone moves by kind and by the
number of marbles moved ("combined move ordering"): ejections, then other pushes,
then three-marble moves before two before one, in-line before broadside; within a
kind the history heuristic decides. The search puts the transposition table's move
(the previous iteration's best) and the killer moves above all of these.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.abalone import kernels

#: Score bands, far enough apart that history counts (kept below BAND) never cross one.
BAND = 1 << 40
TABLE_MOVE = 12 * BAND
EJECTION = 11 * BAND
PUSH = 10 * BAND
KILLER = 9 * BAND
#: Quiet moves: a band per (marbles, in-line or broadside), three in-line highest.
QUIET = np.array([0, 1, 2, 3, 5, 6, 7], dtype=np.int64) * BAND


@njit(cache=True)
def move_class(board: np.ndarray, action: int) -> int:
    """-2 ejection, -1 other push; else the quiet band: 2 * marbles - (0 in-line, 1
    broadside) (6: three in-line ... 1: one marble)."""
    if action >= kernels.INLINE_ACTIONS:
        length = ((action - kernels.INLINE_ACTIONS) // 4) % 2 + 2
        return 2 * length - 1
    g = kernels.GRID_OF_CELL[action // 6]
    off = kernels.OFFSETS[action % 6]
    mover = board[g]
    own = 1
    t = g + off
    while board[t] == mover:
        own += 1
        t += off
    if board[t] == kernels.EMPTY or board[t] == kernels.OFF:
        return 2 * own if own > 1 else 1
    while board[t] != kernels.EMPTY and board[t] != kernels.OFF:
        t += off
    return -2 if board[t] == kernels.OFF else -1


@njit(cache=True)
def order_scores(
    board: np.ndarray,
    moves: np.ndarray,
    n: int,
    out: np.ndarray,
    table_move: int,
    killer0: int,
    killer1: int,
    history: np.ndarray,
) -> None:
    """Write each of the first n moves' ordering score to ``out`` (higher first)."""
    for i in range(n):
        a = moves[i]
        if a == table_move:
            out[i] = TABLE_MOVE
            continue
        if a == kernels.PASS_ACTION:
            out[i] = 0
            continue
        kind = move_class(board, a)
        if kind == -2:
            out[i] = EJECTION
        elif kind == -1:
            out[i] = PUSH
        elif a == killer0 or a == killer1:  # noqa: SIM109  # numba: no tuple built
            out[i] = KILLER
        else:
            out[i] = QUIET[kind] + history[a]
