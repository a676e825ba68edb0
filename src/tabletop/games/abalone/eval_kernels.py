"""Numba helpers of the Abalone evaluation: which in-line moves push or eject, and
the evaluation itself (one call per searched position, so it is a kernel).

``team_values`` weighs, per team, the compiled 2-player search's twelve terms
(ai/abalone/evaluation.py names them, in the same order, TERMS here) in the forms that
apply to any number of sides: each term is the team's own figure, and a team's value
is its lead over the other teams' mean. The weights are data, one row per player
count (WEIGHTS_BY_PLAYERS): 2 and 3 players weigh "today's" six terms (so 2-player
levels 1-9 play as before), 4 players the row fitted to 4-player games (fitted_teams.json,
bench/fit_abalone_teams.py on ``team_terms``, the unweighted figures; decision 0188),
which won the 4-player target's match more often than today's. PRESSING, the
`pressing` set level 10 plays with 2 players, stays a candidate (decision 0187).

Kept apart from the rules kernels (kernels.py) because only the computer
players need them; the board is only read.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
from numba import njit

from tabletop.games.abalone import geometry, kernels

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


@njit(cache=True, inline="always")
def team_push_kind(board: np.ndarray, g: int, d: int, colour: int, team: np.ndarray) -> int:
    """PUSH or EJECT when the in-line move of ``colour``'s marble at grid g in direction d
    is legal by the rules (kernels.inline_code: a team-mate's marbles in line join the
    pushing group, one behind the pushed marbles is a sandwich) and moves marbles of
    another team, else PLAIN."""
    off = kernels.OFFSETS[d]
    side = team[colour]
    t = g + off
    while board[t] != kernels.EMPTY and board[t] != kernels.OFF and team[board[t]] == side:
        t += off
    if board[t] == kernels.EMPTY or board[t] == kernels.OFF:
        return PLAIN  # no marble of another team ahead (the cheap test first)
    if kernels.inline_code(board, g, d, colour, team) != kernels.LEGAL:
        return PLAIN
    while board[t] != kernels.EMPTY and board[t] != kernels.OFF:
        t += off
    return EJECT if board[t] == kernels.OFF else PUSH


@njit(cache=True, inline="always")
def push_gain(board: np.ndarray, g: int, d: int) -> int:
    """For a push (not an ejection) of the line at grid g in direction d: 2 when the front
    pushed marble lands on the edge, 1 when it steps outward elsewhere, 0 when it moves
    along its ring or inward (the pressure term; the 2-player search's too)."""
    off = kernels.OFFSETS[d]
    t = g + off
    while board[t] != kernels.EMPTY:
        t += off
    before = kernels.CENTRE_DISTANCE[t - off]
    after = kernels.CENTRE_DISTANCE[t]
    if after <= before:
        return 0
    return 2 if after == 4 else 1


#: Rows of push_counts' table.
EJECTING, PUSHES, PRESSURE = 0, 1, 2


@njit(cache=True)
def push_counts(board: np.ndarray, team: np.ndarray) -> np.ndarray:
    """Every seat's legal in-line moves that move another team's marbles, as if it moved
    now, as int64[3, 4]: row EJECTING per seat its ejections, row PUSHES per team all of
    them (ejections too), row PRESSURE per team the pushes' push_gain."""
    # Only in-line moves push, so the broadside half of move generation is skipped.
    counts = np.zeros((3, 4), dtype=np.int64)
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        mover = board[g]
        if mover == kernels.EMPTY:
            continue
        side = team[mover]
        for d in range(6):
            ahead = board[g + kernels.OFFSETS[d]]
            if ahead == kernels.EMPTY or ahead == kernels.OFF or team[ahead] != side:
                continue  # a single marble never pushes
            kind = team_push_kind(board, g, d, mover, team)
            if kind == PLAIN:
                continue
            counts[PUSHES, side] += 1
            if kind == EJECT:
                counts[EJECTING, mover - 1] += 1
            else:
                counts[PRESSURE, side] += push_gain(board, g, d)
    return counts


@njit(cache=True)
def threats(board: np.ndarray, players: int, team: np.ndarray) -> np.ndarray:
    """Per seat: how many of its legal moves would eject an enemy marble if it moved now."""
    return push_counts(board, team)[EJECTING, :players].copy()


#: Each grid index's (row, number), for the centres of mass; off-board entries unused.
ROW_OF = np.zeros(geometry.GRID, dtype=np.float64)
NUMBER_OF = np.zeros(geometry.GRID, dtype=np.float64)
for _cell, (_r, _n) in enumerate(geometry.CELLS):
    ROW_OF[geometry.GRID_OF_CELL[_cell]] = _r
    NUMBER_OF[geometry.GRID_OF_CELL[_cell]] = _n
#: The board centre's weight against the sides' centres of mass in ABA-PRO's reference
#: point (the reference opponent's, bench/abalone_ref/evaluation.py: CENTRE_PULL).
MASS_PULL = 4.0
#: The board centre's (row, number).
CENTRE = 4.0


@njit(cache=True, inline="always")
def hex_distance(dr: float, dn: float) -> float:
    """Hex distance of a (row, number) difference (fractional for centres of mass)."""
    return (abs(dr) + abs(dn) + abs(dr - dn)) / 2.0


@njit(cache=True)
def team_shape(board: np.ndarray, team: np.ndarray, teams: int, out: np.ndarray) -> None:
    """Per team into out[t]: marbles on the ring next to the edge, the mean hex distance
    to the team's own centre of mass (its spread) and the summed hex distance to ABA-PRO's
    reference point generalised to k sides (the board centre, weight MASS_PULL, averaged
    with every team's centre of mass)."""
    count = np.zeros(teams)
    row = np.zeros(teams)
    number = np.zeros(teams)
    out[:teams, :] = 0.0
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        c = board[g]
        if c == kernels.EMPTY:
            continue
        t = team[c]
        count[t] += 1
        row[t] += ROW_OF[g]
        number[t] += NUMBER_OF[g]
        if kernels.CENTRE_DISTANCE[g] == 3:
            out[t, 0] += 1
    row_ref = MASS_PULL * CENTRE
    number_ref = MASS_PULL * CENTRE
    for t in range(teams):
        n = max(1.0, count[t])
        row[t] /= n
        number[t] /= n
        row_ref += row[t]
        number_ref += number[t]
    row_ref /= MASS_PULL + teams
    number_ref /= MASS_PULL + teams
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        c = board[g]
        if c == kernels.EMPTY:
            continue
        t = team[c]
        out[t, 1] += hex_distance(ROW_OF[g] - row[t], NUMBER_OF[g] - number[t])
        out[t, 2] += hex_distance(ROW_OF[g] - row_ref, NUMBER_OF[g] - number_ref)
    for t in range(teams):
        out[t, 1] /= max(1.0, count[t])


#: team_values' terms, the compiled 2-player search's (ai/abalone/evaluation.py TERMS, in
#: its order), per team: marbles pushed off; mean hex distance to the centre; neighbour
#: pairs within the team per marble; marbles on the edge; an ejection available to the
#: seat to move (per seat); one available to a waiting seat (per seat, counted for its
#: team, so its weight is positive like the 2-player one's); pushes available against
#: any marble not of the team (ejections too); the spread around the team's own centre of
#: mass; marbles on the ring next to the edge; the summed distance to ABA-PRO's point for
#: k sides; the pairs summed; the pressure (pushes moving another team's marble outward,
#: 1, or onto the edge, 2).
TERMS = (
    "ejected",
    "centre",
    "cohesion",
    "edge",
    "threat_to_move",
    "threat_waiting",
    "pushes",
    "compact",
    "ring3",
    "mass_centre",
    "pairs",
    "pressure",
)
(
    T_EJECTED,
    T_CENTRE,
    T_COHESION,
    T_EDGE,
    T_THREAT_TO_MOVE,
    T_THREAT_WAITING,
    T_PUSHES,
    T_COMPACT,
    T_RING3,
    T_MASS_CENTRE,
    T_PAIRS,
    T_PRESSURE,
) = range(len(TERMS))

#: "Today's" weights, raw points (a marble 6), per side: ejected marbles, mean distance
#: to the centre, friendly neighbour pairs per marble, marbles on the edge ring.
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


def _weights(**by_term: float) -> np.ndarray:
    """A read-only weight row in TERMS' order from the terms' names (others 0)."""
    w = np.zeros(len(TERMS))
    for term, weight in by_term.items():
        w[TERMS.index(term)] = weight
    w.setflags(write=False)
    return w


#: Today's six terms (the 2-player levels 1-9 and, until decision 0187, every level with
#: 3 and 4 players).
TODAY = _weights(
    ejected=EJECTED_WEIGHT,
    centre=CENTRE_WEIGHT,
    cohesion=COHESION_WEIGHT,
    edge=EDGE_WEIGHT,
    threat_to_move=THREAT_TO_MOVE,
    threat_waiting=THREAT_WAITING,
)
#: The 2-player level 10's `pressing` set (ai/abalone/agent.py, decisions 0170, 0176,
#: 0182) in these units, which are its own: raw points with a marble 6, and SCALE 12 is
#: the scale the compiled search uses with it. The reference counts a marble 1,000, so a
#: reference point is 0.006: -40 a marble-step to ABA-PRO's point, +12 a pair, -25 an
#: edge marble, +8 a push, 400 and 150 for an ejection to make or parry, and 40 a unit
#: of pressure. Its mean terms (centre, cohesion), compact and ring3 weigh 0.
PRESSING = _weights(
    ejected=6.0,
    mass_centre=-0.24,
    pairs=0.072,
    edge=-0.15,
    pushes=0.048,
    threat_to_move=2.4,
    threat_waiting=0.9,
    pressure=0.24,
)
#: The rows bench/fit_abalone_teams.py fitted to 3- and 4-player games (decision 0188).
FITTED_TEAMS = Path(__file__).with_name("fitted_teams.json")
#: The weight rows a benchmark can name (bench/strength_levels.py --team-weights).
TEAM_WEIGHTS = ("today", "pressing", "fitted")


def team_weights(name: str, players: int) -> np.ndarray:
    """The weight row called ``name`` (one of TEAM_WEIGHTS) for ``players``: TODAY,
    PRESSING, or the row fitted to that player count's games (FITTED_TEAMS). Raises
    ValueError naming what is missing."""
    if name == "today":
        return TODAY
    if name == "pressing":
        return PRESSING
    if name != "fitted":
        raise ValueError(f"no weight row {name!r}: expected one of {', '.join(TEAM_WEIGHTS)}")
    table = json.loads(FITTED_TEAMS.read_text())
    if str(players) not in table:
        raise ValueError(f"no fitted weight row for {players} players in {FITTED_TEAMS.name}")
    return _weights(**table[str(players)]["weights"])


#: The weights team_values uses, by player count (decisions 0187, 0188; the matches are in
#: docs/strength.md). 2 players: the 2-player ladder's ledgers and fingerprints stand on
#: today's. 3 players: today's, which the fit barely beat on held-out games and no match
#: has compared. 4 players: the fitted row, which won the 4-player target's match more
#: often than today's on the same seeds.
WEIGHTS_BY_PLAYERS = {2: TODAY, 3: TODAY, 4: team_weights("fitted", 4)}


def use_team_weights(name: str, players: int) -> None:
    """Make ``players``' evaluation weigh the row ``name`` (team_weights) in this process:
    for benchmarks that measure a candidate row against the shipped one."""
    WEIGHTS_BY_PLAYERS[players] = team_weights(name, players)


@njit(cache=True)
def team_values(
    board: np.ndarray,
    players: int,
    team: np.ndarray,
    teams: int,
    tallies: np.ndarray,
    to_move: int,
    w: np.ndarray,
) -> np.ndarray:
    """Per team, a value in (-1, 1): tanh of its raw score (the terms of TERMS weighted
    by ``w``) less the other teams' mean, over SCALE. ``team`` maps a colour (seat + 1)
    to its team and ``tallies`` holds each team's ejected marbles."""
    f = kernels.features(board, team, teams)
    counts = push_counts(board, team)
    shape = np.zeros((teams, 3))
    if w[T_COMPACT] != 0.0 or w[T_RING3] != 0.0 or w[T_MASS_CENTRE] != 0.0:
        team_shape(board, team, teams, shape)  # a second pass: only when weighed
    raw = np.zeros(teams)
    for seat in range(players):
        if counts[EJECTING, seat] > 0:
            raw[team[seat + 1]] += w[T_THREAT_TO_MOVE] if seat == to_move else w[T_THREAT_WAITING]
    total = 0.0
    for t in range(teams):
        marbles = max(1, f[t, 0])
        # Today's four first, in their old order, so 2 players' values stay bit for bit.
        raw[t] += (
            w[T_EJECTED] * tallies[t]
            + w[T_CENTRE] * f[t, 1] / marbles
            + w[T_COHESION] * f[t, 2] / marbles
            + w[T_EDGE] * f[t, 3]
            + w[T_PUSHES] * counts[PUSHES, t]
            + w[T_COMPACT] * shape[t, 1]
            + w[T_RING3] * shape[t, 0]
            + w[T_MASS_CENTRE] * shape[t, 2]
            + w[T_PAIRS] * f[t, 2]
            + w[T_PRESSURE] * counts[PRESSURE, t]
        )
        total += raw[t]
    out = np.empty(teams)
    for t in range(teams):
        out[t] = math.tanh((raw[t] - (total - raw[t]) / (teams - 1)) / SCALE)
    return out


def team_terms(
    board: np.ndarray,
    players: int,
    team: np.ndarray,
    teams: int,
    tallies: np.ndarray,
    to_move: int,
) -> np.ndarray:
    """Per team, team_values' twelve unweighted figures (TERMS' order) as float[teams, 12]:
    ``terms @ w`` is each team's raw score, so team_values is tanh((raw[t] - mean of the
    others' raw) / SCALE). For fitting weights to game results (bench/fit_abalone_teams.py);
    plain Python over the kernels, as it is not on a search's path."""
    f = kernels.features(board, team, teams)
    counts = push_counts(board, team)
    shape = np.zeros((teams, 3))
    team_shape(board, team, teams, shape)
    out = np.zeros((teams, len(TERMS)))
    for seat in range(players):
        if counts[EJECTING, seat] > 0:
            out[team[seat + 1], T_THREAT_TO_MOVE if seat == to_move else T_THREAT_WAITING] += 1
    marbles = np.maximum(1, f[:, 0])
    out[:, T_EJECTED] = tallies[:teams]
    out[:, T_CENTRE] = f[:, 1] / marbles
    out[:, T_COHESION] = f[:, 2] / marbles
    out[:, T_EDGE] = f[:, 3]
    out[:, T_PUSHES] = counts[PUSHES, :teams]
    out[:, T_COMPACT] = shape[:, 1]
    out[:, T_RING3] = shape[:, 0]
    out[:, T_MASS_CENTRE] = shape[:, 2]
    out[:, T_PAIRS] = f[:, 2]
    out[:, T_PRESSURE] = counts[PRESSURE, :teams]
    return out


def lead(terms: np.ndarray) -> np.ndarray:
    """Each team's figures less the other teams' mean (the differences team_values
    weighs): row t of ``terms`` minus the mean of the other rows."""
    teams = terms.shape[0]
    result: np.ndarray = terms - (terms.sum(axis=0) - terms) / (teams - 1)
    return result
