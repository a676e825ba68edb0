"""Oust's own tree search in numba: PUCT with evaluated leaves, tree and moves in kernels.

The same search as ``tabletop.ai.mcts.MCTSAgent`` with ``leaf="evaluate"``
and Oust's prior (the search of Oust's upper levels, decision 0056), moved
whole into compiled code: the generic search spends ~85% of an iteration in
Python (selection, the State wrappers round each kernel call), while the
kernels themselves take a few microseconds (decision 0060 has the numbers).

Same rules of search as the generic one:

* selection by PUCT, ``Q + c * P * sqrt(N) / (1 + n)``; an untried move
  counts as the parent's mean minus ``fpu`` and moves are tried in order of
  prior (best first, random order among equal priors);
* a new leaf is valued by the evaluation (evaluation.py's weights, passed
  in) or by the outcome when the game is over there, and grown on its next
  visit;
* a position that already stood in the game, or earlier on the line from
  the root, is a leaf valued as a draw (decision 0051), unless the game is
  over there.

Values are kept as Black's: Oust is two-player and zero-sum, so White's mean
is minus Black's, and a seat that moves twice in a row after a capture needs
no special case.

Layout (arrays owned by ``OustTree``): nodes ``visits``, ``value`` (the sum
of Black's returns), ``edge0``/``edges`` (its moves, once grown: a slice of
the edge arrays), ``tried`` (children made so far: always the first
``tried`` edges, as moves are tried in prior order) and ``to_move``; edges
``action``, ``prior`` and ``child``. Children are made when first tried, so
the tree holds one node per iteration at most and one edge per legal move of
each grown node (about 30 an iteration on 9x9: ~360 bytes).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

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

# Counters: nodes used, edges used, deepest line of the last run.
C_NODES = 0
C_EDGES = 1
C_DEPTH = 2

#: Plies an iteration may go below the root (the work trail's size past the root's ply).
MAX_DEPTH = 240


@njit(cache=True)
def new_node(
    visits: np.ndarray,
    value: np.ndarray,
    edge0: np.ndarray,
    edges: np.ndarray,
    tried: np.ndarray,
    to_move: np.ndarray,
    counters: np.ndarray,
) -> int:
    """A fresh node (the caller made sure there is room)."""
    n: int = counters[C_NODES]
    counters[C_NODES] = n + 1
    visits[n] = 0
    value[n] = 0.0
    edge0[n] = -1
    edges[n] = 0
    tried[n] = 0
    to_move[n] = -1
    return n


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
    edge0: np.ndarray,
    edges: np.ndarray,
    to_move: np.ndarray,
    e_action: np.ndarray,
    e_prior: np.ndarray,
    e_child: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Give ``node`` its moves, best prior first (evaluation.prior's weights)."""
    meta = pos[1]
    legal = k.legal_actions(pos, nbr, scratch)
    n = legal.shape[0]
    start = counters[C_EDGES]
    counters[C_EDGES] = start + n
    edge0[node] = start
    edges[node] = n
    if n == 0:
        return
    color = meta[k.M_COLOR]
    to_move[node] = color - 1
    cells = nbr.shape[0]
    k.label_groups(pos[0], nbr, scratch)
    kinds = np.empty((cells, 2), dtype=np.int64)
    ek.classify(pos[0], nbr, scratch, color, kinds)
    w = np.empty(n, dtype=np.float64)
    total = 0.0
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
        total += weight
    # Best first; a random key below the smallest gap between weights breaks ties.
    key = np.empty(n, dtype=np.float64)
    for i in range(n):
        key[i] = -w[i] + 1e-6 * np.random.random()
    order = np.argsort(key)
    for j in range(n):
        i = order[j]
        e_action[start + j] = legal[i]
        e_prior[start + j] = w[i] / total
        e_child[start + j] = -1


@njit(cache=True)
def _repeats(key: np.int64, seen: np.ndarray, line: np.ndarray, depth: int) -> bool:
    """True when ``key`` stood in the game (``seen``, sorted) or earlier on the line."""
    i = np.searchsorted(seen, key)
    if i < seen.shape[0] and seen[i] == key:
        return True
    for d in range(1, depth):  # noqa: SIM110  (numba compiles no generator)
        if line[d] == key:
            return True
    return False


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
    visits: np.ndarray,
    value: np.ndarray,
    edge0: np.ndarray,
    edges: np.ndarray,
    tried: np.ndarray,
    to_move: np.ndarray,
    e_action: np.ndarray,
    e_prior: np.ndarray,
    e_child: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Run ``iterations`` iterations from ``root`` (``pos`` is its position, and is left
    as it was). The caller leaves room for one node and one node's moves an iteration."""
    cells = nbr.shape[0]
    path = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    line = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    meta = pos[1]
    for _ in range(iterations):
        node = root
        path[0] = root
        depth = 0
        repeated = False
        while True:
            if edge0[node] < 0:
                if visits[node] == 0 and node != root:
                    break  # a new leaf: value it before growing it
                if meta[k.M_END] != k.END_NONE:
                    break
                expand(
                    node, pos, nbr, scratch, weights, edge0, edges, to_move,
                    e_action, e_prior, e_child, counters,
                )  # fmt: skip
            n = edges[node]
            if n == 0 or depth == MAX_DEPTH:
                break
            # PUCT for the seat to move, on Black's values turned to its side.
            sign = 1.0 if to_move[node] == 0 else -1.0
            c = exploration * math.sqrt(visits[node])
            e = edge0[node]
            best = -1
            best_score = -math.inf
            for i in range(tried[node]):
                ch = e_child[e + i]
                nv = visits[ch]
                score = sign * value[ch] / nv + c * e_prior[e + i] / (1 + nv)
                if score > best_score:
                    best = i
                    best_score = score
            t = tried[node]
            if t < n:
                urgency = (sign * value[node] / visits[node] if visits[node] else 0.0) - fpu
                if best < 0 or urgency + c * e_prior[e + t] > best_score:
                    child = new_node(visits, value, edge0, edges, tried, to_move, counters)
                    e_child[e + t] = child
                    tried[node] = t + 1
                    best = t
            child = e_child[e + best]
            k.play(pos, nbr, zob, trail, scratch, e_action[e + best], flags, max_plies)
            depth += 1
            path[depth] = child
            key = k.situation_key(meta)
            if meta[k.M_END] == k.END_NONE and _repeats(key, seen, line, depth):
                repeated = True
                break
            line[depth] = key
            node = child
            if visits[child] == 0:
                break
        v = 0.0 if repeated else evaluate(pos, nbr, scratch, weights)
        for d in range(depth + 1):
            visits[path[d]] += 1
            value[path[d]] += v
        for _ in range(depth):
            k.undo(pos, trail, cells)
        if depth > counters[C_DEPTH]:
            counters[C_DEPTH] = depth


class OustTree:
    """The search tree's arrays, grown as needed; the root is node ``root``."""

    def __init__(self, nodes: int = 1 << 14, edges: int = 1 << 18) -> None:
        self.visits = np.zeros(nodes, dtype=np.int64)
        self.value = np.zeros(nodes, dtype=np.float64)
        self.edge0 = np.full(nodes, -1, dtype=np.int64)
        self.edges = np.zeros(nodes, dtype=np.int64)
        self.tried = np.zeros(nodes, dtype=np.int64)
        self.to_move = np.full(nodes, -1, dtype=np.int64)
        # Edges are most of the memory (one per legal move of every grown node): 12 bytes.
        self.e_action = np.zeros(edges, dtype=np.int32)
        self.e_prior = np.zeros(edges, dtype=np.float32)
        self.e_child = np.full(edges, -1, dtype=np.int32)
        self.counters = np.zeros(3, dtype=np.int64)
        self.root = self.new_node()

    def clear(self) -> None:
        """Drop every node: the next search starts from a new root."""
        self.counters[:] = 0
        self.root = self.new_node()

    def new_node(self) -> int:
        """A fresh node (room is made first)."""
        self.make_room(1, 0)
        arrays = (self.visits, self.value, self.edge0, self.edges, self.tried, self.to_move)
        return int(new_node(*arrays, self.counters))

    def make_room(self, nodes: int, edges: int) -> None:
        """Grow the arrays (doubling) until ``nodes`` more nodes and ``edges`` more edges fit."""
        need = int(self.counters[C_NODES]) + nodes
        if need > len(self.visits):
            size = max(need, 2 * len(self.visits))
            self.visits = _grown(self.visits, size, 0)
            self.value = _grown(self.value, size, 0.0)
            self.edge0 = _grown(self.edge0, size, -1)
            self.edges = _grown(self.edges, size, 0)
            self.tried = _grown(self.tried, size, 0)
            self.to_move = _grown(self.to_move, size, -1)
        need = int(self.counters[C_EDGES]) + edges
        if need > len(self.e_action):
            size = max(need, 2 * len(self.e_action))
            self.e_action = _grown(self.e_action, size, 0)
            self.e_prior = _grown(self.e_prior, size, 0.0)
            self.e_child = _grown(self.e_child, size, -1)

    def children(self, node: int) -> list[tuple[int, int, int]]:
        """(action, child node, visits) of the moves tried at ``node``, in prior order."""
        e = int(self.edge0[node])
        out = []
        for i in range(int(self.tried[node])):
            child = int(self.e_child[e + i])
            out.append((int(self.e_action[e + i]), child, int(self.visits[child])))
        return out

    def child(self, node: int, action: int) -> int:
        """The child of ``node`` reached by ``action``, or -1 when not made."""
        return next((c for a, c, _ in self.children(node) if a == action), -1)

    def mean(self, node: int) -> float:
        """Black's mean value at ``node`` (0 when unvisited)."""
        n = int(self.visits[node])
        return float(self.value[node]) / n if n else 0.0

    @property
    def size(self) -> int:
        """Nodes in use."""
        return int(self.counters[C_NODES])

    @property
    def edges_used(self) -> int:
        """Edges in use."""
        return int(self.counters[C_EDGES])


def _grown(array: np.ndarray, size: int, fill: float) -> np.ndarray:
    grown = np.full(size, fill, dtype=array.dtype)
    grown[: len(array)] = array
    return grown
