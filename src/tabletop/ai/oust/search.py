"""Oust's own tree search in numba: PUCT with evaluated leaves, tree and moves in kernels.

The same search as ``tabletop.ai.mcts.MCTSAgent`` with ``leaf="evaluate"``
and Oust's prior (the search of Oust's upper levels, decision 0056), moved
whole into compiled code: the generic search spends most of an iteration in
Python (selection, the State wrappers round each kernel call), while the
kernels themselves take a few microseconds (decision 0060 has the numbers).
The tree and the PUCT steps are games/search_tree.py's; this module plays
Oust's moves, grows a node with Oust's prior and values a leaf with Oust's
evaluation (the weights of evaluation.py, passed in).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from tabletop.games import search_tree as st
from tabletop.games.oust import eval_kernels as ek
from tabletop.games.oust import kernels as k

# Indices of the weights array (evaluation.py's constants, in this order).
W_MOVER_CAPTURE = 0
W_THREAT = 1
W_SAFE = 2
W_GROUP = 3
W_MOBILITY = 4
W_SCALE = 5
W_PRIOR_CAPTURE = 6  # a capture's prior is this plus the stones it takes
W_PRIOR_SAFE = 7
W_PRIOR_EXPOSED = 8
WEIGHTS = 9

#: Plies an iteration may go below the root (the work trail's size past the root's ply).
MAX_DEPTH = 240

#: Every legal move gets an edge (the generic search may try any of them).
ALL_MOVES = 1 << 30


@njit(cache=True)
def evaluate(pos: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, weights: np.ndarray) -> float:
    """Black's value of a position in [-1, 1]: the outcome when over, else the evaluation
    (evaluation.evaluate's formula, from the mover's side, turned to Black's)."""
    meta = pos[1]
    if meta[k.M_END] != k.END_NONE:
        winner = meta[k.M_WINNER]
        if winner == k.BLACK:
            return 1.0
        if winner == k.WHITE:
            return -1.0
        return 0.0
    f = ek.features(pos[0], nbr, scratch)
    me = meta[k.M_COLOR] - 1
    other = 1 - me
    raw = (
        float(f[me, ek.F_STONES] - f[other, ek.F_STONES])
        + weights[W_MOVER_CAPTURE] * f[me, ek.F_BEST]
        - weights[W_THREAT] * f[other, ek.F_BEST]
        + weights[W_SAFE] * (f[me, ek.F_SAFE] - f[other, ek.F_SAFE])
        + weights[W_GROUP] * (f[me, ek.F_GROUP] - f[other, ek.F_GROUP])
        + weights[W_MOBILITY] * (f[me, ek.F_MOBILITY] - f[other, ek.F_MOBILITY])
    )
    v = math.tanh(raw / weights[W_SCALE])
    return v if me == 0 else -v


@njit(cache=True)
def expand(
    node: int,
    pos: np.ndarray,
    nbr: np.ndarray,
    scratch: np.ndarray,
    weights: np.ndarray,
    nodes: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Give ``node`` its moves with evaluation.prior's weights, best first."""
    color = pos[1, k.M_COLOR]
    legal = k.legal_actions(pos, nbr, scratch)
    n = legal.shape[0]
    cells = nbr.shape[0]
    k.label_groups(pos[0], nbr, scratch)
    kinds = np.empty((cells, 2), dtype=np.int64)
    ek.classify(pos[0], nbr, scratch, color, kinds)
    w = np.empty(n, dtype=np.float64)
    for i in range(n):
        a = legal[i]
        weight = weights[W_PRIOR_SAFE]  # pass and swap too
        if a < cells:
            kind = kinds[a, 0]
            if kind == ek.CAPTURE:
                weight = weights[W_PRIOR_CAPTURE] + kinds[a, 1]
            elif kind == ek.EXPOSED:
                weight = weights[W_PRIOR_EXPOSED]
        w[i] = weight
    st.add_edges(node, color - 1, legal, w, n, ALL_MOVES, nodes, e_int, e_prior, counters)


@njit(cache=True)
def run(
    pos: np.ndarray,
    nbr: np.ndarray,
    zob: np.ndarray,
    trail: np.ndarray,
    scratch: np.ndarray,
    flags: int,
    max_plies: int,
    root: int,
    iterations: int,
    exploration: float,
    fpu: float,
    weights: np.ndarray,
    seen: np.ndarray,
    nodes: np.ndarray,
    value: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Run ``iterations`` iterations from ``root`` (``pos`` is its position, and is left
    as it was). The caller leaves room for one node and one node's moves an iteration.

    As the generic search: a new leaf is valued before it grows; a position that
    stood in the game or earlier on the line is a draw unless the game is over there."""
    cells = nbr.shape[0]
    path = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    line = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    returns = np.empty(2, dtype=np.float64)
    meta = pos[1]
    for _ in range(iterations):
        node = root
        path[0] = root
        depth = 0
        repeated = False
        while True:
            if nodes[node, st.N_EDGE0] < 0:
                if nodes[node, st.N_VISITS] == 0 and node != root:
                    break  # a new leaf: value it before growing it
                if meta[k.M_END] != k.END_NONE:
                    break
                expand(node, pos, nbr, scratch, weights, nodes, e_int, e_prior, counters)
            if nodes[node, st.N_EDGES] == 0 or depth == MAX_DEPTH:
                break
            edge = st.select(node, exploration, fpu, nodes, value, e_int, e_prior, counters)
            child = e_int[edge, st.E_CHILD]
            k.play(pos, nbr, zob, trail, scratch, e_int[edge, st.E_ACTION], flags, max_plies)
            depth += 1
            path[depth] = child
            key = k.situation_key(meta)
            if meta[k.M_END] == k.END_NONE and st.repeats(key, seen, line, depth):
                repeated = True
                break
            line[depth] = key
            node = child
            if nodes[child, st.N_VISITS] == 0:
                break
        v = 0.0 if repeated else evaluate(pos, nbr, scratch, weights)
        returns[0] = v
        returns[1] = -v
        st.backup(path, depth, returns, nodes, value)
        for _ in range(depth):
            k.undo(pos, trail, cells)
        if depth > counters[st.C_DEPTH]:
            counters[st.C_DEPTH] = depth
