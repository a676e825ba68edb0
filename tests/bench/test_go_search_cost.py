"""bench/go_search_cost.py: playouts and iterations a CPU second, a knob off against on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_search_cost  # noqa: E402


def test_a_knob_times_the_search_off_and_on_and_names_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--iterations", "40", "--playouts", "5", "--rounds", "1", "--local", "30"]
    go_search_cost.main(argv)
    out = capsys.readouterr().out.strip()
    assert out.startswith("9x9: policy playouts a CPU second, off ")
    assert out.endswith("on: local answers at 30.0; best of 1")


def test_without_a_knob_it_times_the_default_search(capsys: pytest.CaptureFixture[str]) -> None:
    go_search_cost.main(["--iterations", "40", "--playouts", "5", "--rounds", "1"])
    out = capsys.readouterr().out.strip()
    assert out.startswith("9x9: ") and out.endswith("search iterations a CPU second (best of 1)")
