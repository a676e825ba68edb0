"""Computer players: searches over the core contract, and each game's own search.

The generic searches (mcts.py, alphabeta.py) see a game only through State
(legal_actions, play, undo, copy, outcome) and the integer action interface;
each game adds its knowledge (rollout policy, evaluation, prior) in
``games/<name>/evaluation.py`` (found by knowledge.py). A game with a search
of its own compiled in numba has it in ``ai/<name>/``: ``search.py`` (the
kernels) and ``agent.py`` (its Agent); the compiled PUCT searches share
``ai/compiled/``. searches.py names every search once, for the level table
(levels.py), agent specs (specs.py) and warm-up (warm.py).
"""

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.ai.alphabeta import AlphaBetaAgent
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.random_agent import RandomAgent

__all__ = ["Agent", "AlphaBetaAgent", "Analysis", "Budget", "MCTSAgent", "MoveStat", "RandomAgent"]
