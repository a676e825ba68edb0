"""``tabletop review RECORD [--level N] [--seconds S] [--json OUT]``: review a finished game.

The record is a game's own format chosen by the file's suffix (``.sgf``: Go's
SGF, from the game's facts) or a JSON record of any game. The table goes to
stdout, the progress bar to stderr; bad input is one line naming the problem
(and the move, for a move the rules refuse) and exit status 2 (cli.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tabletop.core.errors import NotationError, OptionError
from tabletop.play.record import read_record_file
from tabletop.progress import progress_line
from tabletop.review.analyst import DEFAULT_LEVEL, DEFAULT_SEED, analyst_for
from tabletop.review.game import review_game
from tabletop.review.table import review_table


def add_review_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``review`` subcommand's arguments."""
    review = sub.add_parser(
        "review",
        help="analyse a finished game: win chances, mistakes, the better moves",
        description="Analyse every move of a game record (a JSON record of any game, or an "
        "SGF for Go): each seat's win chance before and after, the best move, and a label "
        "(inaccuracy, mistake, blunder) by the mover's drop in chance (5, 10, 15 points).",
    )
    review.add_argument("record", help="the record file (.json, or .sgf for Go)")
    review.add_argument(
        "--level",
        type=int,
        default=DEFAULT_LEVEL,
        help="analyse with this computer level's search and work as each game's review "
        f"adjusts them, 1-10 (default {DEFAULT_LEVEL}; docs/review.md)",
    )
    review.add_argument(
        "--seconds",
        type=float,
        default=None,
        metavar="S",
        help="also cap each position's analysis at S seconds (the review then depends on "
        "the machine's speed; default: no cap, the same review every time)",
    )
    review.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the search's seed")
    review.add_argument("--json", metavar="OUT", help="also write the review as JSON to OUT")


def run_review(args: argparse.Namespace) -> int:
    """Review the record named by ``args``: the table on stdout, the JSON if asked."""
    if args.seconds is not None and not args.seconds > 0:
        raise OptionError(f"--seconds {args.seconds}: must be positive")
    match = read_record_file(args.record)
    state = match.state
    if state.ply == 0:
        raise NotationError(f"{args.record}: the record has no moves to review")
    analyst = analyst_for(state.game, args.level, args.seconds, args.seed)
    pairs = zip(match.seats, state.game.seat_names, strict=True)
    names = [seat.name or default for seat, default in pairs]
    review = review_game(state, analyst, names, progress=_progress)
    print(file=sys.stderr)
    print(review_table(review.document))
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(review.document, indent=1) + "\n")
        except OSError as err:
            raise OptionError(f"--json {args.json}: cannot write ({err.strerror})") from None
    return 0


def _progress(done: int, total: int) -> None:
    progress_line(done, total, "positions")
