"""Go strength: our level N against GNU Go over GTP, 9x9, komi 7, Chinese rules.

Colours alternate game by game (run_match). Prints our win rate with its 95%
interval and the mean and largest seconds per move of our side. ``--quick``
plays GNU Go at level 1 instead of 10 (a smoke test of the whole chain).

    python bench/strength_go.py --games 20              # level 10 vs GNU Go 10
    python bench/strength_go.py --quick --games 4 --level 5
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import tabletop
from arguments import count, run_main
from tabletop.ai.agent import Budget
from tabletop.ai.go.gtp_player import GtpPlayer
from tabletop.ai.levels import agent_for_level
from tabletop.ai.tournament import run_match, table
from timing import Timed


def main(argv: list[str] | None = None) -> int:
    """Run the match and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=count, default=10, help="our level (default 10)")
    parser.add_argument("--games", type=count, default=20, help="games (default 20)")
    parser.add_argument("--gnugo-level", type=count, default=10, help="GNU Go's level (default 10)")
    parser.add_argument("--quick", action="store_true", help="against GNU Go level 1")
    parser.add_argument("--gnugo", default="/usr/games/gnugo", help="the GNU Go program")
    parser.add_argument("--records", metavar="DIR", help="write every game's record here")
    parser.add_argument("--seed", type=int, default=1, help="seed for our player")
    args = parser.parse_args(argv)
    program = shutil.which(args.gnugo)
    if program is None:
        print(f"GNU Go not found at {args.gnugo!r} (apt-get install gnugo)", file=sys.stderr)
        return 1
    gnugo_level = 1 if args.quick else args.gnugo_level
    game = tabletop.load_game("go", size=9, rules="chinese", komi=7)
    ours = Timed(agent_for_level(game, args.level, args.seed))
    gnugo = GtpPlayer(f"{program} --mode gtp --level {gnugo_level} --chinese-rules")
    gnugo.name = f"gnugo-{gnugo_level}"

    def progress(done: int, total: int) -> None:
        print(f"game {done}/{total} done", file=sys.stderr, flush=True)

    records = Path(args.records) if args.records else None
    try:
        standings = run_match(
            game, [ours, gnugo], args.games, Budget(seconds=3.0), records=records, progress=progress
        )
    finally:
        gnugo.close()
    mine = next(s for s in standings if s.name == ours.name)
    lo, hi = mine.interval()
    print(f"{ours.name} vs {gnugo.name}, 9x9, komi 7, Chinese rules, {args.games} games")
    print(table(standings))
    print(f"win rate {mine.mean:.1%} (95% interval {lo:.1%} - {hi:.1%})")
    secs = ours.seconds
    if secs:
        print(
            f"our seconds per move: mean {sum(secs) / len(secs):.2f}, max {max(secs):.2f} "
            f"over {len(secs)} moves, {sum(s > 3.0 for s in secs)} over 3 s"
        )
    return 0


if __name__ == "__main__":
    run_main(main)
