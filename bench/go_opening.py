"""Go's opening on the big board: level 10's first four moves from the empty 19x19 board.

Issue 14's target: all four on the third or fourth line. Level 10 plays both
colours at its normal settings (its time cap), one game per seed, or with
``--iterations N`` exactly N search iterations a move (the same moves on any
machine). Prints each game's moves with their lines and how many held.

    python bench/go_opening.py --seeds 1 2 3 4
    python bench/go_opening.py --seeds 1 2 3 4 --iterations 5000
    python bench/go_opening.py --iterations 5000 --learned 0.05   # go_knobs' switches
"""

from __future__ import annotations

import argparse

import tabletop
from arguments import count, run_main
from go_knobs import add_knobs, knob_level, knob_words
from tabletop.ai.agent import Budget
from tabletop.ai.levels import agent_for_level

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def line_of(move: str, n: int = 19) -> int:
    """The line from the nearest edge (1 = the edge) of a move written like ``D4``."""
    col, row = COLUMNS.index(move[0]), int(move[1:]) - 1
    return min(col, row, n - 1 - col, n - 1 - row) + 1


def main(argv: list[str] | None = None) -> int:
    """Play the first four moves per seed and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4], help="seeds")
    parser.add_argument("--iterations", type=count, help="iterations a move, instead of time")
    parser.add_argument("--level", type=count, default=10, help="the level (default 10)")
    add_knobs(parser, "the level's search's")
    args = parser.parse_args(argv)
    game = tabletop.load_game("go", size=19, rules="chinese", komi=7)
    held = 0
    for seed in args.seeds:
        agent = agent_for_level(game, args.level, seed=seed)
        knob_level(agent, args)
        budget = Budget(playouts=args.iterations) if args.iterations else None
        state = game.new_state()
        moves = []
        for _ in range(4):
            move = agent.choose(state, budget) if budget else agent.choose(state)
            moves.append(str(move))
            state.play(move)
        lines = [line_of(m) for m in moves]
        ok = all(line in (3, 4) for line in lines)
        held += ok
        shown = " ".join(f"{m}({line})" for m, line in zip(moves, lines, strict=True))
        print(f"seed {seed}: {shown}  {'ok' if ok else 'OFF the 3rd/4th line'}", flush=True)
    work = f"{args.iterations} iterations a move" if args.iterations else "its time cap"
    work += knob_words(args, 19)
    print(f"level {args.level} ({work}): {held} of {len(args.seeds)} openings on lines 3-4")
    return 0


if __name__ == "__main__":
    run_main(main)
