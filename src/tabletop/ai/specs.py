"""Agents from text, for the command line: ``random``, ``mcts:playouts=400``, ``gtp:gnugo ...``.

* ``random``
* ``ai:N``: the computer player at level N (1-10) from ``tabletop.ai.levels``
* ``mcts`` with optional ``:key=value,...``: ``playouts``, ``seconds`` (its own
  budget) and ``c`` (the exploration constant)
* ``mcts-evaluate``: MCTS valuing new leaves by the game's evaluation instead
  of a playout (the search of Quoridor's upper levels), same keys
* ``alphabeta`` with optional ``:playouts=N`` (nodes), ``seconds=S``, ``depth=D``;
  only for games with an evaluation
* ``go``, ``oust``, ``quoridor``: the game's own compiled search (Go's levels',
  Oust's upper levels', 4-player Quoridor's), same keys as ``mcts``; that game only
* ``abalone``: Abalone's compiled alpha-beta (2-player level 10's), keys ``playouts``
  (nodes), ``seconds``, ``depth``; 2-player Abalone only

(every search by its name in tabletop.ai.searches, as the level table names it)

* ``gtp:COMMAND``: an external GTP engine (Go only), e.g.
  ``gtp:gnugo --mode gtp --level 10 --chinese-rules``
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.ai.agent import Agent, Budget
from tabletop.ai.random_agent import RandomAgent
from tabletop.ai.searches import SEARCHES, make_search
from tabletop.core.errors import OptionError
from tabletop.core.game import Game

KINDS = ("random", "ai", *SEARCHES, "gtp")


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
        from tabletop.ai.go.gtp_player import gtp_player

        return gtp_player(game, rest)
    search = SEARCHES.get(kind)
    if search is None:
        raise OptionError(f"agent {spec!r}: unknown kind {kind!r}; known: {', '.join(KINDS)}")
    allowed = ("playouts", "seconds", search.tuning)
    settings: dict[str, float] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or key not in allowed:
            expected = ", ".join(f"{name}=..." for name in allowed)
            raise OptionError(f"agent {spec!r}: expected {expected}")
        settings[key] = _setting(spec, key, value)
    try:
        agent = make_search(kind, game, seed, settings)
    except OptionError as err:
        raise OptionError(f"agent {spec!r}: {err}") from None
    if "playouts" in settings or "seconds" in settings:
        playouts = settings.get("playouts")
        agent.budget = Budget(
            seconds=settings.get("seconds"), playouts=None if playouts is None else int(playouts)
        )
    label = ",".join(f"{key}={value:g}" for key, value in settings.items())
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
