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

Compiling takes minutes of one core and each game's kernels are its own, so the
games are warmed side by side, one process each, as many at once as there are
cores (``--jobs``); ``python -m tabletop.ai.warm go`` warms one game.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
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


def warm_game(name: str, option_sets: Sequence[dict[str, Any]]) -> list[str]:
    """Warm one game's variants in turn; a line for each saying how long it took."""
    lines = []
    for options in option_sets:
        start = time.perf_counter()
        warm_up(load_game(name, **options))
        named = " ".join(f"{k}={v}" for k, v in options.items())
        label = f"{name} {named}".strip()
        lines.append(f"{label}: kernels ready in {time.perf_counter() - start:.1f} s")
    return lines


def by_game(names: Sequence[str] = ()) -> dict[str, list[dict[str, Any]]]:
    """The variants to warm, grouped by game (only ``names`` when given), in list order."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for name, options in variants():
        if not names or name in names:
            groups.setdefault(name, []).append(options)
    return groups


def _jobs(text: str) -> int:
    """--jobs: a whole number of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Warm the games named (default: every game), printing how long each variant took."""
    known = [info.name for info in list_games()]
    parser = argparse.ArgumentParser(
        prog="python -m tabletop.ai.warm", description="Compile the games' kernels."
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of {', '.join(known)}")
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=len(os.sched_getaffinity(0)),
        help="games warmed at once, one process each (default: the cores this may use)",
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.games if name not in known]
    if unknown:
        parser.error(f"no game {unknown[0]!r}; the games are {', '.join(known)}")
    groups = by_game(args.games)
    start = time.perf_counter()
    if args.jobs == 1 or len(groups) == 1:
        for name, option_sets in groups.items():
            print("\n".join(warm_game(name, option_sets)), flush=True)
    else:
        # Fresh interpreters ("spawn"): a forked one would share this process's numba state.
        # This process imported tabletop first, so a stale cache was forgotten before any
        # worker starts compiling (kernel_cache), and numba writes each cache file whole.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(min(args.jobs, len(groups)), mp_context=context) as pool:
            futures = [pool.submit(warm_game, name, sets) for name, sets in groups.items()]
            for future in as_completed(futures):
                print("\n".join(future.result()), flush=True)
    print(f"all kernels ready in {time.perf_counter() - start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    # Through the module's own name, so the workers find warm_game where they import it.
    from tabletop.ai.warm import main as warm_main

    sys.exit(warm_main())
