"""Oust's own tree search in numba: PUCT with evaluated leaves, tree and moves in kernels.

The same search as ``tabletop.ai.mcts.MCTSAgent`` with ``leaf="evaluate"``
and Oust's prior (the search of Oust's upper levels, decision 0056), moved
whole into compiled code: the generic search spends most of an iteration in
Python (selection, the State wrappers round each kernel call), while the
kernels themselves take a few microseconds (decision 0060 has the numbers).
The tree and the PUCT steps are tabletop.ai.compiled's; this module plays
Oust's moves, grows a node with Oust's prior and values a leaf with Oust's
evaluation (the weights of evaluation.py, passed in), in its own copy of the
iteration loop (``run``: shared, it cost Oust speed, decision 0079).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from tabletop.ai.compiled import puct, tree
from tabletop.games.oust import eval_kernels, kernels

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

#: Every legal move gets an edge (the generic search may try any of them).
ALL_MOVES = 1 << 30


@njit(cache=True)
def evaluate(pos: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, weights: np.ndarray) -> float:
    """Black's value of a position in [-1, 1]: the outcome when over, else the evaluation
    (evaluation.evaluate's formula, from the mover's side, turned to Black's)."""
    meta = pos[1]
    if meta[kernels.M_END] != kernels.END_NONE:
        winner = meta[kernels.M_WINNER]
        if winner == kernels.BLACK:
            return 1.0
        if winner == kernels.WHITE:
            return -1.0
        return 0.0
    f = eval_kernels.features(pos[0], nbr, scratch)
    me = meta[kernels.M_COLOR] - 1
    other = 1 - me
    raw = (
        float(f[me, eval_kernels.F_STONES] - f[other, eval_kernels.F_STONES])
        + weights[W_MOVER_CAPTURE] * f[me, eval_kernels.F_BEST]
        - weights[W_THREAT] * f[other, eval_kernels.F_BEST]
        + weights[W_SAFE] * (f[me, eval_kernels.F_SAFE] - f[other, eval_kernels.F_SAFE])
        + weights[W_GROUP] * (f[me, eval_kernels.F_GROUP] - f[other, eval_kernels.F_GROUP])
        + weights[W_MOBILITY] * (f[me, eval_kernels.F_MOBILITY] - f[other, eval_kernels.F_MOBILITY])
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
    color = pos[1, kernels.M_COLOR]
    legal = kernels.legal_actions(pos, nbr, scratch)
    n = legal.shape[0]
    cells = nbr.shape[0]
    kernels.label_groups(pos[0], nbr, scratch)
    kinds = np.empty((cells, 2), dtype=np.int64)
    eval_kernels.classify(pos[0], nbr, scratch, color, kinds)
    w = np.empty(n, dtype=np.float64)
    for i in range(n):
        a = legal[i]
        weight = weights[W_PRIOR_SAFE]  # pass and swap too
        if a < cells:
            kind = kinds[a, 0]
            if kind == eval_kernels.CAPTURE:
                weight = weights[W_PRIOR_CAPTURE] + kinds[a, 1]
            elif kind == eval_kernels.EXPOSED:
                weight = weights[W_PRIOR_EXPOSED]
        w[i] = weight
    tree.add_edges(node, color - 1, legal, w, n, ALL_MOVES, nodes, e_int, e_prior, counters)


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

    The same loop as compiled.puct.run (a new leaf is valued before it grows; a position
    that stood in the game or earlier on the line is a draw unless the game is over
    there), written out for Oust's arrays: through puct.run's hooks Oust ran fewer
    iterations a second, Quoridor none fewer (decision 0079 has the measurement)."""
    cells = nbr.shape[0]
    path = np.empty(puct.MAX_DEPTH + 1, dtype=np.int64)
    line = np.empty(puct.MAX_DEPTH + 1, dtype=np.int64)
    returns = np.empty(2, dtype=np.float64)
    meta = pos[1]
    for _ in range(iterations):
        node = root
        path[0] = root
        depth = 0
        repeated = False
        while True:
            if nodes[node, tree.N_EDGE0] < 0:
                if nodes[node, tree.N_VISITS] == 0 and node != root:
                    break  # a new leaf: value it before growing it
                if meta[kernels.M_END] != kernels.END_NONE:
                    break
                expand(node, pos, nbr, scratch, weights, nodes, e_int, e_prior, counters)
            if nodes[node, tree.N_EDGES] == 0 or depth == puct.MAX_DEPTH:
                break
            edge = tree.select(node, exploration, fpu, nodes, value, e_int, e_prior, counters)
            child = e_int[edge, tree.E_CHILD]
            kernels.play(
                pos, nbr, zob, trail, scratch, e_int[edge, tree.E_ACTION], flags, max_plies
            )
            depth += 1
            path[depth] = child
            key = kernels.situation_key(meta)
            if meta[kernels.M_END] == kernels.END_NONE and tree.repeats(key, seen, line, depth):
                repeated = True
                break
            line[depth] = key
            node = child
            if nodes[child, tree.N_VISITS] == 0:
                break
        v = 0.0 if repeated else evaluate(pos, nbr, scratch, weights)
        returns[0] = v
        returns[1] = -v
        tree.backup(path, depth, returns, nodes, value)
        for _ in range(depth):
            kernels.undo(pos, trail, cells)
        if depth > counters[tree.C_DEPTH]:
            counters[tree.C_DEPTH] = depth
