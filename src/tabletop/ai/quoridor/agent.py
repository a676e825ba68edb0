"""The Quoridor computer player's compiled search (search.py) as an Agent.

The generic max-n MCTS with evaluated leaves and Quoridor's prior
(``mcts-evaluate``), in numba (decision 0061); tabletop.ai.compiled.agent
does the adapting (budgets, the kept tree, the analysis). It plays every
4-player level and 2-player level 10 (decision 0062 has the measurements).
"""

from __future__ import annotations

import numpy as np

from tabletop.ai.compiled import puct
from tabletop.ai.compiled.agent import CompiledSearchAgent
from tabletop.ai.quoridor.search import QuoridorContext
from tabletop.core.game import State
from tabletop.games.quoridor import kernels
from tabletop.games.quoridor.evaluation import search_weights
from tabletop.games.quoridor.notation import NUM_ACTIONS
from tabletop.games.quoridor.rules import QuoridorState

#: Moves a grown node keeps, best prior first (decision 0061: the rest are walls away
#: from every path, which the search would try only after tens of thousands of visits).
EDGE_LIMIT = 48


class QuoridorSearchAgent(CompiledSearchAgent):
    """Max-n PUCT with Quoridor's prior and the race at the leaves, in numba; Quoridor only."""

    name = "quoridor"
    edges_per_action = EDGE_LIMIT / 140  # a node grown about every iteration, 48 moves
    state_type = QuoridorState
    game_title = "Quoridor"

    def _context(self, state: State) -> QuoridorContext:
        assert isinstance(state, QuoridorState)
        pos = state.kernel_position()
        ply = int(pos[kernels.O_META + kernels.M_PLY])
        return QuoridorContext(
            pos,
            np.zeros((ply + puct.MAX_DEPTH + 2, kernels.TRAIL_WIDTH), dtype=np.int64),
            state.game.settings.side_step_around_pawns,
            state.plies_left,
            search_weights(state.game.num_players),
            EDGE_LIMIT,
            np.empty((NUM_ACTIONS, 3), dtype=np.int64),
        )
