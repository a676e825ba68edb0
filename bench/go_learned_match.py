"""Go: does the learned shape term help? Level 10's search with it against without it.

Both sides are Go's own search (GoSearchAgent) with the same fixed number of
iterations a move (no time cap: the result does not depend on the load), or with
``--seconds S`` the same time a move instead (what a rule's cost in iterations does to
its gain; both sides think in one process, turn about, so the machine's load falls on
both alike);
"new" has the board's default search (``search.default_params``) with
``learned=SCALE`` and the knobs given (``--low-liberty RATE``: the playouts' two-liberty
replies, decision 0183; ``--lgrf RATE``: their last good replies, decision 0186;
``--criticality WEIGHT``: the tree's criticality bias, decision 0189; ``--nakade RATE``:
the eye-space vital points in the playouts and priors, decision 0191; ``--scale 0`` for
those alone),
"old" the board's default, or with ``--old "FLAGS"`` the default with those
knobs (``--old "--model 40"``: a switch measured on top of another). The colours
alternate (game k: new is Black when k is even), komi 7, Chinese rules. With
``--ledger FILE`` each game is added as it ends and games already there under the
same settings are counted, not played again. Prints new's score with its 95% interval.

    python bench/go_learned_match.py --size 9 --iterations 3000 --games 40 \\
        --scale 0.05 --ledger /work/runs/h14b/learned-9.jsonl
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

import tabletop
from arguments import count, run_main, seconds, whole
from go_knobs import (
    add_knobs,
    any_on,
    default_key,
    knob_key,
    knob_params,
    knob_words,
    weights_digest,
)
from tabletop.ai.agent import Budget
from tabletop.ai.go.agent import GoSearchAgent
from tabletop.ai.go.search import default_params
from tabletop.ai.ledger import Ledger, task_key
from tabletop.ai.tournament import play_game, score_of
from tabletop.core.game import Outcome

BENCH = "go_learned_match"


def main(argv: list[str] | None = None) -> int:
    """Play (or resume) the match and print new's score."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, choices=(9, 13, 19), default=9, help="board size")
    parser.add_argument("--iterations", type=count, default=3000, help="iterations a move")
    parser.add_argument(
        "--seconds", type=seconds, help="seconds a move for both, instead of iterations"
    )
    parser.add_argument("--games", type=count, default=20, help="games (default 20)")
    parser.add_argument(
        "--first",
        type=whole,
        default=0,
        help="leave out games numbered below N (a match split over processes: --first 20)",
    )
    parser.add_argument("--scale", type=float, default=0.05, help="new's SearchParams.learned")
    add_knobs(parser, "new's", leave_out=("--learned",))  # --scale is new's learned term
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--ledger", help="results file to add to and resume from")
    parser.add_argument(
        "--old",
        default="",
        metavar="FLAGS",
        help="old's knobs, in the knobs' own flags (--old '--model 40'); default: none",
    )
    args = parser.parse_args(argv)
    old_parser = argparse.ArgumentParser(prog="--old", add_help=False)
    add_knobs(old_parser, "old's")
    old_args = old_parser.parse_args(args.old.split())
    if args.first >= args.games:
        parser.error(f"--first {args.first}: expected fewer than --games ({args.games})")
    game = tabletop.load_game("go", size=args.size, rules="chinese", komi=7)
    ledger = Ledger(Path(args.ledger)) if args.ledger else None
    scores = []
    # The old side's search: its knobs away from go_knobs.KEY_BASE (the default's, once a
    # default has moved; no --old keeps the keys the default's matches were written with).
    old_search = knob_key(old_args, args.size) if args.old else default_key(args.size)
    default = default_params(args.size)
    for number in range(args.first, args.games):
        about = {"bench": BENCH, "number": number, "size": args.size, "scale": args.scale,
                 "iterations": args.iterations, "seed": args.seed}  # fmt: skip
        about.update(knob_key(args, args.size))  # new's knobs away from go_knobs.KEY_BASE
        if args.scale:
            about["weights"] = weights_digest()  # new's learned term reads the weights files
        if old_search:
            about["old"] = old_search
        if args.seconds:
            about["seconds"] = args.seconds
            del about["iterations"]
        key = task_key(about)
        entry = None if ledger is None else ledger.entry(key)
        if entry is not None:
            outcome, seat = Outcome.from_dict(entry["outcome"]), int(entry["strong_seat"])
        else:
            seed = args.seed + number
            params = knob_params(args, replace(default, learned=args.scale))
            new = GoSearchAgent(seed=seed, params=params)
            old = GoSearchAgent(seed=seed + 1000, params=knob_params(old_args, default))
            seat = number % 2
            agents = [new, old] if seat == 0 else [old, new]
            budget = (
                Budget(seconds=args.seconds) if args.seconds else Budget(playouts=args.iterations)
            )
            result = play_game(game, agents, budget)
            outcome = result.outcome
            if ledger is not None:
                ledger.append(key, {**about, "plies": result.state.ply}, outcome, seat, [])
        scores.append(score_of(outcome, seat))
        print(f"game {number + 1}: new as {'Black' if seat == 0 else 'White'}: "
              f"{scores[-1]:g} ({outcome.reason})", flush=True)  # fmt: skip
    n = len(scores)
    mean = sum(scores) / n
    half = 1.96 * (mean * (1 - mean) / n) ** 0.5
    rule = knob_words(args, args.size)
    work = f"{args.seconds} s" if args.seconds else f"{args.iterations} iterations"
    against = f"old{knob_words(old_args, args.size)}" if any_on(old_args, args.size) else "off"
    print(f"learned term at {args.scale}{rule} vs {against}, {args.size}x{args.size}, {work} "
          f"a move: {sum(scores):g} of {n} ({mean:.1%}, 95% interval "
          f"{max(0, mean - half):.1%} - {min(1, mean + half):.1%})")  # fmt: skip
    return 0


if __name__ == "__main__":
    run_main(main)
