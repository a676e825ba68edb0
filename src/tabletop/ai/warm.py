"""Compile every game's kernels before the first computer move: ``python -m tabletop.ai.warm``.

numba compiles a kernel the first time it is called and caches the machine
code beside its source. In a fresh install that first call is slow (many
seconds: docs/benchmarks.md, "Compiling the kernels"), and it would fall inside
the first computer move, far past any budget. ``make`` runs this module once
after installing, so the kernels are compiled before anyone plays; later
processes only load them from the cache, which is quick.

It runs, for every game and player count, a tiny search of every kind the
level table uses, from the starting position and from a position some moves
in, which reaches the kernels that play, undo, evaluate and play out.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Any

from tabletop.ai.agent import Budget
from tabletop.ai.levels import MAX_LEVEL, MIN_LEVEL, agent_for_level, level_for
from tabletop.core.game import Game
from tabletop.core.registry import facts_of, list_games, load_game


def variants() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every game with each option set its facts name to warm (by default: each player
    count, the other options at their defaults)."""
    for info in list_games():
        chosen = info.facts.warm_options
        if not chosen:
            several = len(info.players) > 1
            chosen = tuple({"players": n} if several else {} for n in info.players)
        for options in chosen:
            yield info.name, dict(options)


#: Plies each level plays from the start, so later searches begin mid-game.
OPENING_PLIES = 6


def levels_by_search(game: Game) -> Iterator[int]:
    """One level for each search the level table uses for ``game`` (the first that uses it)."""
    seen: set[str] = set()
    for level in range(MIN_LEVEL, MAX_LEVEL + 1):
        search = level_for(game, level).search
        if search not in seen:
            seen.add(search)
            yield level


def warm_up(game: Game) -> None:
    """Run a tiny search of each kind ``game``'s levels use, over a few plies."""
    budget = Budget(playouts=16)
    for level in levels_by_search(game):
        agent = agent_for_level(game, level, seed=0)
        state = game.new_state()
        for _ in range(OPENING_PLIES):
            if state.is_over():
                break
            agent.analyze(state, budget)
            state.play(agent.choose(state, budget))
    scoring = facts_of(game).scoring
    if scoring is not None:  # a count's proposal (Go's dead stones) runs once a game, at its end
        scoring.propose(game.new_state(), 0)


def main() -> int:
    """Warm every variant, printing how long each took."""
    for name, options in variants():
        start = time.perf_counter()
        game = load_game(name, **options)
        warm_up(game)
        named = " ".join(f"{k}={v}" for k, v in options.items())
        label = f"{name} {named}".strip()
        print(f"{label}: kernels ready in {time.perf_counter() - start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
