"""The Oust computer player's compiled search (search.py) as an Agent.

The generic MCTS with evaluated leaves and Oust's prior (``mcts-evaluate``),
in numba (decision 0060); tabletop.ai.compiled.agent does the adapting
(budgets, the kept tree, the analysis).
"""

from __future__ import annotations

import numpy as np

from tabletop.ai.compiled import puct
from tabletop.ai.compiled.agent import CompiledSearchAgent
from tabletop.ai.oust import search
from tabletop.core.game import State
from tabletop.games.oust import kernels
from tabletop.games.oust.evaluation import search_weights
from tabletop.games.oust.rules import OustState


class OustSearchAgent(CompiledSearchAgent):
    """PUCT with Oust's prior and evaluated leaves, tree and moves in numba; Oust only."""

    name = "oust"
    edges_per_action = 0.5  # a node grown about every other iteration
    state_type = OustState
    game_title = "Oust"

    def __init__(self, seed: int | None = None, exploration: float = 1.0, fpu: float = 0.2):
        super().__init__(seed, exploration, fpu)
        self.weights = search_weights()

    def _context(self, state: State) -> search.OustContext:
        assert isinstance(state, OustState)
        game = state.game
        cells = game.num_cells
        trail = np.zeros((state.ply + puct.MAX_DEPTH + 2, kernels.trail_width(cells)), np.int64)
        return search.OustContext(
            state.kernel_position(), game.neighbours, state.zobrist_table, trail,
            kernels.new_scratch(cells), game.flags, game.settings.max_plies, self.weights,
        )  # fmt: skip
