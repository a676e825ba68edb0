"""bench/strength_levels.py --report: a level-against-level run's results from its ledger."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.ai.ladder import ladder_games, rung_name
from tabletop.ai.ledger import Ledger, task_key
from tabletop.core.game import Outcome
from tabletop.games.abalone import eval_kernels

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_knobs  # noqa: E402
import strength_levels  # noqa: E402
from arguments import run_main  # noqa: E402


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


def test_a_weight_row_goes_into_the_ledger_key_only_when_named() -> None:
    game = tabletop.load_game("abalone", players=4)
    (_, plain), *_ = ladder_games(game, [10], 100, 300, 300, below=3)
    (_, named), *_ = ladder_games(game, [10], 100, 300, 300, below=3, variant="team-weights=fitted")
    assert "variant" not in plain.description(game)  # earlier ledgers keep their keys
    assert named.description(game)["variant"] == "team-weights=fitted"
    keys = {task_key(plain.description(game)), task_key(named.description(game))}
    (_, other), *_ = ladder_games(game, [10], 100, 300, 300, below=3, variant="team-weights=today")
    keys.add(task_key(other.description(game)))
    assert len(keys) == 3


def test_go_where_the_default_reads_the_move_model_names_it_in_the_ledger_key() -> None:
    # Decision 0203: the 19x19 levels play with the move model, so a 19x19 ladder's games
    # played before it (or with other weights) must not count for today's levels; the
    # boards without it keep their keys.
    size19 = tabletop.load_game("go", size=19, rules="chinese", komi=7)
    variant = strength_levels.go_model_variant(size19)
    assert variant == f"go-model=80@{go_knobs.weights_digest()}"
    (_, plain), *_ = ladder_games(size19, [4], 20, 0, 400, below=1)
    (_, named), *_ = ladder_games(size19, [4], 20, 0, 400, below=1, variant=variant)
    assert task_key(plain.description(size19)) != task_key(named.description(size19))
    for game in (tabletop.load_game("go", size=9), tabletop.load_game("go", size=13)):
        assert strength_levels.go_model_variant(game) is None
    assert strength_levels.go_model_variant(tabletop.load_game("abalone")) is None


def test_the_report_counts_the_named_rows_games_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger_path = tmp_path / "abalone-4p.jsonl"
    game = tabletop.load_game("abalone", players=4)
    _, variant = strength_levels.team_weights(game, "fitted")
    assert variant is not None and variant.startswith("team-weights=fitted@")
    (_, task), *_ = ladder_games(game, [10], 100, 300, 300, below=3, variant=variant)
    about = {"rung": rung_name(task), "number": task.number, "seed": task.seed}
    returns = tuple(1.0 if s % 2 == task.strong_seat % 2 else -1.0 for s in range(4))
    winners = tuple(s for s in range(4) if returns[s] > 0)
    outcome = Outcome(returns, winners, "six-ejected")
    Ledger(ledger_path).append(task_key(task.description(game)), about, outcome, 0, [1.0])
    argv = ["abalone", "--players", "4", "--seed", "300", "--max-plies", "300", "--report"]
    _report(monkeypatch, *argv, "--ledger", str(ledger_path))
    assert "no games recorded yet" in capsys.readouterr().out
    _report(monkeypatch, *argv, "--ledger", str(ledger_path), "--team-weights", "fitted")
    assert "won 1/1" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["abalone", "--players", "4", "--team-weights", "best"], "no weight row 'best'"),
        (["oust", "--team-weights", "today"], "only Abalone has weight rows, not oust"),
    ],
)
def test_a_bad_weight_row_is_one_line(
    argv: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "argv", ["strength_levels.py", *argv, "--games", "1"])
    with pytest.raises(SystemExit) as stopped:
        run_main(strength_levels.main)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_named_row_is_what_the_evaluation_weighs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(eval_kernels.WEIGHTS_BY_PLAYERS, 4, eval_kernels.TODAY)
    game = tabletop.load_game("abalone", players=4)
    setup, variant = strength_levels.team_weights(game, "pressing")
    assert setup is not None and variant is not None
    setup()
    assert eval_kernels.WEIGHTS_BY_PLAYERS[4] is eval_kernels.PRESSING
    # Each row its own key: the digest tells rows apart even under one name.
    assert variant != strength_levels.team_weights(game, "today")[1]
    assert strength_levels.team_weights(game, None) == (None, None)
