"""The Go computer player: an Agent around Go's own numba tree search (search.py).

This module only adapts: it honours the Budget (the kernel runs in chunks,
and the deadline and stop() are checked between chunks), keeps the tree
between moves, turns the tree into an Analysis, and applies the pass rules
the issue asks for (pass when the count wins, never pass into a lost count).
"""

from __future__ import annotations

import random

import numpy as np

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.ai.go.search import (
    GoTree,
    SearchParams,
    default_params,
    exact_margin_of,
    fills_own_eye,
    root_mask,
)
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State
from tabletop.games.go import GoMove, GoState, kernels
from tabletop.games.go.kernels import PASS

#: Nodes per iteration the tree grows by at most, per board point (a child per legal move
#: on every other iteration).
NODES_PER_POINT = 0.5

MAX_NODES = 2_000_000

#: Resign when the best move wins less often than this after RESIGN_VISITS iterations.
RESIGN_RATE = 0.03
RESIGN_VISITS = 2_000


def _is_pass(move: Move) -> bool:
    return isinstance(move, GoMove) and move.is_pass


class GoSearchAgent(Agent):
    """UCT with RAVE and Go priors, tree and playouts in numba; Go only."""

    name = "go"

    #: Iterations a second assumed when only a time budget sizes the tree: about the
    #: search's rate on 9x9, since its tree has a fixed size (a full one stops growing).
    assumed_rate = 20_000

    def __init__(
        self, seed: int | None = None, params: SearchParams | None = None, resign: bool = True
    ) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        # None: the default search of each game's board (search.default_params).
        self.params = params
        self.resign = resign
        self._tree: GoTree | None = None

    def _tree_for(self, state: GoState, budget: Budget) -> GoTree:
        """The kept tree, or a new one big enough for this budget."""
        n = state.game.size
        iterations = budget.iterations_at(self.assumed_rate)
        nodes = int(iterations * NODES_PER_POINT * (n * n + 1)) + 2 * (n * n + 1)
        nodes = max(10_000, min(MAX_NODES, nodes))
        params = self.params or default_params(n)
        tree = self._tree
        if tree is None or tree.capacity < nodes or tree.params != params:
            self._tree = tree = GoTree(nodes, params)
        return tree

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if not isinstance(state, GoState):
            raise TabletopError("the Go search plays Go only")
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        deadline = self._deadline(budget)
        tree = self._tree_for(state, deadline.budget)
        tree.set_root(state)
        mask = root_mask(state)
        kernels.seed_random(self.rng.getrandbits(31))
        deadline.run_in_chunks(lambda k: tree.run(state, k, mask))
        return self._report(tree, state, mask, deadline.iterations, deadline.elapsed)

    def _report(
        self, tree: GoTree, state: GoState, mask: np.ndarray, iterations: int, seconds: float
    ) -> Analysis:
        game = state.game
        n = game.size
        seat = state.to_move
        assert seat is not None
        # A kept subtree may hold a child that superko forbids here: only legal moves count.
        legal = [c for c in tree.children() if c[0] == PASS or mask[c[0]]]
        children = sorted(legal, key=lambda c: (c[1], c[2]), reverse=True)
        action_of = {p: a for a, p in enumerate(game.points_by_action)}
        total = sum(v for _, v, _ in children) or 1
        stats = [
            MoveStat(game.moves_by_action[action_of[p]], v, v / total, 2.0 * q - 1.0)
            for p, v, q in children
        ]
        best_q = children[0][2] if children else 0.5
        stats = self._pass_rules(state, stats, best_q)
        black = best_q if seat == 0 else 1.0 - best_q
        values = (2.0 * black - 1.0, 1.0 - 2.0 * black)
        line = [stats[0].move, *self._line(tree, stats[0].move, state)]
        detail: dict[str, object] = {
            "playouts": tree.playouts,
            "nodes": int(tree.counters[0]),
            "ownership": self._ownership(tree, n),
        }
        if self.resign and iterations >= RESIGN_VISITS and best_q < RESIGN_RATE:
            detail["resign"] = True
        return Analysis(values, stats, line, iterations, seconds, detail)

    @staticmethod
    def _pass_rules(state: GoState, stats: list[MoveStat], best_q: float) -> list[MoveStat]:
        """Pass when the opponent passed and the count wins; never pass into a lost count
        while a move that fills no own eye is left. Returns the moves, the one to play first."""
        seat = state.to_move
        assert seat is not None
        margin = exact_margin_of(state)
        wins_now = margin > 0 if seat == 0 else margin < 0
        passes = [s for s in stats if _is_pass(s.move)]
        others = [
            s
            for s in stats
            if not _is_pass(s.move) and not fills_own_eye(state, state.move_to_action(s.move))
        ]
        opponent_passed = state.consecutive_passes > 0
        if passes and opponent_passed and (wins_now or best_q < RESIGN_RATE):
            # Ends the game: won by the count, or lost whatever we play.
            return [passes[0], *[s for s in stats if s is not passes[0]]]
        if _is_pass(stats[0].move) and not wins_now and others:
            return [others[0], *[s for s in stats if s is not others[0]]]
        return stats

    @staticmethod
    def _line(tree: GoTree, first: Move, state: GoState) -> list[Move]:
        """The most visited line after ``first`` (empty when the tree has not grown there)."""
        game = state.game
        action_of = {p: a for a, p in enumerate(game.points_by_action)}
        point = game.points_by_action[state.move_to_action(first)]
        node = tree.child(tree.root, point)
        line: list[Move] = []
        while node >= 0:
            node = tree.best_child(node)
            if node < 0:
                break
            line.append(game.moves_by_action[action_of[tree.move_of(node)]])
        return line

    @staticmethod
    def _ownership(tree: GoTree, n: int) -> list[float]:
        """Per action 0..n*n-1: the share of playouts that ended with the point Black's."""
        share = tree.ownership()
        w = n + 2
        return [round(float(share[(a // n + 1) * w + a % n + 1]), 3) for a in range(n * n)]
