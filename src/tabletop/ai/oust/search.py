"""Oust's own tree search in numba: PUCT with evaluated leaves, tree and moves in kernels.

The same search as ``tabletop.ai.mcts.MCTSAgent`` with ``leaf="evaluate"``
and Oust's prior (the search of Oust's upper levels, decision 0056), moved
whole into compiled code: the generic search spends most of an iteration in
Python (selection, the State wrappers round each kernel call), while the
kernels themselves take a few microseconds (decision 0060 has the numbers).
The tree, the PUCT steps and the iteration loop are tabletop.ai.compiled's;
this module gives the loop Oust's hooks (``OustContext``): it plays Oust's
moves, grows a node with Oust's prior and values a leaf with Oust's
evaluation (the weights of evaluation.py, passed in).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from numba import njit, types
from numba.extending import overload

from tabletop.ai.compiled import puct
from tabletop.ai.compiled.tree import add_edges
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
    add_edges(node, color - 1, legal, w, n, ALL_MOVES, nodes, e_int, e_prior, counters)


class OustContext(NamedTuple):
    """Oust's side of the shared iteration loop (compiled.puct): the root's position (played
    on and taken back), the board's neighbours and Zobrist keys, the work trail and
    scratch, the rules' flags and move cap, and the evaluation's weights."""

    pos: np.ndarray
    nbr: np.ndarray
    zob: np.ndarray
    trail: np.ndarray
    scratch: np.ndarray
    flags: int
    max_plies: int
    weights: np.ndarray


def _is_oust(context: Any) -> bool:
    return (
        isinstance(context, types.BaseNamedTuple)
        and getattr(context, "instance_class", None) is OustContext
    )


@overload(puct.seats)
def _seats(context: Any) -> Any:
    if _is_oust(context):

        def seats(context: Any) -> int:
            return 2

        return seats
    return None


@overload(puct.is_over)
def _is_over(context: Any, depth: Any) -> Any:
    if _is_oust(context):

        def is_over(context: Any, depth: Any) -> bool:
            # The move cap is in the position: play ends the game there, at any depth.
            return context.pos[1, kernels.M_END] != kernels.END_NONE  # type: ignore[no-any-return]

        return is_over
    return None


@overload(puct.grow)
def _grow(context: Any, node: Any, nodes: Any, e_int: Any, e_prior: Any, counters: Any) -> Any:
    if _is_oust(context):

        def grow(
            context: Any, node: Any, nodes: Any, e_int: Any, e_prior: Any, counters: Any
        ) -> None:
            expand(node, context.pos, context.nbr, context.scratch, context.weights, nodes,
                   e_int, e_prior, counters)  # fmt: skip

        return grow
    return None


@overload(puct.play)
def _play(context: Any, action: Any) -> Any:
    if _is_oust(context):

        def play(context: Any, action: Any) -> None:
            kernels.play(context.pos, context.nbr, context.zob, context.trail, context.scratch,
                         action, context.flags, context.max_plies)  # fmt: skip

        return play
    return None


@overload(puct.undo)
def _undo(context: Any) -> Any:
    if _is_oust(context):

        def undo(context: Any) -> None:
            kernels.undo(context.pos, context.trail, context.nbr.shape[0])

        return undo
    return None


@overload(puct.position_key)
def _position_key(context: Any) -> Any:
    if _is_oust(context):

        def position_key(context: Any) -> Any:
            return kernels.situation_key(context.pos[1])

        return position_key
    return None


@overload(puct.evaluate)
def _evaluate(context: Any, over: Any, returns: Any) -> Any:
    if _is_oust(context):

        def value(context: Any, over: Any, returns: Any) -> None:
            v = evaluate(context.pos, context.nbr, context.scratch, context.weights)
            returns[0] = v
            returns[1] = -v

        return value
    return None
