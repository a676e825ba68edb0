"""Numba helpers of the Quoridor evaluation: which walls lengthen whose path, and by how much.

Kept apart from the rules kernels (kernels.py) because only the computer
players need them; they use the rules kernels' position layout and leave
the position exactly as they found it (only its scratch part is written).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.quoridor import kernels
from tabletop.games.quoridor.notation import H_BASE, PASS_ACTION

#: Kinds of a scored move.
PAWN = 0
WALL = 1  # crosses an opponent's shortest path and lengthens the race for the mover
IDLE_WALL = 2  # leaves every opponent's distance as it is, or helps them more than us
PASS = 3


@njit(cache=True)
def goal_distance(pos: np.ndarray, seat: int, queue: np.ndarray, seen: np.ndarray) -> int:
    """Steps from ``seat``'s pawn to its goal side over the current walls (pawns ignored)."""
    goal = pos[kernels.O_META + kernels.M_GOAL + seat]
    start = pos[kernels.O_META + kernels.M_PAWN + seat]
    if kernels.is_goal(start, goal):
        return 0
    seen[:] = -1
    seen[start] = 0
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        sq = queue[head]
        head += 1
        blocked = pos[kernels.O_BLOCK + sq]
        for d in range(4):
            if blocked & (1 << d):
                continue
            nb = sq + kernels.DELTAS[d]
            if seen[nb] >= 0:
                continue
            seen[nb] = seen[sq] + 1
            if kernels.is_goal(nb, goal):
                return int(seen[nb])
            queue[tail] = nb
            tail += 1
    return kernels.FAR


@njit(cache=True)
def score_moves(pos: np.ndarray, side_around: bool, out: np.ndarray) -> int:
    """Every legal action of the seat to move with its kind and gain, into ``out[:n]``; n.

    ``out[i] = (action, kind, gain)``. A pawn move's gain is the steps it
    saves towards the goal (negative when it goes back). A wall's gain is
    what it adds to the opponents' distances (summed) minus what it adds to
    the mover's, times the number of opponents; only walls that cross an
    opponent's shortest path can add anything, the others are IDLE_WALL.
    """
    n = kernels.legal_actions(pos, side_around)
    meta = kernels.O_META
    seat = pos[meta + kernels.M_TO_MOVE]
    players = pos[meta + kernels.M_PLAYERS]
    base = np.zeros(kernels.MAX_PLAYERS, dtype=np.int64)
    for s in range(players):
        base[s] = pos[kernels.O_DIST + s * kernels.SQ + pos[meta + kernels.M_PAWN + s]]
    queue = np.empty(kernels.SQ, dtype=np.int64)
    seen = np.empty(kernels.SQ, dtype=np.int64)
    own_bit = 1 << seat
    for i in range(n):
        action = pos[kernels.W_ACTIONS + i]
        out[i, 0] = action
        if action < H_BASE:
            out[i, 1] = PAWN
            out[i, 2] = base[seat] - pos[kernels.O_DIST + seat * kernels.SQ + action]
            continue
        if action == PASS_ACTION:
            out[i, 1] = PASS
            out[i, 2] = 0
            continue
        slot = action - H_BASE
        # legal_actions left each slot's path mask (seats whose shortest path it cuts).
        mask = pos[kernels.W_MASKS + slot]
        if mask & ~own_bit == 0:
            out[i, 1] = IDLE_WALL
            out[i, 2] = 0
            continue
        kernels._set_edges(pos, slot, True)
        gain = 0
        for s in range(players):
            if mask & (1 << s) == 0:
                continue
            added = goal_distance(pos, s, queue, seen) - base[s]
            gain += -(players - 1) * added if s == seat else added
        kernels._set_edges(pos, slot, False)
        out[i, 1] = WALL if gain > 0 else IDLE_WALL
        out[i, 2] = gain
    return n
