"""bench/strength_levels.py --report: a level-against-level run's results from its ledger."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.ai.ladder import ladder_games, rung_name
from tabletop.ai.ledger import Ledger, task_key
from tabletop.core.game import Outcome

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import strength_levels  # noqa: E402


def _report(monkeypatch: pytest.MonkeyPatch, *argv: str) -> None:
    monkeypatch.setattr(sys, "argv", ["strength_levels.py", *argv])
    strength_levels.main()


def test_the_report_counts_the_ledgers_games_and_the_top_levels_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger_path = tmp_path / "oust.jsonl"
    _report(monkeypatch, "oust", "--ledger", str(ledger_path), "--report")
    assert capsys.readouterr().out == "oust (2 players): no games recorded yet\n"

    game = tabletop.load_game("oust")
    ledger = Ledger(ledger_path)
    # Level 10 wins the first two games and loses the third, whichever seat it has.
    tasks = list(ladder_games(game, [10], 100, 0, 400, below=1))[:3]
    played = [(True, [1.0, 2.0]), (True, [3.0]), (False, [])]
    for (_, task), (won, seconds) in zip(tasks, played, strict=True):
        winner = task.strong_seat if won else 1 - task.strong_seat
        returns = tuple(1.0 if seat == winner else -1.0 for seat in range(2))
        about = {"rung": rung_name(task), "number": task.number, "seed": task.seed}
        outcome = Outcome(returns, (winner,), "all-captured")
        ledger.append(task_key(task.description(game)), about, outcome, task.strong_seat, seconds)
    _report(monkeypatch, "oust", "--ledger", str(ledger_path), "--report")
    assert capsys.readouterr().out.splitlines() == [
        "oust (2 players): level 10 against level 1 won 2/3 (66.7%), draws 0, "
        "score 66.7% (95% 1.3% - 100.0%)",
        "level 10: 2.00 s/move, max 3.00 s over 3 moves",
    ]
