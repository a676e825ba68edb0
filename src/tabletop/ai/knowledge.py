"""Where the search finds each game's knowledge: the module its registry entry names
(``games/<name>/evaluation.py``; core/facts.py).

Every function there is optional and leaves the state it is given as it was:
``rollout(state, rng)`` (MCTS leaves; random moves through the State API on a
copy without it), ``evaluate(state)`` (alpha-beta, and
MCTS leaves when cut short), ``prior(state)`` (MCTS move weights over
``state.legal_actions()``) and ``candidates(state)`` (alpha-beta: the actions
worth searching, best first).

A game without a knowledge module says so in its registry entry (random rollouts);
a module that fails to import is an error, never a silent fall back to random play.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import cast

from tabletop.ai.alphabeta import Candidates, Evaluate
from tabletop.ai.mcts import Prior, Rollout, random_rollout
from tabletop.core.game import Game
from tabletop.core.registry import facts_of


def _module(game: Game) -> ModuleType | None:
    name = facts_of(game).knowledge
    return None if name is None else importlib.import_module(name)


def rollout_for(game: Game) -> Rollout:
    """The game's own rollout policy, or random moves through the State API."""
    module = _module(game)
    return random_rollout if module is None else cast(Rollout, module.rollout)


def evaluation_for(game: Game) -> Evaluate | None:
    """The game's static evaluation (for alpha-beta), or None when it has none."""
    return cast(Evaluate | None, getattr(_module(game), "evaluate", None))


def prior_for(game: Game) -> Prior | None:
    """The game's move weights for MCTS, or None (every move alike)."""
    return cast(Prior | None, getattr(_module(game), "prior", None))


def candidates_for(game: Game) -> Candidates | None:
    """The game's ordered, possibly pruned move list for alpha-beta, or None (all moves)."""
    return cast(Candidates | None, getattr(_module(game), "candidates", None))
