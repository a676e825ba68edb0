"""Iterations a second of the searches the levels use, from fixed positions.

    python bench/search_rate.py [--rounds 3] [--iterations 20000]

For each search and game variant: a position some plies in (the level-1
player's moves from a fixed seed), then the search run with a fixed number
of iterations, best of ``--rounds`` (a fresh agent each round, so no kept
tree). Prints iterations a second; run it before and after a change with
the same arguments, on an otherwise idle core where possible.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import tabletop
from arguments import count, run_main
from tabletop.ai.agent import Budget
from tabletop.ai.levels import agent_for_level
from tabletop.ai.searches import make_search
from tabletop.core.game import Game, State

#: (search, game, options, iterations relative to --iterations): the compiled searches
#: at full work, the generic MCTS at a tenth (it is that much slower).
CASES: tuple[tuple[str, str, dict[str, Any], float], ...] = (
    ("go", "go", {"size": 9}, 1.0),
    ("oust", "oust", {}, 1.0),
    ("quoridor", "quoridor", {"players": 2}, 1.0),
    ("quoridor", "quoridor", {"players": 4}, 1.0),
    ("mcts-evaluate", "quoridor", {"players": 2}, 0.1),
    ("mcts", "oust", {}, 0.1),
)


def position(game: Game, plies: int = 8) -> State:
    """The position after ``plies`` moves of the level-1 player (seed 3)."""
    walker = agent_for_level(game, 1, seed=3)
    state = game.new_state()
    for _ in range(plies):
        state.play(walker.choose(state, Budget(playouts=16)))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=count, default=3)
    parser.add_argument("--iterations", type=count, default=20_000)
    args = parser.parse_args()
    for search, name, options, share in CASES:
        game = tabletop.load_game(name, **options)
        state = position(game)
        iterations = max(1, int(args.iterations * share))
        make_search(search, game, 0)  # loads the kernels
        best = 0.0
        for _ in range(args.rounds):
            agent = make_search(search, game, 1)
            start = time.perf_counter()
            analysis = agent.analyze(state, Budget(playouts=iterations))
            best = max(best, analysis.iterations / (time.perf_counter() - start))
        label = " ".join([search, "on", name, *(f"{k}={v}" for k, v in options.items())])
        print(f"{label}: {best:,.0f} iterations/s ({iterations:,} a round)", flush=True)


if __name__ == "__main__":
    run_main(main)
