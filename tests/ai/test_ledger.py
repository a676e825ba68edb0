"""The ladder's results ledger: a line a game, resumed from like the records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop
from tabletop.ai.ladder import ladder_games, run_ladder
from tabletop.ai.ledger import Ledger, task_key
from tabletop.core.game import Outcome

from .test_ladder import _count_played


def _small_oust() -> tabletop.Game:
    return tabletop.load_game("oust", width=3, height=3)


def test_a_ladder_resumes_from_its_ledger_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _small_oust()
    ledger = tmp_path / "oust.jsonl"
    first = run_ladder(game, [2, 3], 3, seed=4, ledger=ledger)
    lines = ledger.read_text().splitlines()
    assert len(lines) == 6
    assert sorted((json.loads(x)["rung"], json.loads(x)["number"]) for x in lines) == [
        (r, n) for r in ("2-vs-1", "3-vs-2") for n in (0, 1, 2)
    ]
    played = _count_played(monkeypatch)
    again = run_ladder(game, [2, 3], 3, seed=4, ledger=ledger)
    assert played == []
    for old, new in zip(first, again, strict=True):
        assert sorted(new.scores) == sorted(old.scores)
        assert (new.wins, new.draws, new.losses) == (old.wins, old.draws, old.losses)
        assert new.by_seat == old.by_seat
        assert new.seconds == [round(x, 2) for x in old.seconds]


def test_a_ledger_replays_damaged_lines_and_other_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _small_oust()
    ledger = tmp_path / "oust.jsonl"
    run_ladder(game, [2], 4, seed=4, ledger=ledger)
    lines = ledger.read_text().splitlines()
    by_number = {json.loads(line)["number"]: line for line in lines}
    damaged = dict(json.loads(by_number[1]), outcome={"winners": "x"})
    # Game 0's line is gone, game 1's outcome is damaged, game 3's line was cut off by a
    # kill (no newline): each is played again, and the next line is not swallowed.
    kept = [by_number[2], json.dumps(damaged), by_number[3][:30]]
    ledger.write_text("\n".join(kept))
    played = _count_played(monkeypatch)
    (rung,) = run_ladder(game, [2], 4, seed=4, ledger=ledger)
    assert sorted(played) == [0, 1, 3]
    assert len(rung.scores) == 4
    assert len(Ledger(ledger)) == 4
    # Another seed is another task: nothing matches, all are played.
    played.clear()
    run_ladder(game, [2], 2, seed=5, ledger=ledger)
    assert sorted(played) == [0, 1]


def test_a_changed_level_entry_changes_the_key() -> None:
    game = _small_oust()
    ((_, task),) = list(ladder_games(game, [2], 1, seed=0, max_plies=None))
    description = task.description(game)
    key = task_key(description)
    assert key == task_key(json.loads(json.dumps(description)))
    description["levels"]["ai:2"]["iterations"] += 1
    assert task_key(description) != key


def test_games_in_the_records_are_copied_to_a_new_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _small_oust()
    records = tmp_path / "records"
    first = run_ladder(game, [2], 3, seed=4, records=records)
    played = _count_played(monkeypatch)
    ledger = tmp_path / "oust.jsonl"
    again = run_ladder(game, [2], 3, seed=4, records=records, ledger=ledger)
    assert played == []
    assert len(Ledger(ledger)) == 3
    assert sorted(again[0].scores) == sorted(first[0].scores)
    # A report reads and writes nothing more.
    before = ledger.read_text()
    run_ladder(game, [2], 5, seed=4, ledger=ledger, play=False)
    assert ledger.read_text() == before


def test_first_leaves_out_the_games_numbered_below_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _small_oust()
    tasks = list(ladder_games(game, [2, 3], 5, seed=0, max_plies=None, first=3))
    assert [(upper, t.number) for upper, t in tasks] == [(2, 3), (3, 3), (2, 4), (3, 4)]
    whole = {t.number: t for _, t in ladder_games(game, [2], 5, seed=0, max_plies=None)}
    # A game's seed and seats depend on its number only, not on where the run starts.
    assert all(t == whole[t.number] for upper, t in tasks if upper == 2)
    played = _count_played(monkeypatch)
    (rung,) = run_ladder(game, [2], 5, seed=0, first=3, ledger=tmp_path / "x.jsonl")
    assert sorted(played) == [3, 4] and len(rung.scores) == 2


def test_a_ledger_line_gives_back_the_outcome_and_the_stronger_seats_times(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sub" / "x.jsonl"
    assert len(Ledger(path)) == 0  # no file yet: an empty ledger
    outcome = Outcome(returns=(-1.0, 1.0), winners=(1,), reason="all-captured")
    Ledger(path).append("k1", {"rung": "2-vs-1", "number": 7}, outcome, 1, [0.123, 2.5])
    read = Ledger(path)
    assert "k1" in read and "k2" not in read
    assert read.result("k2") is None
    found = read.result("k1")
    assert found is not None
    assert found[0] == outcome
    assert found[1] == [(1, 0.12), (1, 2.5)]
    assert json.loads(path.read_text())["number"] == 7


def test_an_entry_keeps_what_a_bench_added_to_it(tmp_path: Path) -> None:
    path = tmp_path / "bench.jsonl"
    outcome = Outcome((1.0, -1.0), (0,), "six-ejected")
    Ledger(path).append("k", {"number": 0, "repeats": 3}, outcome, 0, [1.5])
    entry = Ledger(path).entry("k")
    assert entry is not None and entry["repeats"] == 3 and entry["seconds"] == [1.5]
    assert Ledger(path).entry("other") is None
