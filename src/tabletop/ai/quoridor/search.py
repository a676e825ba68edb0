"""Quoridor's own tree search in numba: max-n PUCT valuing leaves by the race.

The same search as ``tabletop.ai.mcts.MCTSAgent`` with ``leaf="evaluate"``
and Quoridor's prior (the search of the upper 2-player levels and of every
4-player level, decisions 0050, 0053), moved whole into compiled code as
Oust's was (decision 0060). The tree and the PUCT steps are
games/search_tree.py's; this module plays Quoridor's moves, grows a node
with evaluation.prior's weights (eval_kernels.score_moves) and values a leaf
by evaluation.evaluate's race (constants passed in).

One difference from the generic search: a grown node keeps its ``limit``
best moves by prior, not all ~130 (memory: 12 bytes an edge). The rest are
walls that cross no opponent's path (prior weight 0.05 against ~0.1-20 for
the others), which PUCT tries only after tens of thousands of visits to a
node; decision 0061 has the measurement.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from tabletop.games import search_tree as st
from tabletop.games.quoridor import eval_kernels as ek
from tabletop.games.quoridor import kernels as k
from tabletop.games.quoridor.notation import NUM_ACTIONS

# Indices of the weights array (evaluation.py's constants, in this order).
W_WALL_STEPS = 0  # steps of the race one wall in hand is worth
W_SCALE = 1  # step lead that maps to tanh(1)
W_IDLE_PRIOR = 2  # prior weight of a wall that crosses no opponent's path
WEIGHTS = 3

#: Plies an iteration may go below the root (the work trail's size past the root's ply).
MAX_DEPTH = 240


@njit(cache=True)
def evaluate(pos: np.ndarray, over: bool, weights: np.ndarray, out: np.ndarray) -> None:
    """Each seat's value into ``out``: 1 for the winner and -1 for the others, 0 each for a
    draw (``over`` without a winner: the move cap), else evaluation.evaluate's race."""
    meta = k.O_META
    players = pos[meta + k.M_PLAYERS]
    winner = pos[meta + k.M_WINNER]
    if winner >= 0:
        for s in range(players):
            out[s] = 1.0 if s == winner else -1.0
        return
    if over:
        out[:players] = 0.0
        return
    to_move = pos[meta + k.M_TO_MOVE]
    steps = np.empty(players, dtype=np.float64)
    for s in range(players):
        square = pos[meta + k.M_PAWN + s]
        tempo = ((s - to_move) % players) / players
        walls = float(pos[meta + k.M_WALLS + s])
        steps[s] = float(pos[k.O_DIST + s * k.SQ + square]) + tempo - weights[W_WALL_STEPS] * walls
    for s in range(players):
        best_other = math.inf
        for o in range(players):
            if o != s and steps[o] < best_other:
                best_other = steps[o]
        out[s] = math.tanh((best_other - steps[s]) / weights[W_SCALE])


@njit(cache=True)
def expand(
    node: int,
    pos: np.ndarray,
    side_around: bool,
    weights: np.ndarray,
    limit: int,
    scored: np.ndarray,
    nodes: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Give ``node`` its ``limit`` best moves by evaluation.prior's weights, best first."""
    n = ek.score_moves(pos, side_around, scored)
    actions = np.empty(n, dtype=np.int64)
    w = np.empty(n, dtype=np.float64)
    for i in range(n):
        actions[i] = scored[i, 0]
        if scored[i, 1] == ek.IDLE_WALL:
            w[i] = weights[W_IDLE_PRIOR]
        else:
            w[i] = math.exp(min(3.0, max(-2.0, float(scored[i, 2]))))
    seat = pos[k.O_META + k.M_TO_MOVE]
    st.add_edges(node, seat, actions, w, n, limit, nodes, e_int, e_prior, counters)


@njit(cache=True)
def run(
    pos: np.ndarray,
    trail: np.ndarray,
    side_around: bool,
    plies_left: int,
    root: int,
    iterations: int,
    exploration: float,
    fpu: float,
    weights: np.ndarray,
    limit: int,
    seen: np.ndarray,
    nodes: np.ndarray,
    value: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Run ``iterations`` iterations from ``root`` (``pos`` is its position, and is left
    as it was; ``plies_left``: moves until the game's move cap). The caller leaves room
    for one node and one node's moves an iteration.

    As the generic search: a new leaf is valued before it grows; a position that
    stood in the game or earlier on the line is a draw unless the game is over there."""
    meta = k.O_META
    players = pos[meta + k.M_PLAYERS]
    path = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    line = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    returns = np.empty(players, dtype=np.float64)
    scored = np.empty((NUM_ACTIONS, 3), dtype=np.int64)
    for _ in range(iterations):
        node = root
        path[0] = root
        depth = 0
        repeated = False
        over = pos[meta + k.M_WINNER] >= 0 or plies_left <= 0
        while True:
            if nodes[node, st.N_EDGE0] < 0:
                if nodes[node, st.N_VISITS] == 0 and node != root:
                    break  # a new leaf: value it before growing it
                if over:
                    break
                expand(node, pos, side_around, weights, limit, scored, nodes, e_int, e_prior,
                       counters)  # fmt: skip
            if nodes[node, st.N_EDGES] == 0 or depth == MAX_DEPTH:
                break
            edge = st.select(node, exploration, fpu, nodes, value, e_int, e_prior, counters)
            child = e_int[edge, st.E_CHILD]
            k.play(pos, trail, e_int[edge, st.E_ACTION], side_around)
            depth += 1
            path[depth] = child
            over = pos[meta + k.M_WINNER] >= 0 or depth >= plies_left
            key = pos[meta + k.M_HASH]
            if not over and st.repeats(key, seen, line, depth):
                repeated = True
                break
            line[depth] = key
            node = child
            if nodes[child, st.N_VISITS] == 0:
                break
        if repeated:
            returns[:] = 0.0
        else:
            evaluate(pos, over, weights, returns)
        st.backup(path, depth, returns, nodes, value)
        for _ in range(depth):
            k.undo(pos, trail)
        if depth > counters[st.C_DEPTH]:
            counters[st.C_DEPTH] = depth
