"""Numba kernels for Abalone: move legality, generation, application and playouts.

The board is int8[121], the padded 11x11 grid of geometry.py: EMPTY, a
colour 1..4 (seat + 1) or OFF. ``team`` is int64[8], the team of each colour
(index 0 and OFF unused), so "own side" is one lookup for 2, 3 and 4 players
alike. Actions (see ``action_*`` in rules.py):

* in-line, ``cell*6 + direction`` (0..365): the rearmost marble and the
  direction; the group is it plus the friendly marbles straight ahead;
* broadside, ``366 + ((cell*3 + axis)*2 + length-2)*4 + k``: the line of
  ``length`` from ``cell`` along ``axis`` moved sideways in the axis's k-th
  side direction;
* pass, 1830, only when nothing else is legal.

Geometry tables are module constants (they never change meaning); rule
switches (the broadside policy, the teams) are arguments.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.abalone import geometry
from tabletop.games.kernel_random import seed_random as seed_random  # re-exported

EMPTY = 0
OFF = 7

INLINE_ACTIONS = 61 * 6
BROADSIDE_ACTIONS = 61 * 3 * 2 * 4
PASS_ACTION = INLINE_ACTIONS + BROADSIDE_ACTIONS
NUM_ACTIONS = PASS_ACTION + 1

# Broadside policies (options.BROADSIDE_POLICIES, in order).
POLICY_END = 0
POLICY_ALL_OWN = 1
POLICY_ANY_OWN = 2

# Why a move is refused (LEGAL when it is not).
LEGAL = 0
NO_MARBLE = 1
NOT_OWN = 2
TOO_MANY = 3
OWN_OFF = 4
SINGLE_PUSH = 5
OUTNUMBERED = 6
SANDWICH = 7
NOT_A_LINE = 8
BROADSIDE_POLICY = 9
BROADSIDE_BLOCKED = 10
BROADSIDE_OFF = 11

GRID_OF_CELL = np.array(geometry.GRID_OF_CELL, dtype=np.int64)
#: Steps from each grid index to the centre e5 (4 on the outer ring; unused off the board).
CENTRE_DISTANCE = np.zeros(geometry.GRID, dtype=np.int64)
for _cell, (_r, _n) in enumerate(geometry.CELLS):
    CENTRE_DISTANCE[geometry.GRID_OF_CELL[_cell]] = max(abs(_r - 4), abs(_n - 4), abs(_r - _n))
OFFSETS = np.array(geometry.OFFSETS, dtype=np.int64)
SIDE_DIRECTIONS = np.array([geometry.side_directions(a) for a in geometry.AXES], dtype=np.int64)


def empty_board() -> np.ndarray:
    """The padded grid with every cell EMPTY and everything else OFF."""
    board = np.full(geometry.GRID, OFF, dtype=np.int8)
    board[GRID_OF_CELL] = EMPTY
    return board


def zobrist_table() -> np.ndarray:
    """Random 64-bit keys per (colour, grid index), plus per seat to move in row 0."""
    rng = np.random.default_rng(0xABA1_0E)
    return rng.integers(-(2**63), 2**63 - 1, size=(OFF + 1, geometry.GRID), dtype=np.int64)


@njit(cache=True, inline="always")
def inline_code(board: np.ndarray, g: int, d: int, mover: int, team: np.ndarray) -> int:
    """LEGAL or the reason the in-line move of the marble at grid g in direction d is not."""
    v = board[g]
    if v == EMPTY:
        return NO_MARBLE
    if v != mover:
        return NOT_OWN
    off = OFFSETS[d]
    side = team[mover]
    k = 1
    t = g + off
    while True:
        c = board[t]
        if c == EMPTY:
            return LEGAL
        if c == OFF:
            return OWN_OFF
        if team[c] != side:
            break
        k += 1
        if k > 3:
            return TOO_MANY
        t += off
    if k == 1:
        return SINGLE_PUSH
    m = 0
    while True:
        c = board[t]
        if c == EMPTY or c == OFF:
            return LEGAL
        if team[c] == side:
            return SANDWICH
        m += 1
        if m >= k:
            return OUTNUMBERED
        t += off


@njit(cache=True, inline="always")
def broadside_code(
    board: np.ndarray,
    g: int,
    axis: int,
    length: int,
    d: int,
    mover: int,
    team: np.ndarray,
    policy: int,
) -> int:
    """LEGAL or the reason the line of ``length`` from grid g along ``axis`` cannot step d.

    With d = -1 only the line and the broadside policy are tested.
    """
    step = OFFSETS[axis]
    side = team[mover]
    own = 0
    for i in range(length):
        c = board[g + i * step]
        if c == EMPTY or c == OFF or team[c] != side:
            return NOT_A_LINE
        if c == mover:
            own += 1
    if policy == POLICY_END:
        if board[g] != mover and board[g + (length - 1) * step] != mover:
            return BROADSIDE_POLICY
    elif policy == POLICY_ALL_OWN:
        if own != length:
            return BROADSIDE_POLICY
    elif own == 0:
        return BROADSIDE_POLICY
    if d < 0:
        return LEGAL
    off = OFFSETS[d]
    for i in range(length):
        c = board[g + i * step + off]
        if c == OFF:
            return BROADSIDE_OFF
        if c != EMPTY:
            return BROADSIDE_BLOCKED
    return LEGAL


@njit(cache=True, inline="always")
def action_code(board: np.ndarray, action: int, mover: int, team: np.ndarray, policy: int) -> int:
    """LEGAL or the refusal code of any in-line or broadside action."""
    if action < INLINE_ACTIONS:
        return inline_code(board, GRID_OF_CELL[action // 6], action % 6, mover, team)
    b = action - INLINE_ACTIONS
    k = b % 4
    length = (b // 4) % 2 + 2
    axis = (b // 8) % 3
    cell = b // 24
    return broadside_code(
        board, GRID_OF_CELL[cell], axis, length, SIDE_DIRECTIONS[axis, k], mover, team, policy
    )


@njit(cache=True)
def check(board: np.ndarray, action: int, mover: int, team: np.ndarray, policy: int) -> int:
    """action_code, callable from Python (for messages and play())."""
    return action_code(board, action, mover, team, policy)


@njit(cache=True)
def generate(board: np.ndarray, mover: int, team: np.ndarray, policy: int, out: np.ndarray) -> int:
    """Write the legal actions (ascending; PASS alone when there are none) to out; the count."""
    side = team[mover]
    n = 0
    # In-line actions first: they are all smaller than every broadside action.
    for cell in range(61):
        g = GRID_OF_CELL[cell]
        if board[g] != mover:
            continue
        for d in range(6):
            if inline_code(board, g, d, mover, team) == LEGAL:
                out[n] = cell * 6 + d
                n += 1
    for cell in range(61):
        g = GRID_OF_CELL[cell]
        c = board[g]
        if c == EMPTY or c == OFF or team[c] != side:
            continue
        for axis in range(3):
            step = OFFSETS[axis]
            c2 = board[g + step]
            if c2 == EMPTY or c2 == OFF or team[c2] != side:
                continue  # no line of two, so none of three
            for length in range(2, 4):
                # The line and the policy are tested once, then each sideways step.
                if broadside_code(board, g, axis, length, -1, mover, team, policy) != LEGAL:
                    continue
                base = INLINE_ACTIONS + ((cell * 3 + axis) * 2 + length - 2) * 4
                for k in range(4):
                    off = OFFSETS[SIDE_DIRECTIONS[axis, k]]
                    free = True
                    for i in range(length):
                        if board[g + i * step + off] != EMPTY:
                            free = False
                            break
                    if free:
                        out[n] = base + k
                        n += 1
    if n == 0:
        out[0] = PASS_ACTION
        n = 1
    return n


@njit(cache=True)
def legal_actions(board: np.ndarray, mover: int, team: np.ndarray, policy: int) -> np.ndarray:
    """The legal actions of ``mover`` (colour), ascending; [PASS] when nothing else is."""
    out = np.empty(NUM_ACTIONS, dtype=np.int64)
    n = generate(board, mover, team, policy, out)
    return out[:n].copy()


@njit(cache=True)
def apply(board: np.ndarray, action: int) -> int:
    """Play a legal in-line or broadside action; returns the colour ejected, or 0."""
    if action < INLINE_ACTIONS:
        g = GRID_OF_CELL[action // 6]
        off = OFFSETS[action % 6]
        # Find the first cell past the moving and pushed marbles, then shift back to front.
        t = g + off
        while board[t] != EMPTY and board[t] != OFF:
            t += off
        ejected = 0
        if board[t] == OFF:
            ejected = board[t - off]
        else:
            board[t] = board[t - off]
        t -= off
        while t != g:
            board[t] = board[t - off]
            t -= off
        board[g] = EMPTY
        return ejected
    b = action - INLINE_ACTIONS
    k = b % 4
    length = (b // 4) % 2 + 2
    axis = (b // 8) % 3
    g = GRID_OF_CELL[b // 24]
    step = OFFSETS[axis]
    off = OFFSETS[SIDE_DIRECTIONS[axis, k]]
    for i in range(length):
        p = g + i * step
        board[p + off] = board[p]
        board[p] = EMPTY
    return 0


@njit(cache=True)
def board_hash(board: np.ndarray, zob: np.ndarray, seat: int) -> np.int64:
    """Zobrist key of the marbles and the seat to move."""
    h = zob[0, seat]
    for g in range(board.shape[0]):
        c = board[g]
        if c != EMPTY and c != OFF:
            h ^= zob[c, g]
    return h


@njit(cache=True)
def random_playout(
    board: np.ndarray,
    seat: int,
    players: int,
    team: np.ndarray,
    policy: int,
    ejected: np.ndarray,
    max_plies: int,
) -> tuple[int, int]:
    """Uniformly random legal moves until a side has ejected six or max_plies.

    Changes ``board`` and ``ejected`` (marbles ejected per team) in place.
    Returns (plies played, winning team or -1).
    """
    out = np.empty(NUM_ACTIONS, dtype=np.int64)
    plies = 0
    while plies < max_plies:
        mover = seat + 1
        n = generate(board, mover, team, policy, out)
        action = out[np.random.randint(n)]
        plies += 1
        if action != PASS_ACTION and apply(board, action) != 0:
            side = team[mover]
            ejected[side] += 1
            if ejected[side] >= 6:
                return plies, side
        seat = (seat + 1) % players
    return plies, -1


@njit(cache=True)
def features(board: np.ndarray, team: np.ndarray, teams: int) -> np.ndarray:
    """Per team: marbles, summed distance to the centre, friendly neighbour pairs, edge marbles."""
    out = np.zeros((teams, 4), dtype=np.int64)
    for cell in range(61):
        g = GRID_OF_CELL[cell]
        c = board[g]
        if c == EMPTY:
            continue
        t = team[c]
        out[t, 0] += 1
        dist = CENTRE_DISTANCE[g]
        out[t, 1] += dist
        if dist == 4:
            out[t, 3] += 1
        for d in range(3):  # forward directions only: each pair once
            nb = board[g + OFFSETS[d]]
            if nb != EMPTY and nb != OFF and team[nb] == t:
                out[t, 2] += 1
    return out
