"""Command-line pieces shared by the benchmarks: argument types that refuse nonsense at
once (``--games 0`` divided by zero, ``--seconds nan`` never ran out) and a main that
turns the library's errors into one line, as ``tabletop`` does."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable

from tabletop.core.errors import TabletopError


def count(text: str) -> int:
    """A whole number of 1 or more (games, positions, levels)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be at least 1")
    return value


def whole(text: str) -> int:
    """A whole number of 0 or more (the number of the first game)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 0 or more")
    return value


def seconds(text: str) -> float:
    """A finite number above 0 (a budget, a measured time, a rate)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"{text!r}: must be a finite number above 0")
    return value


def seconds_or_zero(text: str) -> float:
    """A finite number of 0 or more (a warm-up that may be skipped)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"{text!r}: must be a finite number of 0 or more")
    return value


def run_main(main: Callable[[], object]) -> None:
    """Run a benchmark's ``main``: its return code, or 2 with one line for a TabletopError
    (a level, game option or agent the library refuses)."""
    try:
        code = main()
    except TabletopError as err:
        print(f"{sys.argv[0].rsplit('/', 1)[-1]}: error: {err}", file=sys.stderr)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
