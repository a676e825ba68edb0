"""The reference's static evaluation, in the manner of ABA-PRO and its successors.

Terms, each the side to move's figure minus the opponent's (the papers all score
differences), in points where a marble is 1,000:

* material: marbles pushed off (every paper; it dominates everything else);
* centre: each marble's hex distance to a reference point (ABA-PRO: the board's
  centre pulled towards both sides' centres of mass, so a side fights for the
  middle of the action, not only of the board; Lemmens and Chorus use the plain
  centre, which a large ``CENTRE_PULL`` approaches);
* cohesion: pairs of neighbouring own marbles (ABA-PRO, Lemmens' "grouping");
* edge: marbles on the outer ring, where a push can eject them (Chorus' danger);
* attack: in-line pushes (sumitos) available (Lemmens' "attacking power" and
  "attacked", the opponent's);
* threats: pushes that would eject a marble: the side to move makes one, the
  other side's only threaten (Chorus' capture danger).

The numbers are the reference's own choice (the papers tuned theirs by hand
too and print few of them); ``WEIGHTS`` holds them in one array so a
benchmark can try others.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.abalone import geometry, kernels

MARBLE = 1000
#: Indices into WEIGHTS.
W_CENTRE, W_COHESION, W_EDGE, W_PUSH, W_THREAT_TO_MOVE, W_THREAT_WAITING, CENTRE_PULL = range(7)
WEIGHTS = np.array(
    [
        40.0,  # per marble per step from the reference point (a ring inward ~ 4% of a marble)
        12.0,  # per pair of neighbouring own marbles
        25.0,  # per marble on the outer ring
        8.0,  # per push available
        400.0,  # an ejection the side to move can make now (it nearly is a marble)
        150.0,  # an ejection the waiting side threatens (the mover may parry it)
        4.0,  # weight of the board centre against each side's centre of mass (ABA-PRO's R)
    ]
)

#: Each grid index's (row, number), for centres of mass; off-board entries unused.
ROW_OF = np.zeros(geometry.GRID, dtype=np.int64)
NUMBER_OF = np.zeros(geometry.GRID, dtype=np.int64)
for _cell, (_r, _n) in enumerate(geometry.CELLS):
    ROW_OF[geometry.GRID_OF_CELL[_cell]] = _r
    NUMBER_OF[geometry.GRID_OF_CELL[_cell]] = _n


@njit(cache=True, inline="always")
def push_kind(board: np.ndarray, g: int, d: int) -> int:
    """For the in-line move of the marble at g in direction d, known legal: 0 when it
    pushes nothing, 1 when it pushes, 2 when the push ejects a marble."""
    off = kernels.OFFSETS[d]
    mover = board[g]
    t = g + off
    pushed = False
    while board[t] != kernels.EMPTY and board[t] != kernels.OFF:
        if board[t] != mover:
            pushed = True
        t += off
    if not pushed:
        return 0
    return 2 if board[t] == kernels.OFF else 1


@njit(cache=True)
def evaluate(
    board: np.ndarray, mover: int, team: np.ndarray, lost: np.ndarray, w: np.ndarray
) -> int:
    """The position's value for colour ``mover`` (to move), in points (a marble is MARBLE).

    ``lost[s]`` is how many marbles side s has lost (0: the mover, 1: the other).
    """
    count = np.zeros(2, dtype=np.int64)
    rows = np.zeros(2)
    numbers = np.zeros(2)
    cohesion = np.zeros(2, dtype=np.int64)
    edge = np.zeros(2, dtype=np.int64)
    pushes = np.zeros(2, dtype=np.int64)
    ejects = np.zeros(2, dtype=np.int64)
    where = np.empty(28, dtype=np.int64)
    n = 0
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        c = board[g]
        if c == kernels.EMPTY:
            continue
        s = 0 if c == mover else 1
        count[s] += 1
        rows[s] += ROW_OF[g]
        numbers[s] += NUMBER_OF[g]
        if kernels.CENTRE_DISTANCE[g] == 4:
            edge[s] += 1
        if n < 28:
            where[n] = g
            n += 1
        for d in range(6):
            t = board[g + kernels.OFFSETS[d]]
            if d < 3 and t == c:  # forward directions only: each pair once
                cohesion[s] += 1
            # Only a marble with a friend ahead can lead a push; the rules kernel decides.
            if t == c and kernels.inline_code(board, g, d, c, team) == kernels.LEGAL:
                kind = push_kind(board, g, d)
                if kind == 1:
                    pushes[s] += 1
                elif kind == 2:
                    pushes[s] += 1
                    ejects[s] += 1
    # ABA-PRO's reference point: the centre (4, 4) weighted with both centres of mass.
    pull = w[CENTRE_PULL]
    r_ref = 4.0 * pull
    n_ref = 4.0 * pull
    for s in range(2):
        if count[s] > 0:
            r_ref += rows[s] / count[s]
            n_ref += numbers[s] / count[s]
    r_ref /= pull + 2.0
    n_ref /= pull + 2.0
    distance = np.zeros(2)
    for i in range(n):
        g = where[i]
        s = 0 if board[g] == mover else 1
        dr = ROW_OF[g] - r_ref
        dn = NUMBER_OF[g] - n_ref
        distance[s] += max(abs(dr), abs(dn), abs(dr - dn))
    score = MARBLE * (lost[1] - lost[0])
    score += w[W_CENTRE] * (distance[1] - distance[0])
    score += w[W_COHESION] * (cohesion[0] - cohesion[1])
    score += w[W_EDGE] * (edge[1] - edge[0])
    score += w[W_PUSH] * (pushes[0] - pushes[1])
    if ejects[0] > 0:
        score += w[W_THREAT_TO_MOVE]
    if ejects[1] > 0:
        score -= w[W_THREAT_WAITING]
    return int(score)
