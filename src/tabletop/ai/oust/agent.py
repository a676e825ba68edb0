"""The Oust computer player's compiled search: games/oust/search.py as an Agent.

The generic MCTS with evaluated leaves and Oust's prior (``mcts-evaluate``),
in numba (decision 0060); ai/compiled_search.py does the adapting (budgets,
the kept tree, the analysis).
"""

from __future__ import annotations

import numpy as np

from tabletop.ai.agent import Budget
from tabletop.ai.compiled_search import CompiledSearchAgent, Run
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.games.oust import kernels
from tabletop.games.oust import search as ks
from tabletop.games.oust.evaluation import search_weights
from tabletop.games.oust.rules import OustState
from tabletop.games.search_tree import SearchTree


class OustSearchAgent(CompiledSearchAgent):
    """PUCT with Oust's prior and evaluated leaves, tree and moves in numba; Oust only."""

    name = "oust-search"
    edges_per_action = 0.5  # a node grown about every other iteration

    def __init__(self, seed: int | None = None, exploration: float = 1.0, fpu: float = 0.2):
        super().__init__(seed, exploration, fpu)
        self.weights = search_weights()
        _warm_up()

    def _check(self, state: State) -> None:
        if not isinstance(state, OustState):
            raise TabletopError("the Oust search plays Oust only")

    def _runner(self, state: State, seen: np.ndarray) -> Run:
        assert isinstance(state, OustState)
        game = state.game
        cells = game.num_cells
        pos = state.kernel_position()
        trail = np.zeros((state.ply + ks.MAX_DEPTH + 2, kernels.trail_width(cells)), np.int64)
        scratch = kernels.new_scratch(cells)
        zob = state._zob
        kernels.seed_random(self.rng.getrandbits(31))

        def run(tree: SearchTree, root: int, iterations: int) -> None:
            ks.run(
                pos, game.neighbours, zob, trail, scratch, game.flags, game.rules.max_plies,
                root, iterations, self.exploration, self.fpu, self.weights, seen,
                tree.nodes, tree.value, tree.e_int, tree.e_prior, tree.counters,
            )  # fmt: skip

        return run


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
