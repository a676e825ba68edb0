"""How many search iterations Go's level 10 gets a move in its own time, by board size.

    taskset -c 0 python bench/go_level_rate.py --sizes 9 13 19 --moves 20
    taskset -c 0 python bench/go_level_rate.py --sizes 13 --seconds 2.4   # a GTP clock's share

The GNU Go matches (bench/strength_go.py --iterations N) play level 10 at a fixed number
of iterations a move, so that a shared machine's load changes their wall time and not
their play. That number must be what level 10 gets on a core to itself, or the match
measures another player: this script measures it. Level 10 plays both sides from the
empty board (``--moves`` moves, its own time cap or ``--seconds``, the tree kept between
moves as in a game) and the iterations of each move are printed as mean, median and the
lowest quarter; the median is the count to give the matches. Run it on a quiet machine,
pinned to one core: on a loaded one the wall clock measures the load.
"""

from __future__ import annotations

import argparse
import statistics

import tabletop
from arguments import count, run_main, seconds
from tabletop.ai.agent import Budget
from tabletop.ai.levels import MAX_LEVEL, agent_for_level


def iterations_a_move(size: int, moves: int, budget: Budget | None, seed: int) -> list[int]:
    """The iterations of each of level 10's first ``moves`` moves of a self-play game on
    a ``size`` board (Chinese rules, komi 7), each move searched in ``budget`` (None:
    the level's own)."""
    game = tabletop.load_game("go", size=size, rules="chinese", komi=7)
    agent = agent_for_level(game, MAX_LEVEL, seed=seed)
    state = game.new_state()
    counts: list[int] = []
    for _ in range(moves):
        if state.is_over():
            break
        analysis = agent.analyze(state, budget)
        counts.append(analysis.iterations)
        state.play(analysis.best)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", choices=(9, 13, 19), default=[9, 13, 19])
    parser.add_argument("--moves", type=count, default=20, help="moves a board size")
    parser.add_argument("--seconds", type=seconds, help="a move's budget (default: level 10's)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    budget = None if args.seconds is None else Budget(seconds=args.seconds)
    print(f"level 10, {args.seconds or 'its own'} s a move, {args.moves} moves from the start")
    print(f"{'board':<8}{'moves':>6}{'mean':>9}{'median':>9}{'lowest 25%':>12}")
    # The first board pays for loading the compiled kernels: a warm-up move, not counted.
    iterations_a_move(args.sizes[0], 1, Budget(seconds=0.2), args.seed)
    for size in args.sizes:
        counts = iterations_a_move(size, args.moves, budget, args.seed)
        quarter = sorted(counts)[len(counts) // 4]
        board = f"{size}x{size}"
        print(
            f"{board:<8}{len(counts):>6}{statistics.mean(counts):>9.0f}"
            f"{statistics.median(counts):>9.0f}{quarter:>12}"
        )
    return 0


if __name__ == "__main__":
    run_main(main)
