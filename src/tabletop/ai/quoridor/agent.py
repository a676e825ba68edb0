"""The Quoridor computer player's compiled search: games/quoridor/search.py as an Agent.

The generic max-n MCTS with evaluated leaves and Quoridor's prior
(``mcts-evaluate``), in numba (decision 0061); ai/compiled_search.py does
the adapting (budgets, the kept tree, the analysis).

It plays every 4-player level and 2-player level 10. With 2 seats it runs
~4x the generic search's iterations a second, so level 10's 80,000 take
~2 s where the generic search stopped at its 2.8 s cap with ~26,000; it
scored 90.5% over 100 games against level 9 (the generic search at 13,000)
and won 100 of 100 against OpenSpiel's MCTSBot (decision 0062).
"""

from __future__ import annotations

import numpy as np

from tabletop.ai.agent import Budget
from tabletop.ai.compiled_search import CompiledSearchAgent, Run
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.games.quoridor import kernels
from tabletop.games.quoridor import search as ks
from tabletop.games.quoridor.evaluation import search_weights
from tabletop.games.quoridor.rules import QuoridorState
from tabletop.games.search_tree import SearchTree

#: Moves a grown node keeps, best prior first (decision 0061: the rest are walls away
#: from every path, which the search would try only after tens of thousands of visits).
EDGE_LIMIT = 48


class QuoridorSearchAgent(CompiledSearchAgent):
    """Max-n PUCT with Quoridor's prior and the race at the leaves, in numba; Quoridor only."""

    name = "quoridor-search"
    edges_per_action = EDGE_LIMIT / 140  # a node grown about every iteration, 48 moves

    def __init__(self, seed: int | None = None, exploration: float = 1.0, fpu: float = 0.2):
        super().__init__(seed, exploration, fpu)
        _warm_up()

    def _check(self, state: State) -> None:
        if not isinstance(state, QuoridorState):
            raise TabletopError("the Quoridor search plays Quoridor only")

    def _runner(self, state: State, seen: np.ndarray) -> Run:
        assert isinstance(state, QuoridorState)
        pos = state.kernel_position()
        ply = int(pos[kernels.O_META + kernels.M_PLY])
        trail = np.zeros((ply + ks.MAX_DEPTH + 2, kernels.TRAIL_WIDTH), dtype=np.int64)
        side_around = state.game.rules.side_step_around_pawns
        plies_left = state._cap - state.ply
        weights = search_weights(state.game.num_players)
        kernels.seed_random(self.rng.getrandbits(31))

        def run(tree: SearchTree, root: int, iterations: int) -> None:
            ks.run(
                pos, trail, side_around, plies_left, root, iterations, self.exploration,
                self.fpu, weights, EDGE_LIMIT, seen,
                tree.nodes, tree.value, tree.e_int, tree.e_prior, tree.counters,
            )  # fmt: skip

        return run


_warmed = False


def _warm_up() -> None:
    """Load the search's compiled kernels once a process, when the first agent is made (as
    ai/oust_search.py does: a first call inside a move would come out of its time)."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    from tabletop.core.registry import load_game

    state = load_game("quoridor").new_state()
    assert isinstance(state, QuoridorState)
    QuoridorSearchAgent(seed=0).analyze(state, Budget(playouts=2))
