"""A one-line progress bar on stderr, for the long commands (match, review)."""

from __future__ import annotations

import sys


def progress_line(done: int, total: int, unit: str) -> None:
    """Draw ``[####....] 3/8 games`` over the current line of stderr."""
    width = 30
    filled = width * done // total
    bar = "#" * filled + "." * (width - filled)
    print(f"\r[{bar}] {done}/{total} {unit}", end="", file=sys.stderr, flush=True)
