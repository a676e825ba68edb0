"""Command-line pieces shared by the benchmarks: argument types that refuse nonsense at
once (``--games 0`` divided by zero, ``--seconds nan`` never ran out) and a main that
turns the library's errors into one line, as ``tabletop`` does."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import TypeVar

from tabletop.core.errors import TabletopError

N = TypeVar("N", int, float)


def _parsed(text: str, kind: Callable[[str], N], test: Callable[[N], bool], wanted: str) -> N:
    """``text`` as a ``kind`` (int or float) that passes ``test``; else an argparse error
    saying it must be ``wanted``."""
    try:
        value = kind(text)
    except ValueError:
        noun = "a whole number" if kind is int else "a number"
        raise argparse.ArgumentTypeError(f"{text!r} is not {noun}") from None
    if not test(value):
        raise argparse.ArgumentTypeError(f"{text!r}: must be {wanted}")
    return value


def count(text: str) -> int:
    """A whole number of 1 or more (games, positions, levels)."""
    return _parsed(text, int, lambda v: v >= 1, "at least 1")


def whole(text: str) -> int:
    """A whole number of 0 or more (the number of the first game)."""
    return _parsed(text, int, lambda v: v >= 0, "0 or more")


def seconds(text: str) -> float:
    """A finite number above 0 (a budget, a measured time, a rate)."""
    return _parsed(text, float, lambda v: 0 < v < math.inf, "a finite number above 0")


def seconds_or_zero(text: str) -> float:
    """A finite number of 0 or more (a warm-up that may be skipped)."""
    return _parsed(text, float, lambda v: 0 <= v < math.inf, "a finite number of 0 or more")


def rate(text: str) -> float:
    """A number from 0 to 1 (how often a playout tries a rule; 0: off)."""
    return _parsed(text, float, lambda v: 0 <= v <= 1, "from 0 to 1")


def weight(text: str) -> float:
    """A finite number of 0 or more (a term's weight; 0: off)."""
    return _parsed(text, float, lambda v: 0 <= v < math.inf, "a finite number of 0 or more")


def run_main(main: Callable[[], object]) -> None:
    """Run a benchmark's ``main``: its return code, or 2 with one line for a TabletopError
    (a level, game option or agent the library refuses)."""
    try:
        code = main()
    except TabletopError as err:
        print(f"{sys.argv[0].rsplit('/', 1)[-1]}: error: {err}", file=sys.stderr)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
