"""The random player: a uniformly random legal move (level 0, and the playouts' baseline)."""

from __future__ import annotations

import random

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.core.errors import TabletopError
from tabletop.core.game import State


class RandomAgent(Agent):
    """Plays uniformly at random among the legal moves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.rng = random.Random(seed)

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        actions = state.legal_actions().tolist()
        action = self.rng.choice(actions)
        move = state.action_to_move(action)
        n = state.game.num_players
        stat = MoveStat(move, 1, 1.0, 0.0)
        return Analysis((0.0,) * n, [stat], [move], iterations=1)
