"""What the compiled searches share as Agents: budgets, the kept tree, the analysis.

A game's compiled search (tabletop.ai.<name>.search, run by puct.py's loop
over tree.py's arrays) runs iterations in numba and cannot look at the
clock; its Agent only adapts, as tabletop.ai.go.agent does for Go: it runs
the loop in short chunks until the Budget is spent or stop() is called
(Deadline.run_in_chunks), keeps the tree between moves when the game
continues the line it searched (and starts from the same position: two
set-up positions both have no moves), and turns the tree into an Analysis.
A subclass says which states it plays and gives the loop its game's
context for a root position.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any

import numpy as np

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.ai.compiled import puct
from tabletop.ai.compiled.tree import C_DEPTH, SearchTree
from tabletop.ai.repetition import positions_and_start
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State
from tabletop.games.kernel_random import seed_random

#: Drop a kept tree with more edges than this (12 bytes each) rather than grow it further.
MAX_KEPT_EDGES = 8_000_000

#: The most iterations a tree is sized for ahead (it grows beyond when it must).
MAX_PRESIZED = 400_000


class CompiledSearchAgent(Agent):
    """PUCT in a game's compiled kernels; ``exploration`` is c on returns in [-1, 1] and
    ``fpu`` how much worse than its parent an untried move is assumed to be."""

    #: Edges one iteration may add at most, per action of the game (a grown node).
    edges_per_action = 1.0

    #: Iterations a second assumed when sizing the tree for a time budget: on the high
    #: side, since a tree sized too small grows as it must (Go's has a fixed size).
    assumed_rate = 100_000

    #: The states this search plays, and the game's name in messages.
    state_type: type[State]
    game_title = ""

    def __init__(self, seed: int | None = None, exploration: float = 1.0, fpu: float = 0.2):
        super().__init__()
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.fpu = fpu
        self._tree: SearchTree | None = None
        self._root_line: list[Move] = []
        self._root_start: tuple[str, int] | None = None

    @abstractmethod
    def _context(self, state: State) -> Any:
        """The game's context for puct.run (its NamedTuple), searching from ``state``."""

    def _run(
        self, context: Any, tree: SearchTree, root: int, iterations: int, seen: np.ndarray
    ) -> None:
        """``iterations`` iterations of the loop from ``root`` (the tree has room for them)."""
        puct.run(
            context, root, iterations, self.exploration, self.fpu, seen,
            tree.nodes, tree.value, tree.e_int, tree.e_prior, tree.counters,
        )  # fmt: skip

    def _root_for(self, state: State, start: tuple[str, int]) -> tuple[SearchTree, int]:
        """The kept node for ``state`` when it continues the old root's line, else a new root."""
        players = state.game.num_players
        tree = self._tree
        if tree is None or tree.players != players:
            tree = self._tree = SearchTree(players)
            self._root_line = []
        history = state.history
        n = len(self._root_line)
        same = history[:n] == self._root_line and start == self._root_start
        node = tree.root if same else -1
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
        return tree, node

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if not isinstance(state, self.state_type):
            raise TabletopError(f"the {self.game_title} search plays {self.game_title} only")
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        # The clock starts first: the set-up is part of the move's time.
        deadline = self._deadline(budget)
        positions, start = positions_and_start(state)
        tree, root = self._root_for(state, start)
        seen = np.array(sorted(positions), dtype=np.int64)
        context = self._context(state)
        seed_random(self.rng.getrandbits(31))
        actions = state.game.num_actions
        tree.counters[C_DEPTH] = 0
        expected = min(MAX_PRESIZED, deadline.budget.iterations_at(self.assumed_rate))
        tree.make_room(expected, int(expected * self.edges_per_action * actions))

        def chunk(iterations: int) -> None:
            tree.make_room(iterations + 1, (iterations + 1) * actions)
            self._run(context, tree, root, iterations, seen)

        deadline.run_in_chunks(chunk)
        return self._report(tree, state, root, deadline.iterations, deadline.elapsed)

    def _report(
        self, tree: SearchTree, state: State, root: int, iterations: int, seconds: float
    ) -> Analysis:
        seat = state.to_move
        assert seat is not None
        children = [(a, c, v) for a, c, v in tree.children(root) if v > 0]
        if not children:  # nothing tried yet: the best prior
            children = [(tree.first_action(root), -1, 0)]

        def mean(node: int) -> float:
            return tree.mean(node, seat) if node >= 0 else 0.0

        ranked = sorted(children, key=lambda x: (x[2], mean(x[1])), reverse=True)
        total = sum(v for _, _, v in ranked) or 1
        moves = [MoveStat(state.action_to_move(a), v, v / total, mean(c)) for a, c, v in ranked]
        line: list[Move] = []
        node = root
        while True:
            tried = [(v, a, c) for a, c, v in tree.children(node) if v > 0]
            if not tried:
                break
            _, action, node = max(tried)
            line.append(state.action_to_move(action))
        values = tuple(tree.mean(root, s) for s in range(tree.players))
        detail: dict[str, object] = {"nodes": tree.size, "depth": int(tree.counters[C_DEPTH])}
        return Analysis(values, moves, line, iterations, seconds, detail)
