"""bench/go_opening.py: level 10's first four moves on 19x19, and the lines they are on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_opening  # noqa: E402


def test_lines_count_from_the_nearest_edge() -> None:
    assert [go_opening.line_of(m) for m in ("A1", "D4", "Q16", "K10", "T19", "C17")] == [
        1,
        4,
        4,
        10,
        1,
        3,
    ]


def test_an_opening_is_played_with_a_knob_on_and_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert go_opening.main(["--seeds", "1", "--iterations", "40", "--learned", "0.05"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("seed 1: ") and len(out[0].split("(")) == 5  # four moves
    assert out[-1].startswith("level 10 (40 iterations a move, learned shapes at 0.05): ")
