"""Computer players: game-independent search over the core contract.

Agents see a game only through State (legal_actions, play, undo, copy,
outcome) and the integer action interface; each game adds its knowledge
(rollout policy, evaluation) in ``games/<name>/ai.py``.
"""

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.ai.alphabeta import AlphaBetaAgent
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.random_agent import RandomAgent

__all__ = ["Agent", "AlphaBetaAgent", "Analysis", "Budget", "MCTSAgent", "MoveStat", "RandomAgent"]
