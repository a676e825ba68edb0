"""``tabletop gtp``: a computer level of Go speaking GTP (games/go/gtp.py) on two streams."""

from __future__ import annotations

from typing import Any, TextIO

import tabletop
from tabletop.ai.agent import Agent, Budget
from tabletop.ai.levels import MAX_LEVEL, agent_for_level, level_for
from tabletop.core import load_game
from tabletop.core.errors import OptionError
from tabletop.games.go import GoMove, GoState
from tabletop.games.go.dead import estimate_dead
from tabletop.games.go.gtp import GtpEngine


def run_engine(
    stdin: TextIO,
    stdout: TextIO,
    *,
    level: int | None = None,
    seconds: float | None = None,
    playouts: int | None = None,
    rules: str = "chinese",
    seed: int | None = None,
) -> None:
    """Answer GTP commands from ``stdin`` until ``quit`` or the end of input.

    The budget of a move is the level's (``level``, by default the top), its time cap
    replaced by the time the controller's clock gives (games/go/gtp.py's Clock: longer in
    the opening and in fights, never past the clock); or exactly ``seconds`` and/or
    ``playouts`` a move (then without a level). OptionError for a bad combination or
    value, before the first command is read."""
    chosen = MAX_LEVEL if level is None else level
    explicit = seconds is not None or playouts is not None
    if explicit and level is not None:
        raise OptionError("--level sets the thinking budget; drop --seconds/--playouts")
    level_for(load_game("go"), chosen)  # an unknown level fails here, not mid-game
    # An out-of-range budget fails here too; it is the same for every move.
    fixed = Budget(seconds=seconds, playouts=playouts) if explicit else None
    # Made now, before the first command: the first agent loads the compiled kernels,
    # which must not come out of the first genmove's time.
    first = load_game("go", rules=rules)
    agents: dict[Any, Agent] = {first: agent_for_level(first, chosen, seed)}

    def genmove(state: GoState, clock_seconds: float | None) -> GoMove | None:
        agent = agents.get(state.game)
        if agent is None:
            agent = agents[state.game] = agent_for_level(state.game, chosen, seed)
        if fixed is not None:
            budget = fixed
        else:
            entry = level_for(state.game, chosen)
            # Without a clock the level's cap (under 3 s); with one, what the clock gives.
            cap = entry.seconds if clock_seconds is None else clock_seconds
            budget = Budget(seconds=cap, playouts=entry.iterations)
        analysis = agent.analyze(state, budget)
        best = analysis.moves[0]
        if analysis.detail.get("resign") or (best.value < -0.95 and best.visits >= 200):
            return None  # resign: every line the search tried loses
        move = agent.pick(analysis)
        assert isinstance(move, GoMove)
        return move

    def dead_stones(state: GoState) -> list[str]:
        # The proposal the terminal and the browser start their scoring from.
        return estimate_dead(state, seed=0 if seed is None else seed)

    engine = GtpEngine(genmove, rules=rules, version=tabletop.__version__, dead_stones=dead_stones)
    engine.run(stdin, stdout)
