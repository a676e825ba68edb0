"""How much search each level does per move here, and how long it takes.

    python bench/level_work.py quoridor --levels 9 10 [--players 4] [--positions 5]
    python bench/level_work.py go --size 19 --levels 7 8 9 10 [--every 6]

Levels are defined by work (iterations or nodes, ai/levels.py) with a 2.8 s
cap, so on a slow or busy machine the top levels stop at the cap and do less
than the table says. For each level this plays its search from
``--positions`` positions of one game (the level-1 player's moves, so the
positions are plausible) and prints the iterations reached, the seconds
taken, alpha-beta's depth, and whether the cap cut it short. Run it with one core to itself
(``taskset -c 1``) before changing a table: a level whose work does not fit
under the cap is as strong as the cap, and two such levels are the same.
"""

from __future__ import annotations

import argparse
import time

import tabletop
from arguments import count, run_main
from tabletop.ai.levels import agent_for_level, level_for
from tabletop.core.game import State


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("abalone", "go", "oust", "quoridor"))
    parser.add_argument("--levels", type=count, nargs="+", default=[9, 10])
    parser.add_argument("--players", type=count, default=2)
    parser.add_argument("--positions", type=count, default=5)
    parser.add_argument("--size", type=count, default=9, help="Go's board (default 9)")
    parser.add_argument("--every", type=count, default=6, help="plies between positions")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    options: dict[str, object] = {"size": args.size} if args.game == "go" else {}
    if args.game in ("abalone", "quoridor"):
        options["players"] = args.players
    game = tabletop.load_game(args.game, **options)
    positions: list[State] = []
    state = game.new_state()
    walker = agent_for_level(game, 1, seed=args.seed)
    while len(positions) < args.positions and not state.is_over():
        for _ in range(args.every):
            if state.is_over():
                break
            state.play(walker.choose(state))
        if not state.is_over():
            positions.append(state.copy())
    warm = agent_for_level(game, 1, seed=0)
    warm.analyze(game.new_state())  # compile the kernels before timing anything
    for level in args.levels:
        entry = level_for(game, level)
        print(f"level {level}: {entry.search}, {entry.iterations:,} a move, cap {entry.seconds} s")
        for position in positions:
            agent = agent_for_level(game, level, seed=1)
            start = time.perf_counter()
            analysis = agent.analyze(position)
            seconds = time.perf_counter() - start
            capped = "  capped" if analysis.iterations < entry.iterations else ""
            depth = analysis.detail.get("depth")  # alpha-beta: the last full depth
            deep = f", depth {depth}" if depth is not None else ""
            print(
                f"  ply {position.ply:>3}: {analysis.iterations:>7,} in {seconds:.2f} s "
                f"({analysis.iterations / seconds:,.0f} a second{deep}){capped}"
            )


if __name__ == "__main__":
    run_main(main)
