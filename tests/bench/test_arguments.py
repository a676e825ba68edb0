"""The benchmarks' argument types: nonsense is refused with one line before any work."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from arguments import count, rate, seconds, seconds_or_zero, whole  # noqa: E402


@pytest.mark.parametrize(
    ("parse", "text", "value"),
    [
        (count, "3", 3),
        (whole, "0", 0),
        (seconds, "0.5", 0.5),
        (seconds_or_zero, "0", 0.0),
        (rate, "0", 0.0),
        (rate, "1", 1.0),
    ],
)
def test_good_values_parse(parse: Callable[[str], float], text: str, value: float) -> None:
    assert parse(text) == value


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (count, "0"),
        (count, "x"),
        (whole, "-1"),
        (seconds, "0"),
        (seconds, "nan"),
        (seconds, "inf"),
        (seconds_or_zero, "-1"),
        (seconds_or_zero, "nan"),
        (rate, "1.5"),
        (rate, "-0.1"),
        (rate, "nan"),
    ],
)
def test_nonsense_is_refused(parse: Callable[[str], float], text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=repr(text)):
        parse(text)


@pytest.mark.slow
def test_a_level_the_library_refuses_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "level_work.py"), "oust", "--levels", "11"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == "level_work.py: error: level 11: must be 1 to 10"
