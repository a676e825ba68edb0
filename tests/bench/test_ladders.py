"""The queue of strength runs: its jobs are valid commands, and it runs them a core each."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.cli import _option_pairs, _parser

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from ladders import JOBS, Job, chosen, run_queue  # noqa: E402


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
