"""The tree of the compiled searches (Oust's, Quoridor's): arrays and PUCT steps.

A game's compiled search (``tabletop.ai.<name>.search``) walks its own
kernels' positions and values its own leaves; what every such search shares
is here and in puct.py (the iteration loop): the tree's layout, choosing a
child by PUCT, giving a node its moves best prior first, backing a value up
and telling a repeated position. They are the steps of
``tabletop.ai.mcts.MCTSAgent`` (decisions 0035, 0051), the same rules in
compiled code (decision 0060).

Layout (owned by ``SearchTree``, grown between kernel calls):

* ``nodes``: int64[N, 5], per node ``N_VISITS``, ``N_EDGE0`` (its first edge,
  -1 until grown), ``N_EDGES`` (its moves), ``N_TRIED`` (children made so
  far: always its first ``tried`` edges, since moves are tried in prior order)
  and ``N_TO_MOVE`` (the seat choosing among the children, -1 until grown);
* ``value``: float64[N, P], per node the sum of each seat's returns;
* ``e_int``: int32[E, 2], per edge its action and its child (-1 until tried);
  ``e_prior``: float32[E], its prior. Edges are most of the memory: 12 bytes;
* ``counters``: int64[3], nodes used, edges used, the deepest line of a run.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

N_VISITS = 0
N_EDGE0 = 1
N_EDGES = 2
N_TRIED = 3
N_TO_MOVE = 4
NODE_FIELDS = 5

E_ACTION = 0
E_CHILD = 1

C_NODES = 0
C_EDGES = 1
C_DEPTH = 2


@njit(cache=True)
def new_node(nodes: np.ndarray, value: np.ndarray, counters: np.ndarray) -> int:
    """A fresh node (the caller made room for it)."""
    n: int = counters[C_NODES]
    counters[C_NODES] = n + 1
    nodes[n, N_VISITS] = 0
    nodes[n, N_EDGE0] = -1
    nodes[n, N_EDGES] = 0
    nodes[n, N_TRIED] = 0
    nodes[n, N_TO_MOVE] = -1
    value[n, :] = 0.0
    return n


@njit(cache=True)
def add_edges(
    node: int,
    seat: int,
    actions: np.ndarray,
    weights: np.ndarray,
    n: int,
    limit: int,
    nodes: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> None:
    """Grow ``node`` (``seat`` to move) with ``actions[:n]``, best weight first, a random
    order among equal weights; at most ``limit`` of them (the best). Priors are the
    weights over the sum of all ``n``."""
    total = 0.0
    key = np.empty(n, dtype=np.float64)
    for i in range(n):
        total += weights[i]
        # A random key far below any gap between two distinct weights breaks ties.
        key[i] = -weights[i] + 1e-6 * np.random.random()
    order = np.argsort(key)
    kept = min(n, limit)
    start = counters[C_EDGES]
    counters[C_EDGES] = start + kept
    nodes[node, N_EDGE0] = start
    nodes[node, N_EDGES] = kept
    nodes[node, N_TO_MOVE] = seat
    for j in range(kept):
        i = order[j]
        e_int[start + j, E_ACTION] = actions[i]
        e_int[start + j, E_CHILD] = -1
        e_prior[start + j] = weights[i] / total


@njit(cache=True)
def select(
    node: int,
    exploration: float,
    fpu: float,
    nodes: np.ndarray,
    value: np.ndarray,
    e_int: np.ndarray,
    e_prior: np.ndarray,
    counters: np.ndarray,
) -> int:
    """The edge of ``node`` that PUCT picks for its seat to move, ``Q + c P sqrt(N) / (1 + n)``;
    an untried move counts as the node's mean minus ``fpu`` and, when picked, gets its
    child (the caller made room for one node)."""
    seat = nodes[node, N_TO_MOVE]
    visits = nodes[node, N_VISITS]
    c = exploration * math.sqrt(visits)
    e = nodes[node, N_EDGE0]
    tried = nodes[node, N_TRIED]
    best = -1
    best_score = -math.inf
    for i in range(tried):
        ch = e_int[e + i, E_CHILD]
        nv = nodes[ch, N_VISITS]
        score = value[ch, seat] / nv + c * e_prior[e + i] / (1 + nv)
        if score > best_score:
            best = i
            best_score = score
    if tried < nodes[node, N_EDGES]:
        urgency = (value[node, seat] / visits if visits else 0.0) - fpu
        if best < 0 or urgency + c * e_prior[e + tried] > best_score:
            e_int[e + tried, E_CHILD] = new_node(nodes, value, counters)
            nodes[node, N_TRIED] = tried + 1
            best = tried
    found: int = e + best
    return found


@njit(cache=True)
def backup(
    path: np.ndarray, depth: int, returns: np.ndarray, nodes: np.ndarray, value: np.ndarray
) -> None:
    """Add one visit and ``returns`` (per seat) to the nodes ``path[0..depth]``."""
    for d in range(depth + 1):
        n = path[d]
        nodes[n, N_VISITS] += 1
        for s in range(returns.shape[0]):
            value[n, s] += returns[s]


@njit(cache=True)
def repeats(key: np.int64, seen: np.ndarray, line: np.ndarray, depth: int) -> bool:
    """True when ``key`` stood in the game (``seen``, sorted) or earlier on the line
    (``line[1..depth-1]``)."""
    i = np.searchsorted(seen, key)
    if i < seen.shape[0] and seen[i] == key:
        return True
    for d in range(1, depth):  # noqa: SIM110  (numba compiles no generator)
        if line[d] == key:
            return True
    return False


class SearchTree:
    """The arrays of one tree for ``players`` seats, grown (doubling) as needed."""

    def __init__(self, players: int, nodes: int = 1 << 14, edges: int = 1 << 18) -> None:
        self.players = players
        self.nodes = np.zeros((nodes, NODE_FIELDS), dtype=np.int64)
        self.value = np.zeros((nodes, players), dtype=np.float64)
        self.e_int = np.full((edges, 2), -1, dtype=np.int32)
        self.e_prior = np.zeros(edges, dtype=np.float32)
        self.counters = np.zeros(3, dtype=np.int64)
        self.root = self.new_node()

    def clear(self) -> None:
        """Drop every node: the next search starts from a new root."""
        self.counters[:] = 0
        self.root = self.new_node()

    def new_node(self) -> int:
        """A fresh node (room is made first)."""
        self.make_room(1, 0)
        return int(new_node(self.nodes, self.value, self.counters))

    def make_room(self, nodes: int, edges: int) -> None:
        """Grow the arrays until ``nodes`` more nodes and ``edges`` more edges fit."""
        need = int(self.counters[C_NODES]) + nodes
        if need > self.nodes.shape[0]:
            size = max(need, 2 * self.nodes.shape[0])
            self.nodes = _grown(self.nodes, size)
            self.value = _grown(self.value, size)
        need = int(self.counters[C_EDGES]) + edges
        if need > self.e_int.shape[0]:
            size = max(need, 2 * self.e_int.shape[0])
            self.e_int = _grown(self.e_int, size)
            self.e_prior = _grown(self.e_prior, size)

    def children(self, node: int) -> list[tuple[int, int, int]]:
        """(action, child node, visits) of the moves tried at ``node``, in prior order."""
        e = int(self.nodes[node, N_EDGE0])
        out = []
        for i in range(int(self.nodes[node, N_TRIED])):
            action, child = (int(x) for x in self.e_int[e + i])
            out.append((action, child, int(self.nodes[child, N_VISITS])))
        return out

    def child(self, node: int, action: int) -> int:
        """The child of ``node`` reached by ``action``, or -1 when not made."""
        return next((c for a, c, _ in self.children(node) if a == action), -1)

    def first_action(self, node: int) -> int:
        """The best-prior move of a grown ``node``."""
        return int(self.e_int[self.nodes[node, N_EDGE0], E_ACTION])

    def mean(self, node: int, seat: int) -> float:
        """``seat``'s mean return at ``node`` (0 when unvisited)."""
        n = int(self.nodes[node, N_VISITS])
        return float(self.value[node, seat]) / n if n else 0.0

    @property
    def size(self) -> int:
        """Nodes in use."""
        return int(self.counters[C_NODES])

    @property
    def edges_used(self) -> int:
        """Edges in use."""
        return int(self.counters[C_EDGES])


def _grown(array: np.ndarray, size: int) -> np.ndarray:
    grown = np.zeros((size, *array.shape[1:]), dtype=array.dtype)
    grown[: array.shape[0]] = array
    return grown
