"""Agents from text, for the command line: ``random``, ``mcts:playouts=400``, ``gtp:gnugo ...``.

* ``random``
* ``ai:N``: the computer player at level N (1-10) from ``tabletop.ai.levels``
* ``mcts`` with optional ``:key=value,...``: ``playouts``, ``seconds`` (its own
  budget) and ``c`` (the exploration constant)
* ``mcts-evaluate``: MCTS valuing new leaves by the game's evaluation instead
  of a playout (the search of Quoridor's upper levels), same keys
* ``alphabeta`` with optional ``:playouts=N`` (nodes), ``seconds=S``, ``depth=D``;
  only for games with an evaluation
* ``oust-search``, ``quoridor-search``: the game's own compiled search (Oust's
  upper levels', 4-player Quoridor's), same keys as ``mcts``; that game only
* ``gtp:COMMAND``: an external GTP engine (Go only), e.g.
  ``gtp:gnugo --mode gtp --level 10 --chinese-rules``
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.ai.agent import Agent, Budget
from tabletop.ai.alphabeta import AlphaBetaAgent
from tabletop.ai.knowledge import candidates_for, evaluation_for, prior_for, rollout_for
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.random_agent import RandomAgent
from tabletop.core.errors import OptionError
from tabletop.core.game import Game

#: The compiled searches by agent kind: the game each plays.
COMPILED = {"oust-search": "oust", "quoridor-search": "quoridor"}

KINDS = ("random", "ai", "mcts", "mcts-evaluate", *COMPILED, "alphabeta", "gtp")


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """The agent ``spec`` describes; OptionError quoting the spec when it is malformed."""
    kind, _, rest = spec.strip().partition(":")
    if kind == "random":
        return RandomAgent(seed)
    if kind == "ai":
        from tabletop.ai.levels import agent_for_level

        try:
            level = int(rest)
        except ValueError:
            raise OptionError(f"agent {spec!r}: expected ai:N with a level 1-10") from None
        return agent_for_level(game, level, seed)
    if kind == "gtp":
        if not rest.strip():
            raise OptionError(f"agent {spec!r}: gtp needs a command, e.g. gtp:gnugo --mode gtp")
        if game.name != "go":
            raise OptionError(f"agent {spec!r}: a GTP engine plays Go only")
        from tabletop.ai.gtp_player import GtpPlayer

        return GtpPlayer(rest)
    if kind not in ("mcts", "mcts-evaluate", "alphabeta", *COMPILED):
        raise OptionError(f"agent {spec!r}: unknown kind {kind!r}; known: {', '.join(KINDS)}")
    tuning = "depth" if kind == "alphabeta" else "c"
    allowed = ("playouts", "seconds", tuning)
    settings: dict[str, float] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or key not in allowed:
            expected = ", ".join(f"{k}=..." for k in allowed)
            raise OptionError(f"agent {spec!r}: expected {expected}")
        settings[key] = _setting(spec, key, value)
    agent: Agent
    if kind == "alphabeta":
        evaluate = evaluation_for(game)
        if evaluate is None:
            raise OptionError(f"agent {spec!r}: {game.name} has no evaluation for alpha-beta")
        agent = AlphaBetaAgent(
            evaluate,
            max_depth=int(settings.get("depth", 64)),
            candidates=candidates_for(game),
            seed=seed,
        )
    elif kind == "mcts-evaluate":
        from tabletop.ai.levels import mcts_with_evaluation

        try:
            agent = mcts_with_evaluation(game, seed, exploration=settings.get("c", 1.0))
        except OptionError as err:
            raise OptionError(f"agent {spec!r}: {err}") from None
    elif kind in COMPILED:
        if game.name != COMPILED[kind]:
            raise OptionError(f"agent {spec!r}: {kind} plays {COMPILED[kind].capitalize()} only")
        from tabletop.ai.oust_search import OustSearchAgent
        from tabletop.ai.quoridor_search import QuoridorSearchAgent

        factory = OustSearchAgent if kind == "oust-search" else QuoridorSearchAgent
        agent = factory(seed, exploration=settings.get("c", 1.0))
    else:
        agent = MCTSAgent(
            rollout_for(game), exploration=settings.get("c", 1.4), seed=seed, prior=prior_for(game)
        )
    if "playouts" in settings or "seconds" in settings:
        playouts = settings.get("playouts")
        agent.budget = Budget(
            seconds=settings.get("seconds"), playouts=None if playouts is None else int(playouts)
        )
    label = ",".join(f"{k}={v:g}" for k, v in settings.items())
    agent.name = f"{kind}:{label}" if label else kind
    return agent


#: The range of each agent setting: its test (on a finite number) and how a message says it.
_RANGES: dict[str, tuple[Callable[[float], bool], str]] = {
    "playouts": (lambda x: x >= 1 and x.is_integer(), "a whole number of 1 or more"),
    "depth": (lambda x: x >= 1 and x.is_integer(), "a whole number of 1 or more"),
    "seconds": (lambda x: x > 0, "a number of seconds above 0"),
    "c": (lambda x: x >= 0, "a number of 0 or more"),
}


def _setting(spec: str, key: str, value: str) -> float:
    """One ``key=value`` of an agent spec as a number in its range; OptionError quoting
    the spec (``nan`` and ``inf`` parse as floats but are in no range)."""
    try:
        number = float(value)
    except ValueError:
        raise OptionError(f"agent {spec!r}: {key} must be a number, not {value!r}") from None
    test, wanted = _RANGES[key]
    if not (math.isfinite(number) and test(number)):
        raise OptionError(f"agent {spec!r}: {key} must be {wanted}, not {value!r}")
    return number
