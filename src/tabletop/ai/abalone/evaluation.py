"""The compiled search's evaluation (2 players): a weighted sum of terms, each the side to
move's figure minus the other side's, in numba.

The first six terms are games/abalone/evaluation.py's (with its weights, "today", the
search values positions as the generic search does); the others are the published
programs' further terms (Aichholzer et al.'s ABA-PRO, Lemmens 2005, Chorus 2009) and
one of ours (decision 0170 says which is which):

* F_EJECTED: marbles pushed off;
* F_CENTRE: mean hex distance to the centre;
* F_COHESION: pairs of neighbouring own marbles, per marble;
* F_EDGE: marbles on the outer ring;
* F_THREAT_TO_MOVE: 1 when the side to move can push a marble off now;
* F_THREAT_WAITING: -1 when the waiting side could (so its weight is positive);
* F_PUSHES: in-line pushes available (Lemmens' attacking power);
* F_COMPACT: mean hex distance to the side's own centre of mass (ours: a spread);
* F_RING3: marbles on the ring next to the edge;
* F_MASS_CENTRE: the sum of hex distances to ABA-PRO's reference point, one point for
  both sides: the board centre (weight MASS_PULL) averaged with the two sides' centres
  of mass, so a side fights for the middle of the action, not only of the board;
* F_PAIRS: pairs of neighbouring own marbles, summed (the papers' cohesion; F_COHESION
  is the same per marble);
* F_PRESSURE: the pushes available that move an enemy marble toward the edge, 1 for a
  step outward and 2 when it lands on the edge (one push from off): the pressure a
  side can bring, ours (decision 0176), so the side with the chance presses it.

The published programs sum over marbles; today's centre and cohesion are means per
marble (the two differ once a side has lost marbles), so both forms are terms.

``weights`` holds one weight per term and the noise amplitude last (W_NOISE), all in
raw points; ``fitted.json`` is the fitted table (agent.py reads it).

The 3- and 4-player evaluation (games/abalone/eval_kernels.py, ``team_values``) has the
same twelve terms per team, in the same order and units, and weighs them with 3 and 4
players as "pressing" does here (decision 0187); the pressure of a push and the grid's
(row, number) tables are shared from there.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.abalone import eval_kernels, kernels

# Shared with the 3- and 4-player evaluation (games/abalone/eval_kernels.py, team_values):
# the grid's (row, number) tables, ABA-PRO's point's centre weight and the pressure of a push.
from tabletop.games.abalone.eval_kernels import CENTRE, MASS_PULL, NUMBER_OF, ROW_OF, push_gain

(
    F_EJECTED,
    F_CENTRE,
    F_COHESION,
    F_EDGE,
    F_THREAT_TO_MOVE,
    F_THREAT_WAITING,
    F_PUSHES,
    F_COMPACT,
    F_RING3,
    F_MASS_CENTRE,
    F_PAIRS,
    F_PRESSURE,
) = range(12)
FEATURES = 12
#: The terms' names, in order (the keys of the fitted table): the team evaluation's, which
#: weighs the same twelve terms for any number of sides.
TERMS = eval_kernels.TERMS
W_NOISE = FEATURES
WEIGHTS = FEATURES + 1

NO_PUSH, PUSH, EJECT = 0, 1, 2
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_UNIT = 1.0 / (1 << 53)


@njit(cache=True, inline="always")
def push_kind(board: np.ndarray, g: int, d: int, colour: int) -> int:
    """EJECT or PUSH when the in-line move of ``colour``'s marble at grid g in direction d
    is legal and pushes (off the board or not), else NO_PUSH (2 players: every other
    marble is an enemy)."""
    off = kernels.OFFSETS[d]
    k = 1
    t = g + off
    while board[t] == colour:
        k += 1
        if k > 3:
            return NO_PUSH
        t += off
    if board[t] == kernels.EMPTY or board[t] == kernels.OFF:
        return NO_PUSH
    m = 0
    while board[t] != kernels.EMPTY and board[t] != kernels.OFF:
        if board[t] == colour:
            return NO_PUSH  # sandwich
        m += 1
        if m >= k:
            return NO_PUSH  # outnumbered
        t += off
    return EJECT if board[t] == kernels.OFF else PUSH


@njit(cache=True)
def has_ejection(board: np.ndarray, colour: int) -> bool:
    """True when ``colour`` could push a marble off if it moved now."""
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        if board[g] != colour:
            continue
        for d in range(6):
            if push_kind(board, g, d, colour) == EJECT:
                return True
    return False


@njit(cache=True)
def features(
    board: np.ndarray,
    mover: int,
    ejected_mover: int,
    ejected_other: int,
    out: np.ndarray,
    second_pass: bool = True,
    pressure: bool = True,
) -> None:
    """Write the terms for ``mover`` (module docstring) to out[:FEATURES]; F_COMPACT and
    F_MASS_CENTRE, a second pass over the board, only when ``second_pass`` (else 0), and
    F_PRESSURE only when ``pressure``."""
    press0 = press1 = 0
    m0 = m1 = dist0 = dist1 = pairs0 = pairs1 = edge0 = edge1 = ring0 = ring1 = 0
    push0 = push1 = 0
    threat0 = threat1 = False
    row0 = row1 = num0 = num1 = 0.0
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        c = board[g]
        if c == kernels.EMPTY:
            continue
        dist = kernels.CENTRE_DISTANCE[g]
        near = 0
        for d in range(3):  # forward directions only: each pair once
            if board[g + kernels.OFFSETS[d]] == c:
                near += 1
        pushes = 0
        gain = 0
        ejecting = False
        for d in range(6):
            if board[g + kernels.OFFSETS[d]] != c:
                continue  # a single marble never pushes
            kind = push_kind(board, g, d, c)
            if kind != NO_PUSH:
                pushes += 1
                if kind == EJECT:
                    ejecting = True
                elif pressure:
                    gain += push_gain(board, g, d)
        if c == mover:
            m0 += 1
            dist0 += dist
            pairs0 += near
            edge0 += dist == 4
            ring0 += dist == 3
            push0 += pushes
            press0 += gain
            threat0 = threat0 or ejecting
            row0 += ROW_OF[g]
            num0 += NUMBER_OF[g]
        else:
            m1 += 1
            dist1 += dist
            pairs1 += near
            edge1 += dist == 4
            ring1 += dist == 3
            push1 += pushes
            press1 += gain
            threat1 = threat1 or ejecting
            row1 += ROW_OF[g]
            num1 += NUMBER_OF[g]
    n0 = max(1, m0)
    n1 = max(1, m1)
    # Second pass: hex distance to each side's own centre of mass, and to ABA-PRO's
    # point (the board centre weighted with both sides' centres of mass).
    row0 /= n0
    num0 /= n0
    row1 /= n1
    num1 /= n1
    row_ref = (MASS_PULL * CENTRE + row0 + row1) / (MASS_PULL + 2.0)
    num_ref = (MASS_PULL * CENTRE + num0 + num1) / (MASS_PULL + 2.0)
    spread0 = spread1 = mass0 = mass1 = 0.0
    for cell in range(61 if second_pass else 0):
        g = kernels.GRID_OF_CELL[cell]
        c = board[g]
        if c == kernels.EMPTY:
            continue
        dr = ROW_OF[g] - row_ref
        dn = NUMBER_OF[g] - num_ref
        to_ref = (abs(dr) + abs(dn) + abs(dr - dn)) / 2.0
        if c == mover:
            dr = ROW_OF[g] - row0
            dn = NUMBER_OF[g] - num0
            spread0 += (abs(dr) + abs(dn) + abs(dr - dn)) / 2.0
            mass0 += to_ref
        else:
            dr = ROW_OF[g] - row1
            dn = NUMBER_OF[g] - num1
            spread1 += (abs(dr) + abs(dn) + abs(dr - dn)) / 2.0
            mass1 += to_ref
    out[F_EJECTED] = ejected_mover - ejected_other
    out[F_CENTRE] = dist0 / n0 - dist1 / n1
    out[F_COHESION] = pairs0 / n0 - pairs1 / n1
    out[F_EDGE] = edge0 - edge1
    out[F_THREAT_TO_MOVE] = 1.0 if threat0 else 0.0
    out[F_THREAT_WAITING] = -1.0 if threat1 else 0.0
    out[F_PUSHES] = push0 - push1
    out[F_COMPACT] = spread0 / n0 - spread1 / n1
    out[F_RING3] = ring0 - ring1
    out[F_MASS_CENTRE] = mass0 - mass1
    out[F_PAIRS] = pairs0 - pairs1
    out[F_PRESSURE] = press0 - press1


@njit(cache=True)
def evaluate(
    board: np.ndarray,
    mover: int,
    ejected_mover: int,
    ejected_other: int,
    w: np.ndarray,
    key: np.int64,
    salt: np.int64,
) -> float:
    """The raw lead of ``mover``: the weighted terms, plus the noise keyed by the
    position's ``key`` and the game's ``salt`` (uniform in +-w[W_NOISE])."""
    f = np.empty(FEATURES)
    features(
        board,
        mover,
        ejected_mover,
        ejected_other,
        f,
        w[F_COMPACT] != 0.0 or w[F_MASS_CENTRE] != 0.0,
        w[F_PRESSURE] != 0.0,
    )
    lead = 0.0
    for i in range(FEATURES):
        lead += w[i] * f[i]
    if w[W_NOISE] > 0.0:
        h = (np.uint64(key) ^ np.uint64(salt)) * _GOLDEN
        u = float(h >> np.uint64(11)) * _UNIT
        lead += w[W_NOISE] * (2.0 * u - 1.0)
    return lead
