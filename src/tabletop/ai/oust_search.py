"""The Oust computer player's compiled search: an Agent around games/oust/search.py.

Only adapts, as ai/go_search.py does for Go: it honours the Budget (the
kernel runs in chunks and the deadline and stop() are checked between
them), keeps the tree between moves when the game continues the line it
searched, and turns the tree into an Analysis. The search itself is the
generic MCTS with evaluated leaves and Oust's prior (``mcts-evaluate``), in
numba (decision 0060).
"""

from __future__ import annotations

import random

import numpy as np

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.ai.repetition import earlier_positions, line_start
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State
from tabletop.games.oust import kernels
from tabletop.games.oust import search as ks
from tabletop.games.oust.evaluation import search_weights
from tabletop.games.oust.rules import OustState

#: Drop a kept tree with more edges than this (12 bytes each) rather than grow it further.
MAX_KEPT_EDGES = 8_000_000

#: Iterations a second assumed when sizing the tree for a time budget (an idle core does
#: ~90,000 on 9x9), and the most iterations the tree is sized for ahead (it grows beyond).
ASSUMED_RATE = 100_000
MAX_PRESIZED = 400_000

#: Edges an iteration adds at most, per board cell (a grown node has a move per empty cell).
EDGES_PER_CELL = 0.5


class OustSearchAgent(Agent):
    """PUCT with Oust's prior and evaluated leaves, tree and moves in numba; Oust only."""

    name = "oust-search"

    def __init__(self, seed: int | None = None, exploration: float = 1.0, fpu: float = 0.2):
        super().__init__()
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.fpu = fpu
        self.weights = search_weights()
        self._tree = ks.OustTree()
        self._root_line: list[Move] = []
        self._root_start: tuple[str, int] | None = None
        _warm_up()

    def _root_for(self, state: OustState) -> int:
        """The kept node for ``state`` when it continues the old root's line, else a new root."""
        tree = self._tree
        history = state.history
        n = len(self._root_line)
        start = line_start(state)
        same = history[:n] == self._root_line and start == self._root_start
        node = tree.root if same and tree.size else -1
        for move in history[n:]:
            if node < 0:
                break
            node = tree.child(node, state.move_to_action(move))
        if node < 0 or tree.edges_used > MAX_KEPT_EDGES:
            tree.clear()
            node = tree.root
        tree.root = node
        self._root_line = list(history)
        self._root_start = start
        return node

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if not isinstance(state, OustState):
            raise TabletopError("the Oust search plays Oust only")
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        # The clock starts first: the set-up is part of the move's time.
        deadline = self._deadline(budget)
        root = self._root_for(state)
        game = state.game
        cells = game.num_cells
        pos = state.kernel_position()
        trail = np.zeros((state.ply + ks.MAX_DEPTH + 2, kernels.trail_width(cells)), np.int64)
        scratch = kernels.new_scratch(cells)
        seen = np.array(sorted(earlier_positions(state)), dtype=np.int64)
        kernels.seed_random(self.rng.getrandbits(31))
        tree = self._tree
        tree.counters[ks.C_DEPTH] = 0
        expected = min(MAX_PRESIZED, _iterations_expected(deadline.budget))
        tree.make_room(expected, int(expected * EDGES_PER_CELL * cells))

        def run(k: int) -> None:
            tree.make_room(k + 1, (k + 1) * (cells + 2))
            ks.run(
                pos, game.neighbours, state._zob, trail, scratch, game.flags,
                game.rules.max_plies, root, k, self.exploration, self.fpu, self.weights, seen,
                tree.visits, tree.value, tree.edge0, tree.edges, tree.tried, tree.to_move,
                tree.e_action, tree.e_prior, tree.e_child, tree.counters,
            )  # fmt: skip

        deadline.run_in_chunks(run)
        return self._report(state, root, deadline.iterations, deadline.elapsed)

    def _report(self, state: OustState, root: int, iterations: int, seconds: float) -> Analysis:
        tree = self._tree
        seat = state.to_move
        assert seat is not None
        sign = 1.0 if seat == 0 else -1.0
        children = [(a, c, v) for a, c, v in tree.children(root) if v > 0]
        if not children:  # nothing tried yet: the best prior
            first = int(tree.e_action[tree.edge0[root]])
            children = [(first, -1, 0)]
        ranked = sorted(
            children,
            key=lambda x: (x[2], sign * tree.mean(x[1]) if x[1] >= 0 else 0.0),
            reverse=True,
        )
        total = sum(v for _, _, v in ranked) or 1
        moves = [
            MoveStat(
                state.action_to_move(a),
                v,
                v / total,
                sign * tree.mean(c) if c >= 0 else 0.0,
            )
            for a, c, v in ranked
        ]
        line: list[Move] = []
        node = root
        while True:
            tried = [(v, a, c) for a, c, v in tree.children(node) if v > 0]
            if not tried:
                break
            _, action, node = max(tried)
            line.append(state.action_to_move(action))
        black = tree.mean(root)
        detail: dict[str, object] = {"nodes": tree.size, "depth": int(tree.counters[ks.C_DEPTH])}
        return Analysis((black, -black), moves, line, iterations, seconds, detail)


def _iterations_expected(budget: Budget) -> int:
    """About how many iterations ``budget`` allows."""
    by_time = None if budget.seconds is None else int(budget.seconds * ASSUMED_RATE)
    if budget.playouts is None:
        return by_time or 0
    return budget.playouts if by_time is None else min(budget.playouts, by_time)


_warmed = False


def _warm_up() -> None:
    """Load the search's compiled kernels once a process, when the first agent is made: the
    first call loads them from numba's cache (or compiles them, ~8 s, in a fresh checkout),
    which inside a move would come out of its time (a ladder's first level-10 move took
    7.1 s and searched 16 iterations)."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    from tabletop.core.registry import load_game

    state = load_game("oust", width=3, height=3).new_state()
    assert isinstance(state, OustState)
    OustSearchAgent(seed=0).analyze(state, Budget(playouts=2))
