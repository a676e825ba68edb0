"""bench/go_learned_match.py: a rule of Go's search against the default, head to head."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_learned_match  # noqa: E402


def _games(ledger: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in ledger.read_text().splitlines() if line.strip()]


def test_a_match_is_written_game_by_game_and_resumes_from_its_ledger(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "match.jsonl"
    args = ["--size", "9", "--iterations", "30", "--games", "2", "--scale", "0"]
    args += ["--nakade", "1.0", "--ledger", str(ledger)]
    assert go_learned_match.main(args) == 0
    assert len(_games(ledger)) == 2
    first = capsys.readouterr().out
    assert "eye-space vital points at 1.0" in first and "of 2" in first
    assert go_learned_match.main(args) == 0  # counted from the ledger, not played again
    assert len(_games(ledger)) == 2
    assert capsys.readouterr().out.splitlines()[-1] == first.splitlines()[-1]


def test_equal_time_games_are_keyed_apart_from_equal_iterations(tmp_path: Path) -> None:
    ledger = tmp_path / "match.jsonl"
    base = ["--size", "9", "--games", "1", "--scale", "0", "--ledger", str(ledger)]
    assert go_learned_match.main([*base, "--iterations", "30"]) == 0
    assert go_learned_match.main([*base, "--seconds", "0.02"]) == 0
    assert len(_games(ledger)) == 2


def test_a_split_match_plays_only_its_own_games(tmp_path: Path) -> None:
    ledger = tmp_path / "match.jsonl"
    base = ["--size", "9", "--iterations", "30", "--scale", "0", "--ledger", str(ledger)]
    assert go_learned_match.main([*base, "--games", "3", "--first", "2"]) == 0
    assert [game["number"] for game in _games(ledger)] == [2]
    with pytest.raises(SystemExit):
        go_learned_match.main([*base, "--games", "3", "--first", "3"])


def test_the_old_side_can_play_with_knobs_and_its_games_are_keyed_by_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "match.jsonl"
    base = ["--size", "9", "--iterations", "30", "--games", "1", "--scale", "0"]
    base += ["--model", "80", "--ledger", str(ledger)]
    assert go_learned_match.main([*base, "--old", "--model 40"]) == 0
    assert "move model at 80.0 vs old, move model at 40.0" in capsys.readouterr().out
    assert go_learned_match.main(base) == 0  # against the default: another game
    games = _games(ledger)
    assert len(games) == 2 and games[0]["key"] != games[1]["key"]
    old = games[0]["old"]
    assert isinstance(old, dict) and old["model"] == 40.0 and "weights" in old
    with pytest.raises(SystemExit):
        go_learned_match.main([*base, "--old", "--model -1"])
    assert "--model" in capsys.readouterr().err
