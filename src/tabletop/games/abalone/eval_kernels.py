"""Numba helpers of the Abalone evaluation: which in-line moves push or eject, and
the evaluation itself (one call per searched position, so it is a kernel).

Kept apart from the rules kernels (kernels.py) because only the computer
players need them; the board is only read.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from tabletop.games.abalone import kernels

#: Kinds of a move.
PLAIN = 0
PUSH = 1  # moves enemy marbles
EJECT = 2  # pushes an enemy marble off the board


@njit(cache=True)
def move_kind(board: np.ndarray, action: int) -> int:
    """PLAIN, PUSH or EJECT for a legal action (broadside moves and pass are PLAIN)."""
    if action >= kernels.INLINE_ACTIONS:
        return PLAIN
    g = kernels.GRID_OF_CELL[action // 6]
    off = kernels.OFFSETS[action % 6]
    mover = board[g]
    t = g + off
    pushed = False
    while board[t] != kernels.EMPTY and board[t] != kernels.OFF:
        if board[t] != mover:
            pushed = True
        t += off
    if not pushed:
        return PLAIN
    return EJECT if board[t] == kernels.OFF else PUSH


@njit(cache=True)
def kinds(board: np.ndarray, actions: np.ndarray) -> np.ndarray:
    """move_kind of every action in ``actions``."""
    out = np.empty(actions.shape[0], dtype=np.int64)
    for i in range(actions.shape[0]):
        out[i] = move_kind(board, actions[i])
    return out


@njit(cache=True)
def threats(board: np.ndarray, players: int, team: np.ndarray) -> np.ndarray:
    """Per seat: how many of its legal moves would eject an enemy marble if it moved now."""
    # Only in-line moves push, so the broadside half of move generation is skipped:
    # the legal in-line moves are exactly those kernels.generate lists first.
    out = np.zeros(players, dtype=np.int64)
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        mover = board[g]
        if mover == kernels.EMPTY:
            continue
        for d in range(6):
            action = cell * 6 + d
            if (
                move_kind(board, action) == EJECT
                and kernels.inline_code(board, g, d, mover, team) == kernels.LEGAL
            ):
                out[mover - 1] += 1
    return out


#: Weights of the evaluation, per side: ejected marbles, mean distance to the
#: centre, friendly neighbour pairs per marble, marbles on the edge ring.
EJECTED_WEIGHT = 6.0
CENTRE_WEIGHT = -1.0
COHESION_WEIGHT = 0.5
EDGE_WEIGHT = -0.25
#: Per side with an ejecting move available: worth most of a marble to the side to
#: move, less to the others (several ejecting moves still take one marble a turn).
THREAT_TO_MOVE = 3.0
THREAT_WAITING = 1.0
#: Raw lead that maps to tanh(1) ~ 0.76: two marbles ejected ahead.
SCALE = 12.0


@njit(cache=True)
def team_values(
    board: np.ndarray,
    players: int,
    team: np.ndarray,
    teams: int,
    tallies: np.ndarray,
    to_move: int,
) -> np.ndarray:
    """Per team, a value in (-1, 1): tanh of its raw score's lead over the other
    teams' mean, over SCALE. ``team`` maps a colour (seat + 1) to its team and
    ``tallies`` holds each team's ejected marbles (evaluation.evaluate has the terms)."""
    f = kernels.features(board, team, teams)
    ejecting = threats(board, players, team)
    raw = np.zeros(teams)
    for seat in range(players):
        if ejecting[seat] > 0:
            raw[team[seat + 1]] += THREAT_TO_MOVE if seat == to_move else THREAT_WAITING
    total = 0.0
    for t in range(teams):
        marbles = max(1, f[t, 0])
        raw[t] += (
            EJECTED_WEIGHT * tallies[t]
            + CENTRE_WEIGHT * f[t, 1] / marbles
            + COHESION_WEIGHT * f[t, 2] / marbles
            + EDGE_WEIGHT * f[t, 3]
        )
        total += raw[t]
    out = np.empty(teams)
    for t in range(teams):
        out[t] = math.tanh((raw[t] - (total - raw[t]) / (teams - 1)) / SCALE)
    return out
