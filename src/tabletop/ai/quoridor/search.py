"""Quoridor's own tree search in numba: max-n PUCT valuing leaves by the race.

The same search as ``tabletop.ai.mcts.MCTSAgent`` with ``leaf="evaluate"``
and Quoridor's prior (the search of the upper 2-player levels and of every
4-player level, decisions 0050, 0053), moved whole into compiled code as
Oust's was (decision 0060). The tree and the PUCT steps are
tabletop.ai.compiled's; this module plays Quoridor's moves, grows a node
with evaluation.prior's weights (eval_kernels.score_moves) and values a leaf
by evaluation.evaluate's race (constants passed in): the hooks of
tabletop.ai.compiled's iteration loop for ``QuoridorContext``.

One difference from the generic search: a grown node keeps its ``limit``
best moves by prior, not all ~130 (memory: 12 bytes an edge). The rest are
walls that cross no opponent's path (prior weight evaluation.IDLE_PRIOR, far
below the others'), which PUCT tries only after very many visits to a node;
decision 0061 has the measurement.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from tabletop.ai.compiled import puct
from tabletop.ai.compiled.tree import add_edges
from tabletop.games.quoridor import eval_kernels, kernels

# Indices of the weights array (evaluation.py's constants, in this order).
W_WALL_STEPS = 0  # steps of the race one wall in hand is worth
W_SCALE = 1  # step lead that maps to tanh(1)
W_IDLE_PRIOR = 2  # prior weight of a wall that crosses no opponent's path
WEIGHTS = 3


@njit(cache=True)
def evaluate(pos: np.ndarray, over: bool, weights: np.ndarray, out: np.ndarray) -> None:
    """Each seat's value into ``out``: 1 for the winner and -1 for the others, 0 each for a
    draw (``over`` without a winner: the move cap), else evaluation.evaluate's race."""
    meta = kernels.O_META
    players = pos[meta + kernels.M_PLAYERS]
    winner = pos[meta + kernels.M_WINNER]
    if winner >= 0:
        for s in range(players):
            out[s] = 1.0 if s == winner else -1.0
        return
    if over:
        out[:players] = 0.0
        return
    to_move = pos[meta + kernels.M_TO_MOVE]
    steps = np.empty(players, dtype=np.float64)
    for s in range(players):
        square = pos[meta + kernels.M_PAWN + s]
        tempo = ((s - to_move) % players) / players
        walls = float(pos[meta + kernels.M_WALLS + s])
        steps[s] = (
            float(pos[kernels.O_DIST + s * kernels.SQ + square])
            + tempo
            - weights[W_WALL_STEPS] * walls
        )
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
    n = eval_kernels.score_moves(pos, side_around, scored)
    actions = np.empty(n, dtype=np.int64)
    w = np.empty(n, dtype=np.float64)
    for i in range(n):
        actions[i] = scored[i, 0]
        if scored[i, 1] == eval_kernels.IDLE_WALL:
            w[i] = weights[W_IDLE_PRIOR]
        else:
            w[i] = math.exp(min(3.0, max(-2.0, float(scored[i, 2]))))
    seat = pos[kernels.O_META + kernels.M_TO_MOVE]
    add_edges(node, seat, actions, w, n, limit, nodes, e_int, e_prior, counters)


class QuoridorContext(NamedTuple):
    """Quoridor's side of the shared iteration loop (compiled.puct): the root's position
    (played on and taken back), the work trail, the side-step rule, the moves left to
    the game's cap, the evaluation's constants, the moves a node keeps and a work array
    for scoring moves (int64[NUM_ACTIONS, 3])."""

    pos: np.ndarray
    trail: np.ndarray
    side_around: bool
    plies_left: int
    weights: np.ndarray
    limit: int
    scored: np.ndarray


# Quoridor's hooks of the shared loop (compiled.puct), inlined into it.


@puct.implements(puct.seats, QuoridorContext)
def _seats(context: QuoridorContext) -> int:
    return context.pos[kernels.O_META + kernels.M_PLAYERS]  # type: ignore[no-any-return]


@puct.implements(puct.is_over, QuoridorContext)
def _is_over(context: QuoridorContext, depth: int) -> bool:
    # ``|``, not ``or``: a short-circuit inlined into the loop trips numba's checks.
    won = context.pos[kernels.O_META + kernels.M_WINNER] >= 0
    return bool(won | (depth >= context.plies_left))


@puct.implements(puct.grow, QuoridorContext)
def _grow(context: Any, node: Any, nodes: Any, e_int: Any, e_prior: Any, counters: Any) -> None:
    expand(node, context.pos, context.side_around, context.weights, context.limit,
           context.scored, nodes, e_int, e_prior, counters)  # fmt: skip


@puct.implements(puct.play, QuoridorContext)
def _play(context: QuoridorContext, action: int) -> None:
    kernels.play(context.pos, context.trail, action, context.side_around)


@puct.implements(puct.undo, QuoridorContext)
def _undo(context: QuoridorContext) -> None:
    kernels.undo(context.pos, context.trail)


@puct.implements(puct.position_key, QuoridorContext)
def _position_key(context: QuoridorContext) -> np.int64:
    return context.pos[kernels.O_META + kernels.M_HASH]  # type: ignore[no-any-return]


@puct.implements(puct.evaluate, QuoridorContext)
def _evaluate(context: QuoridorContext, over: bool, returns: np.ndarray) -> None:
    evaluate(context.pos, over, context.weights, returns)
