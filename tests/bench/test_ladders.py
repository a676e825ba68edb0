"""The queue of strength runs: its jobs are valid commands, and it runs them a core each."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.ai.ladder import ladder_games, rung_name
from tabletop.ai.ledger import Ledger, task_key
from tabletop.cli import _option_pairs, _parser
from tabletop.core.game import Outcome

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from ladders import (  # noqa: E402
    GAMES,
    JOBS,
    LADDER_OPTIONS,
    LEDGERS,
    PUBLISHED,
    SEED,
    Job,
    Published,
    _ladder,
    chosen,
    ladder_table,
    published_rows,
    run_queue,
    with_tables,
)


def test_every_job_is_a_command_its_program_accepts() -> None:
    for job in JOBS:
        assert job.ledger.parent == BENCH.parent / "docs" / "ladder"
        if job.argv[0] == "match":
            args, extra = _parser().parse_known_args(job.argv)
            game = tabletop.load_game(args.game, **_option_pairs(extra, args.game))
            assert args.ladder and args.games == 100 and 0 <= args.first < args.games
            assert game.name == args.game
        else:
            assert (BENCH.parent / job.argv[0]).is_file()


def test_status_of_a_job_with_no_ledger_yet_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ladders

    job = Job("none yet", ("match", "go", "--ledger", "docs/ladder/not-there.jsonl"))
    monkeypatch.setattr(ladders, "JOBS", (job,))
    monkeypatch.setattr(sys, "argv", ["ladders.py", "--status"])
    assert ladders.main() == 0
    assert capsys.readouterr().out == "== none yet\nno games recorded yet\n"


def test_jobs_are_chosen_by_a_word_of_their_names() -> None:
    assert [job.name for job in chosen(["oust 9"])] == ["oust 9-10"]
    assert chosen(None) == list(JOBS)
    picked = [job.name for job in chosen(["go 8", "oust", "oust 9"])]
    assert picked[:2] == ["go 8-10", "oust 9-10"] and picked.count("oust 9-10") == 1
    with pytest.raises(SystemExit, match="no job named like 'chess'"):
        chosen(["chess"])


def test_the_queue_runs_every_job_and_counts_the_failures(tmp_path: Path) -> None:
    marks = tmp_path / "marks"
    jobs = [
        Job("one", ("-c", f"open({str(marks)!r}, 'a').write('1')")),
        Job("two", ("-c", f"open({str(marks)!r}, 'a').write('2'); raise SystemExit(3)")),
        Job("three", ("-c", f"open({str(marks)!r}, 'a').write('3')")),
    ]
    assert run_queue(jobs, 2, tmp_path / "logs", poll=0.05) == 1
    assert sorted(marks.read_text()) == ["1", "2", "3"]
    assert sorted(p.name for p in (tmp_path / "logs").iterdir()) == [
        "one.log",
        "three.log",
        "two.log",
    ]


def test_a_job_resumes_at_its_rungs_first_game_not_published() -> None:
    for job in JOBS:
        if job.argv[0] == "match":
            args, _ = _parser().parse_known_args(job.argv)
            low, high = (int(x) for x in args.levels.split("-"))
            for upper in range(low + 1, high + 1):
                published = PUBLISHED.get((args.game, upper), Published(0, 0, 0))
                assert published.games == args.first < 100


def test_the_ladder_table_adds_the_ledgers_games_to_the_published_ones(tmp_path: Path) -> None:
    """Go 1-2 has no published games, Go 7-8 all 100, Abalone 8-9 47: one game of each
    kind in the ledger, a win, a draw and a loss, and the table counts exactly those."""
    outcomes = [
        Outcome((1.0, -1.0), (0,), "score"),
        Outcome((0.0, 0.0), (), "score"),
        Outcome((-1.0, 1.0), (1,), "score"),
    ]
    for name, upper, first in (("go", 2, 0), ("abalone", 9, 47)):
        args, extra = _parser().parse_known_args(["match", name, *LADDER_OPTIONS[name]])
        game = tabletop.load_game(name, **_option_pairs(extra, name))
        ledger = Ledger(tmp_path / f"{name}.jsonl")
        tasks = ladder_games(game, [upper], 100, 11, args.max_plies, None, args.max_repeats, first)
        for (_, task), outcome in zip(tasks, outcomes, strict=False):
            about = {"rung": rung_name(task), "number": task.number, "seed": task.seed}
            # outcomes are from seat 0's side; the stronger seat alternates
            flipped = outcome if task.strong_seat == 0 else _swapped(outcome)
            ledger.append(task_key(task.description(game)), about, flipped, task.strong_seat, [])
    go = ladder_table("go", tmp_path).splitlines()
    assert go[2] == "| Go 1-2 | 3 | 50.0% | 0.0%-100.0% | 1 | 3 of 100 |"
    assert go[8] == "| Go 7-8 | 100 | 73.5% | 65.1%-81.9% | 5 | yes |"
    assert go[9] == "| Go 8-9 | 0 | - | - | - | 0 of 100 |"
    abalone = ladder_table("abalone", tmp_path).splitlines()
    assert abalone[9].startswith("| Abalone 8-9 | 47 + 3 = 50 | 71.0% | ")
    assert abalone[9].endswith(" | 1 | 50 of 100 |")
    # --status shows a job's rungs with their published games, where it has any
    (row,) = published_rows(_ladder("abalone 8-9", "abalone", "8-9"), tmp_path)
    assert row == abalone[9]
    assert published_rows(_ladder("go 1-7", "go", "1-7"), tmp_path) == []


def test_tables_are_replaced_in_place_and_the_prose_kept() -> None:
    header = "| rung | games | higher level scores | 95% interval | draws | 100 games, >= 60% |"
    text = "\n".join(
        ["Go:", "", header, "| --- |", "| Go 1-2 | old |", "| Go 2-3 | old |", "", "After."]
    )
    new = with_tables(text, {"go": f"{header}\n| --- |\n| Go 1-2 | new |"})
    assert new == "\n".join(["Go:", "", header, "| --- |", "| Go 1-2 | new |", "", "After."])
    with pytest.raises(SystemExit, match="0 tables of oust's ladder"):
        with_tables(text, {"oust": "anything"})


def test_the_strength_page_has_each_ladders_table_once() -> None:
    page = (BENCH.parent / "docs" / "strength.md").read_text()
    tables = {name: f"<{name}>" for name in LADDER_OPTIONS}
    replaced = with_tables(page, tables)
    assert all(replaced.count(f"<{name}>") == 1 for name in LADDER_OPTIONS)


def test_the_committed_ladder_ledgers_keys_are_recomputed_unchanged() -> None:
    """Every line of the level ladders' ledgers (docs/ladder/<game>.jsonl) keys a task the
    ladder makes today: a change to a level entry or a search's name that feeds the
    ladder's description would leave lines no task matches (and replay them all)."""
    for name, options in LADDER_OPTIONS.items():
        args, extra = _parser().parse_known_args(["match", name, *options])
        game = tabletop.load_game(name, **_option_pairs(extra, name))
        tasks = ladder_games(
            game, range(2, 11), GAMES, SEED, args.max_plies, None, args.max_repeats
        )
        keys = {task_key(task.description(game)) for _, task in tasks}
        ledger = BENCH.parent / LEDGERS / f"{name}.jsonl"
        committed = [json.loads(line)["key"] for line in ledger.read_text().splitlines()]
        unknown = [key for key in committed if key not in keys]
        assert committed and len(unknown) == _OUTDATED.get(name, 0), ledger.name


#: Ledger lines of level entries since replaced (games of the 10-vs-9 rungs played before
#: Oust's, Quoridor's and 2-player Abalone's level 10 became their compiled searches,
#: decisions 0060, 0062, 0134; Abalone's rung is to be played again, issue 15).
_OUTDATED = {"oust": 12, "quoridor": 14, "abalone": 23}


def _swapped(outcome: Outcome) -> Outcome:
    returns = tuple(reversed(outcome.returns))
    return Outcome(returns, tuple(1 - s for s in outcome.winners), outcome.reason)
