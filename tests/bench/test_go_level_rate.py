"""bench/go_level_rate.py: level 10's iterations a move, counted move by move."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tabletop.ai.agent import Budget

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_level_rate  # noqa: E402
from arguments import run_main  # noqa: E402


def test_each_move_reports_the_iterations_its_budget_allowed() -> None:
    counts = go_level_rate.iterations_a_move(9, 3, Budget(playouts=150), seed=1)
    assert len(counts) == 3
    # A budget of iterations is met exactly or nearly (the search runs in chunks).
    assert all(100 <= n <= 150 for n in counts)


def test_a_board_size_go_does_not_have_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["go_level_rate.py", "--sizes", "11"])
    with pytest.raises(SystemExit) as stopped:
        run_main(go_level_rate.main)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--sizes" in err and "Traceback" not in err
