"""The ladder: rungs of neighbouring levels, Elo from scores, the same results with any --jobs."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.ai.ladder import Rung, elo_difference, elo_table, ladder_games, run_ladder


def test_elo_difference_is_zero_at_evens_and_antisymmetric() -> None:
    assert elo_difference(0.5) == 0
    assert elo_difference(0.64) == pytest.approx(100, abs=1)
    assert elo_difference(0.3) == pytest.approx(-elo_difference(0.7))
    assert math.isfinite(elo_difference(1.0)) and math.isfinite(elo_difference(0.0))


def test_the_stronger_seat_rotates_round_the_table_with_four_players() -> None:
    game = tabletop.load_game("quoridor", players=4)
    tasks = [task for _, task in ladder_games(game, [5], 8, seed=0, max_plies=None)]
    assert [t.strong_seat for t in tasks] == [0, 1, 2, 3, 0, 1, 2, 3]
    for t in tasks:
        assert t.seats[t.strong_seat] == "ai:5"
        assert sorted(t.seats) == ["ai:4", "ai:4", "ai:4", "ai:5"]


def test_a_small_ladder_runs_and_its_table_chains_the_elo() -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    rungs = run_ladder(game, [2, 3], 2, seed=1)
    assert [r.level for r in rungs] == [2, 3]
    assert all(len(r.scores) == 2 and r.wins + r.draws + r.losses == 2 for r in rungs)
    text = elo_table(rungs).splitlines()
    assert text[1].split() == ["1", "0"]
    chained = rungs[0].elo + rungs[1].elo
    assert text[3].split()[1] == f"{chained:.0f}"


def test_a_rung_keeps_its_scores_by_the_seat_of_the_stronger_side() -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    (rung,) = run_ladder(game, [2], 4, seed=3)
    assert sorted(rung.by_seat) == [0, 1]
    assert sorted(rung.by_seat[0] + rung.by_seat[1]) == sorted(rung.scores)
    assert len(rung.by_seat[0]) == 2  # seats alternate
    first = rung.seat_mean(0)
    assert first is not None
    assert elo_table([rung]).splitlines()[2].split()[-3] == f"{first:.1%}"
    assert Rung("ai:2", level=2).seat_mean(0) is None


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    alone = run_ladder(game, [2], 2, jobs=1, seed=5)
    pooled = run_ladder(game, [2], 2, jobs=2, seed=5)
    assert alone[0].scores == pooled[0].scores


def test_a_rung_interval_contains_its_mean() -> None:
    rung = Rung("ai:4", scores=[1.0, 0.0, 1.0, 1.0, 0.5], level=4)
    lo, hi = rung.interval()
    assert lo <= rung.mean <= hi


def _count_played(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make run_ladder count the games it really plays (one process)."""
    from tabletop.ai import ladder

    played: list[int] = []
    real = ladder.play_ladder_game

    def counting(task: ladder.LadderGame) -> ladder.RungGame:
        played.append(task.number)
        return real(task)

    monkeypatch.setattr(ladder, "play_ladder_game", counting)
    return played


def test_a_recorded_ladder_resumes_without_replaying_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    first = run_ladder(game, [2, 3], 3, seed=4, records=tmp_path)
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.json"))
    assert files == [f"{r}/game-00{n}.json" for r in ("2-vs-1", "3-vs-2") for n in (1, 2, 3)]
    assert not list(tmp_path.rglob("*.partial"))
    played = _count_played(monkeypatch)
    again = run_ladder(game, [2, 3], 3, seed=4, records=tmp_path)
    assert played == []
    assert [sorted(r.scores) for r in again] == [sorted(r.scores) for r in first]
    assert [(r.wins, r.draws, r.losses) for r in again] == [
        (r.wins, r.draws, r.losses) for r in first
    ]
    # The stronger side's thinking times come back from the records too.
    assert [r.seconds for r in again] == [[round(x, 3) for x in r.seconds] for r in first]
    assert all(r.seconds for r in again)


def test_a_resumed_ladder_replays_missing_broken_and_outdated_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    run_ladder(game, [2], 4, seed=4, records=tmp_path)
    rung = tmp_path / "2-vs-1"
    (rung / "game-001.json").unlink()  # the run was stopped before this game ended
    (rung / "game-002.json").write_text('{"ladder": ')  # a broken file
    outdated = json.loads((rung / "game-003.json").read_text())
    outdated["ladder"]["levels"]["ai:2"]["iterations"] += 1  # the level table changed since
    (rung / "game-003.json").write_text(json.dumps(outdated))
    played = _count_played(monkeypatch)
    (again,) = run_ladder(game, [2], 4, seed=4, records=tmp_path)
    assert sorted(played) == [0, 1, 2]
    assert len(again.scores) == 4
    for n in (1, 2, 3):
        record = json.loads((rung / f"game-00{n}.json").read_text())
        assert record["ladder"]["levels"]["ai:2"]["iterations"] == 60
        assert record["seats"] in (["ai:2", "ai:1"], ["ai:1", "ai:2"])


def test_a_ladder_record_is_a_game_record_that_replays(tmp_path: Path) -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    run_ladder(game, [2], 1, seed=4, records=tmp_path)
    record = json.loads((tmp_path / "2-vs-1" / "game-001.json").read_text())
    state = type(game.new_state()).from_dict(record)
    assert state.is_over()
    assert record["outcome"]["winners"] == list(state.outcome().winners)


def test_a_ladder_with_another_adjudication_plays_its_games_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    run_ladder(game, [2], 2, seed=4, records=tmp_path)
    played = _count_played(monkeypatch)
    run_ladder(game, [2], 2, seed=4, records=tmp_path, max_repeats=10)
    assert sorted(played) == [0, 1]
    record = json.loads((tmp_path / "2-vs-1" / "game-001.json").read_text())
    assert record["ladder"]["max_repeats"] == 10
    run_ladder(game, [2], 2, seed=4, records=tmp_path, max_repeats=10)
    assert sorted(played) == [0, 1]  # nothing more


def test_a_report_counts_the_recorded_games_and_plays_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tabletop.cli import main

    game = tabletop.load_game("oust", width=3, height=3)
    run_ladder(game, [2], 2, seed=4, records=tmp_path)
    played = _count_played(monkeypatch)
    args = ["match", "oust", "--width", "3", "--height", "3", "--ladder", "--levels", "1-3"]
    args += ["--games", "5", "--seed", "4", "--records", str(tmp_path), "--report"]
    assert main(args) == 0
    assert played == []
    rows = capsys.readouterr().out.splitlines()
    assert rows[-2].split()[0] == "2" and rows[-2].split()[6] == "2"  # level 2: 2 games
    assert rows[-1].split()[:4] == ["3", "-", "-", "0"]  # level 3: none recorded yet
    assert main(["match", "oust", "--ladder", "--report"]) == 2  # no --records


def test_records_keep_who_thought_how_long_and_the_table_shows_it(tmp_path: Path) -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    (rung,) = run_ladder(game, [2], 2, seed=4, records=tmp_path)
    record = json.loads(next(tmp_path.rglob("*.json")).read_text())
    # One entry a move, naming its seat (a capture gives an Oust seat two moves in a row).
    assert len(record["thinking"]) == len(record["moves"])
    assert all(seat in (0, 1) and seconds >= 0 for seat, seconds in record["thinking"])
    assert len(rung.seconds) > 0 and max(rung.seconds) < 3.0
    last_line = elo_table([rung]).splitlines()[-1]
    assert f"{max(rung.seconds):.2f}" in last_line
    assert elo_table([Rung("ai:2", scores=[1.0], level=2)]).splitlines()[-1].endswith("-")


def test_a_top_level_at_fixed_iterations_plays_them_and_keys_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``top_iterations``: the stronger seat thinks that many iterations, the weaker its
    level's count, neither with a time cap (a rung that does not depend on the machine's
    load); the count is part of each game's key."""
    from tabletop.ai import ladder
    from tabletop.ai.agent import Budget
    from tabletop.ai.levels import level_for

    game = tabletop.load_game("oust", width=3, height=3)
    budgets: list[list[Budget | None]] = []
    real = ladder.play_game

    def spying(game: object, agents: list[Any], *args: object) -> object:
        budgets.append([agent.budget for agent in agents])
        return real(game, agents, *args)

    monkeypatch.setattr(ladder, "play_game", spying)
    run_ladder(game, [2], 2, seed=4, records=tmp_path, top_iterations=7)
    weaker = Budget(playouts=level_for(game, 1).iterations)
    assert budgets == [[Budget(playouts=7), weaker], [weaker, Budget(playouts=7)]]
    record = json.loads((tmp_path / "2-vs-1" / "game-001.json").read_text())
    assert record["ladder"]["top_iterations"] == 7
    played = _count_played(monkeypatch)
    run_ladder(game, [2], 2, seed=4, records=tmp_path, top_iterations=7)
    assert played == []  # resumed: the same key
    run_ladder(game, [2], 2, seed=4, records=tmp_path)
    assert sorted(played) == [0, 1]  # the level's own budget is another game
