"""Where the search finds each game's knowledge: ``games/<name>/evaluation.py``."""

from __future__ import annotations

import importlib
from typing import cast

from tabletop.ai.alphabeta import Evaluate
from tabletop.ai.mcts import Rollout, random_rollout
from tabletop.core.game import Game


def rollout_for(game: Game) -> Rollout:
    """The game's own rollout policy, or random moves through the State API."""
    try:
        module = importlib.import_module(f"tabletop.games.{game.name}.evaluation")
    except ModuleNotFoundError:
        return random_rollout
    return cast(Rollout, module.rollout)


def evaluation_for(game: Game) -> Evaluate | None:
    """The game's static evaluation (for alpha-beta), or None when it has none."""
    try:
        module = importlib.import_module(f"tabletop.games.{game.name}.evaluation")
    except ModuleNotFoundError:
        return None
    return cast(Evaluate | None, getattr(module, "evaluate", None))
