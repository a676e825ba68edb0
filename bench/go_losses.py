"""How our Go games against GNU Go were lost: the stones of ours each game's moves captured.

Reads the records a match kept (``strength_go.py``: ``docs/ladder/go-records/<ledger>/``),
finds our side by its name (``--ours``, default "tabletop"), replays each game and
prints, a game a line, the result, our stones captured in all, the largest capture in
one move and where it was; then, for the wins and the losses apart, how many games had a
capture of ``--big`` stones or more. A match lost on groups dying in fights shows it
here at once; one lost on territory does not.

    python bench/go_losses.py docs/ladder/go-records/go-gnugo-13-v3
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

from arguments import count, run_main
from tabletop.core.errors import NotationError
from tabletop.games.go.kernels import BLACK, WHITE
from tabletop.games.go.sgf import load_sgf


@dataclass(frozen=True)
class Losses:
    """Our stones captured in one game."""

    name: str
    won: bool
    result: str
    total: int  # our stones captured over the game
    largest: int  # the most in one move
    where: str  # that move and its ply ("" when nothing was captured)


def game_losses(path: Path, ours: str) -> Losses:
    """Replay the record at ``path`` and count our stones each move captured."""
    record = load_sgf(path)
    names = (record.black or "", record.white or "")
    if (ours in names[0]) == (ours in names[1]):
        raise NotationError(f"{path}: expected one player named like {ours!r}, got {names}")
    colour = BLACK if ours in names[0] else WHITE
    result = record.result or "?"
    won = result[:1].upper() == ("B" if colour == BLACK else "W")
    state = record.state.game.new_state()
    total = largest = 0
    where = ""
    for ply, move in enumerate(record.state.history, start=1):
        before = state._board.copy()
        state.play(move)
        gone = int(((before == colour) & (state._board != colour)).sum())
        total += gone
        if gone > largest:
            largest, where = gone, f"{move} at ply {ply}"
    return Losses(path.name, won, result, total, largest, where)


def _number(path: Path) -> tuple[int, str]:
    """Sort key: the game's number in its file name, then the name."""
    found = re.findall(r"\d+", path.stem)
    return (int(found[-1]) if found else -1, path.name)


def main(argv: list[str] | None = None) -> int:
    """Print each game's captures and the summary for wins and losses."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", help="folders of SGF records")
    parser.add_argument("--ours", default="tabletop", help="text in our player's name")
    parser.add_argument("--big", type=count, default=5, help="a capture this big counts")
    args = parser.parse_args(argv)
    paths = []
    for folder in args.folders:
        if not Path(folder).is_dir():
            parser.error(f"{folder}: not a folder of SGF records")
        paths += sorted(Path(folder).glob("*.sgf"), key=_number)
    if not paths:
        parser.error(f"no SGF records in {' '.join(args.folders)}")
    games = [game_losses(path, args.ours) for path in paths]
    for g in games:
        at = f" ({g.where})" if g.where else ""
        print(f"{g.name}: {'won' if g.won else 'lost'} {g.result}; ours captured {g.total}, "
              f"at most {g.largest} in one move{at}")  # fmt: skip
    for label, won in (("won", True), ("lost", False)):
        side = [g for g in games if g.won == won]
        big = sum(g.largest >= args.big for g in side)
        print(f"{label} {len(side)}: {big} with a capture of {args.big}+ of ours in one move")
    return 0


if __name__ == "__main__":
    run_main(main)
