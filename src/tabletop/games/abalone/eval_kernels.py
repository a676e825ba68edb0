"""Numba helpers of the Abalone evaluation: which in-line moves push or eject.

Kept apart from the rules kernels (kernels.py) because only the computer
players need them; the board is only read.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.abalone import kernels as k

#: Kinds of a move.
PLAIN = 0
PUSH = 1  # moves enemy marbles
EJECT = 2  # pushes an enemy marble off the board


@njit(cache=True)
def move_kind(board: np.ndarray, action: int) -> int:
    """PLAIN, PUSH or EJECT for a legal action (broadside moves and pass are PLAIN)."""
    if action >= k.INLINE_ACTIONS:
        return PLAIN
    g = k.GRID_OF_CELL[action // 6]
    off = k.OFFSETS[action % 6]
    mover = board[g]
    t = g + off
    pushed = False
    while board[t] != k.EMPTY and board[t] != k.OFF:
        if board[t] != mover:
            pushed = True
        t += off
    if not pushed:
        return PLAIN
    return EJECT if board[t] == k.OFF else PUSH


@njit(cache=True)
def kinds(board: np.ndarray, actions: np.ndarray) -> np.ndarray:
    """move_kind of every action in ``actions``."""
    out = np.empty(actions.shape[0], dtype=np.int64)
    for i in range(actions.shape[0]):
        out[i] = move_kind(board, actions[i])
    return out


@njit(cache=True)
def threats(board: np.ndarray, players: int, team: np.ndarray, policy: int) -> np.ndarray:
    """Per seat: how many of its legal moves would eject an enemy marble if it moved now."""
    out = np.zeros(players, dtype=np.int64)
    moves = np.empty(k.NUM_ACTIONS, dtype=np.int64)
    for seat in range(players):
        n = k.generate(board, seat + 1, team, policy, moves)
        for i in range(n):
            if moves[i] >= k.INLINE_ACTIONS:
                break  # in-line actions come first
            if move_kind(board, moves[i]) == EJECT:
                out[seat] += 1
    return out
