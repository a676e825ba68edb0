"""Do searches keep their time budget? Each game's strongest search, asked for 1 s a move.

    python bench/budget.py [--seconds 1.0] [--moves 6]

For every game and player count it plays ``--moves`` moves of one game with
the level-10 search given only a time budget, and prints the wall time of
each request from call to answer: mean, the slowest, and how many took more
than 10% over the budget (the issue's "a move asked for in 1 second arrives
within 1.1 seconds"). The first move of each search is timed too, so
loading the compiled kernels and setting up the tree on a first call count
(run it in a fresh process: each configuration is the first of its game).
"""

from __future__ import annotations

import argparse
import statistics
import time

import tabletop
from arguments import count, run_main, seconds
from tabletop.ai.agent import Budget
from tabletop.ai.levels import MAX_LEVEL, agent_for_level

CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("go", {"size": 9}),
    ("go", {"size": 19}),
    ("abalone", {}),
    ("abalone", {"players": 4}),
    ("oust", {}),
    ("quoridor", {}),
    ("quoridor", {"players": 4}),
]


def measure(name: str, options: dict[str, object], seconds: float, moves: int) -> list[float]:
    """Wall seconds per move request over the first ``moves`` moves of one game."""
    game = tabletop.load_game(name, **options)
    agent = agent_for_level(game, MAX_LEVEL, seed=1)
    state = game.new_state()
    times = []
    for _ in range(moves):
        if state.is_over():
            break
        start = time.perf_counter()
        move = agent.choose(state, Budget(seconds=seconds))
        times.append(time.perf_counter() - start)
        state.play(move)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=seconds, default=1.0, help="the budget per move")
    parser.add_argument("--moves", type=count, default=6, help="moves per game")
    args = parser.parse_args()
    limit = args.seconds * 1.1
    print(f"budget {args.seconds:.2f} s a move; allowed up to {limit:.2f} s")
    print(f"{'game':<32}{'moves':>6}{'mean s':>9}{'max s':>8}{'over':>6}")
    worst = 0.0
    for name, options in CONFIGS:
        times = measure(name, options, args.seconds, args.moves)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        over = sum(1 for t in times if t > limit)
        worst = max(worst, max(times))
        print(
            f"{label:<32}{len(times):>6}{statistics.mean(times):>9.3f}{max(times):>8.3f}{over:>6}"
        )
    verdict = "met" if worst <= limit else "NOT met"
    print(f"slowest answer {worst:.3f} s for a {args.seconds:.2f} s budget: target {verdict}")


if __name__ == "__main__":
    run_main(main)
