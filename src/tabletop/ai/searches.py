"""Every search a computer player can use, under its one name: the registry that the level
table (levels.py), agent specs (specs.py) and warm-up (warm.py) all read.

* ``mcts``: MCTS (PUCT) with the game's rollouts and prior (ai/mcts.py);
* ``mcts-evaluate``: the same, valuing new leaves by the game's evaluation;
* ``alphabeta``: alpha-beta on the game's evaluation and candidates (ai/alphabeta.py);
* ``go``, ``oust``, ``quoridor``: that game's own compiled search
  (ai/<game>/search.py with its Agent in ai/<game>/agent.py); that game only.

The names are part of each level entry (levels.Level.search) and so of the
ladder ledgers' keys (ai/ladder.py): a name does not change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from tabletop.ai.agent import Agent, Budget
from tabletop.ai.alphabeta import AlphaBetaAgent
from tabletop.ai.knowledge import candidates_for, evaluation_for, prior_for, rollout_for
from tabletop.ai.mcts import MCTSAgent
from tabletop.core.errors import OptionError
from tabletop.core.game import Game

#: A search's settings besides its budget: ``c`` (exploration) or ``depth`` (alpha-beta).
Settings = Mapping[str, float]


@dataclass(frozen=True)
class Search:
    """One search: how to make its agent for a game, which game it is limited to (None:
    any game with the knowledge it needs), and the setting a spec may tune."""

    make: Callable[[Game, int | None, Settings], Agent]
    plays: str | None = None
    tuning: str = "c"


def _mcts(game: Game, seed: int | None, settings: Settings) -> Agent:
    return MCTSAgent(
        rollout_for(game), exploration=settings.get("c", 1.4), seed=seed, prior=prior_for(game)
    )


def _mcts_evaluate(game: Game, seed: int | None, settings: Settings) -> Agent:
    """MCTS that values a new leaf by the game's evaluation instead of a playout."""
    evaluate = evaluation_for(game)
    if evaluate is None:
        raise OptionError(f"{game.name} has no evaluation for MCTS leaves")
    return MCTSAgent(
        rollout_for(game),
        exploration=settings.get("c", 1.0),
        seed=seed,
        prior=prior_for(game),
        evaluate=evaluate,
        leaf="evaluate",
    )


def _alphabeta(game: Game, seed: int | None, settings: Settings) -> Agent:
    evaluate = evaluation_for(game)
    if evaluate is None:
        raise OptionError(f"{game.name} has no evaluation for alpha-beta")
    return AlphaBetaAgent(
        evaluate,
        max_depth=int(settings.get("depth", 64)),
        candidates=candidates_for(game),
        seed=seed,
    )


def _go(game: Game, seed: int | None, settings: Settings) -> Agent:
    from tabletop.ai.go.agent import GoSearchAgent
    from tabletop.ai.go.search import default_params
    from tabletop.games.go.rules import GoGame

    assert isinstance(game, GoGame)  # the registry gives this search Go only
    params = default_params(game.size)
    if "c" in settings:
        params = replace(params, explore=settings["c"])
    return GoSearchAgent(seed, params)


def _oust(game: Game, seed: int | None, settings: Settings) -> Agent:
    from tabletop.ai.oust.agent import OustSearchAgent

    return OustSearchAgent(seed, exploration=settings.get("c", 1.0))


def _quoridor(game: Game, seed: int | None, settings: Settings) -> Agent:
    from tabletop.ai.quoridor.agent import QuoridorSearchAgent

    return QuoridorSearchAgent(seed, exploration=settings.get("c", 1.0))


def _abalone(game: Game, seed: int | None, settings: Settings) -> Agent:
    from tabletop.ai.abalone.agent import LEVEL_WEIGHTS, AbaloneSearchAgent

    if game.num_players != 2:
        raise OptionError("the abalone search plays 2-player Abalone only")
    return AbaloneSearchAgent(seed, max_depth=int(settings.get("depth", 40)), weights=LEVEL_WEIGHTS)


#: The searches by name.
SEARCHES: dict[str, Search] = {
    "mcts": Search(_mcts),
    "mcts-evaluate": Search(_mcts_evaluate),
    "alphabeta": Search(_alphabeta, tuning="depth"),
    "go": Search(_go, plays="go"),
    "oust": Search(_oust, plays="oust"),
    "quoridor": Search(_quoridor, plays="quoridor"),
    "abalone": Search(_abalone, plays="abalone", tuning="depth"),
}


def make_search(
    name: str, game: Game, seed: int | None = None, settings: Settings | None = None
) -> Agent:
    """An agent of the search ``name`` for ``game``; OptionError when the search is unknown,
    plays another game or lacks the game's knowledge. The first agent of a game and search
    in a process loads its compiled kernels first (load_kernels)."""
    search = SEARCHES.get(name)
    if search is None:
        raise OptionError(f"unknown search {name!r}; known: {', '.join(SEARCHES)}")
    if search.plays is not None and game.name != search.plays:
        raise OptionError(f"the {name} search plays {search.plays.capitalize()} only")
    load_kernels(game, name)
    return search.make(game, seed, settings or {})


#: The (game, search) pairs whose compiled kernels this process has loaded.
_LOADED: set[tuple[str, str]] = set()


def load_kernels(game: Game, name: str) -> None:
    """Run a tiny search of ``name`` once per process and game, so that numba loads the
    kernels from its cache (or compiles them in a fresh checkout) here and not inside the
    first move's budget, which loading there overran (measured: docs/strength.md,
    "Figures quoted in the code"; decision 0058)."""
    key = (repr(game), name)
    if key not in _LOADED:
        _LOADED.add(key)
        SEARCHES[name].make(game, 0, {}).analyze(game.new_state(), Budget(playouts=16))
