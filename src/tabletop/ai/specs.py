"""Agents from text, for the command line: ``random``, ``mcts:playouts=400``, ``gtp:gnugo ...``.

* ``random``
* ``mcts`` with optional ``:key=value,...``: ``playouts``, ``seconds`` (its own
  budget) and ``c`` (the exploration constant)
* ``gtp:COMMAND``: an external GTP engine (Go only), e.g.
  ``gtp:gnugo --mode gtp --level 10 --chinese-rules``
"""

from __future__ import annotations

from tabletop.ai.agent import Agent, Budget
from tabletop.ai.knowledge import rollout_for
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.random_agent import RandomAgent
from tabletop.core.errors import OptionError
from tabletop.core.game import Game

KINDS = ("random", "mcts", "gtp")


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """The agent ``spec`` describes; OptionError quoting the spec when it is malformed."""
    kind, _, rest = spec.strip().partition(":")
    if kind == "random":
        return RandomAgent(seed)
    if kind == "gtp":
        if not rest.strip():
            raise OptionError(f"agent {spec!r}: gtp needs a command, e.g. gtp:gnugo --mode gtp")
        if game.name != "go":
            raise OptionError(f"agent {spec!r}: a GTP engine plays Go only")
        from tabletop.ai.gtp_player import GtpPlayer

        return GtpPlayer(rest)
    if kind != "mcts":
        raise OptionError(f"agent {spec!r}: unknown kind {kind!r}; known: {', '.join(KINDS)}")
    settings: dict[str, float] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or key not in ("playouts", "seconds", "c"):
            raise OptionError(f"agent {spec!r}: expected playouts=N, seconds=S or c=X")
        try:
            settings[key] = float(value)
        except ValueError:
            raise OptionError(f"agent {spec!r}: {key} must be a number, not {value!r}") from None
    agent = MCTSAgent(rollout_for(game), exploration=settings.get("c", 1.4), seed=seed)
    if "playouts" in settings or "seconds" in settings:
        playouts = settings.get("playouts")
        agent.budget = Budget(
            seconds=settings.get("seconds"), playouts=int(playouts) if playouts else None
        )
    label = ",".join(f"{k}={v:g}" for k, v in settings.items())
    agent.name = f"mcts:{label}" if label else "mcts"
    return agent
