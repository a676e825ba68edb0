"""The iteration loop of the compiled searches: PUCT over tree.py's arrays, in numba.

The loop a game's compiled search runs (Oust's and Quoridor's), the same rules as
``tabletop.ai.mcts.MCTSAgent`` with ``leaf="evaluate"``: walk down by PUCT,
value a new leaf before growing it, treat a position that stood in the game
or earlier on the line as a draw unless the game is over there, back the
returns up for every seat (max-n), and walk the position back to the root.

What is the game's comes in one *context*: a NamedTuple class of the game's
own (its position, work arrays and constants), and an implementation of
each hook below for that class, registered with :func:`implement` (numba's
``overload``) in the game's search module (tabletop.ai.<name>.search). numba picks the
implementations by the context's type when it compiles ``run`` for that
game, so the hooks are direct calls, and the compiled loop is cached per
game like any kernel (a plain function passed as an argument would be
compiled afresh in every process: numba does not cache a function that
takes another one). Quoridor and Oust run as many iterations a second
through it as through a loop of their own (decisions 0079 and 0097 have the
numbers).

numba's cache knows only this file: after a change to a game's hooks, touch
this file (or clear its ``__pycache__``) so that ``run`` is compiled again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
from numba import njit, types
from numba.extending import overload

from tabletop.ai.compiled.tree import (
    C_DEPTH,
    E_ACTION,
    E_CHILD,
    N_EDGE0,
    N_EDGES,
    N_VISITS,
    backup,
    repeats,
    select,
)

#: Plies an iteration may go below the root (a game's work trail needs this many rows
#: past the root's ply).
MAX_DEPTH = 240

#: A hook's implementation (the decorator gives it back as it is).
F = TypeVar("F", bound=Callable[..., Any])


def implement(
    hook: Callable[..., Any], context_class: type, implementation: Callable[..., Any]
) -> None:
    """Make ``implementation`` (a plain function with the hook's arguments) the ``hook``
    of contexts of ``context_class``, inlined where ``run`` calls it."""

    def choose(context: Any, *args: Any) -> Callable[..., Any] | None:
        # numba asks with the argument types: a NamedTuple type knows its class.
        ours = isinstance(context, types.BaseNamedTuple) and (
            getattr(context, "instance_class", None) is context_class
        )
        return implementation if ours else None

    # strict=False: ``choose`` takes any arguments, the implementation the hook's own.
    overload(hook, inline="always", strict=False)(choose)


def implements(hook: Callable[..., Any], context_class: type) -> Callable[[F], F]:
    """:func:`implement` as a decorator on the implementation:
    ``@puct.implements(puct.play, OustContext)``."""

    def register(implementation: F) -> F:
        implement(hook, context_class, implementation)
        return implementation

    return register


# The hooks: each game's search module implements every one for its context class.


def seats(context: Any) -> int:
    """The number of seats (the length of the returns)."""
    raise NotImplementedError  # numba compiles the game's @overload


def is_over(context: Any, depth: int) -> bool:
    """True when the game is over in the context's position, ``depth`` plies below the root."""
    raise NotImplementedError


def grow(
    context: Any,
    node: int,
    nodes: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Give ``node`` its moves in the context's position (tree.add_edges), best prior first."""
    raise NotImplementedError


def play(context: Any, action: int) -> None:
    """Play ``action`` in the context's position."""
    raise NotImplementedError


def undo(context: Any) -> None:
    """Take the last move back."""
    raise NotImplementedError


def position_key(context: Any) -> np.int64:
    """The key a repeated position is told by (its Zobrist key)."""
    raise NotImplementedError


def evaluate(context: Any, over: bool, returns: np.ndarray) -> None:
    """Every seat's value of the context's position into ``returns``: the outcome when
    ``over``, else the game's evaluation."""
    raise NotImplementedError


@njit(cache=True)
def run(
    context: Any,
    root: int,
    iterations: int,
    exploration: float,
    fpu: float,
    seen: np.ndarray,
    nodes: np.ndarray,
    value: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Run ``iterations`` iterations from ``root`` (the context's position, which is left as
    it was; ``seen``: the game's position keys, sorted). The caller leaves room for one
    node and one node's moves an iteration."""
    path = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    line = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    returns = np.empty(seats(context), dtype=np.float64)
    for _ in range(iterations):
        node = root
        path[0] = root
        depth = 0
        repeated = False
        while True:
            if nodes[node, N_EDGE0] < 0:
                if nodes[node, N_VISITS] == 0 and node != root:
                    break  # a new leaf: value it before growing it
                if is_over(context, depth):
                    break
                grow(context, node, nodes, e_int, e_prior, counters)
            if nodes[node, N_EDGES] == 0 or depth == MAX_DEPTH:
                break
            edge = select(node, exploration, fpu, nodes, value, e_int, e_prior, counters)
            child = e_int[edge, E_CHILD]
            play(context, e_int[edge, E_ACTION])
            depth += 1
            path[depth] = child
            key = position_key(context)
            if not is_over(context, depth) and repeats(key, seen, line, depth):
                repeated = True
                break
            line[depth] = key
            node = child
            if nodes[child, N_VISITS] == 0:
                break
        if repeated:
            returns[:] = 0.0
        else:
            evaluate(context, is_over(context, depth), returns)
        backup(path, depth, returns, nodes, value)
        for _ in range(depth):
            undo(context)
        if depth > counters[C_DEPTH]:
            counters[C_DEPTH] = depth
