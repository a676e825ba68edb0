"""Every strength run docs/strength.md still needs, as one resumable queue.

The runs behind docs/strength.md take tens of core-hours, a few hours a
session, on machines that keep no files between sessions. Each run here adds
its games to a results ledger in ``docs/ladder/`` (decision 0059) and skips
the games already there, so this script can be started again in every
session and goes on where the last one stopped; commit the ledgers before a
session ends.

    python bench/ladders.py                  # run the queue, one job per core
    python bench/ladders.py --status         # what the ledgers hold, playing nothing
    python bench/ladders.py --only oust      # only the jobs whose name holds 'oust'
    python bench/ladders.py --list           # the jobs and their commands

Each worker is pinned to a core of its own and takes the next job in the
queue: the top levels are capped at 2.8 s a move, so two runs on one core
would play them weaker (docs/strength.md). A job already complete ends at
once. ``--first N`` in a job leaves out games 0 to N-1, played before the
ledgers existed and published in docs/strength.md (their records were lost).
Logs go to ``--logs DIR`` (default /tmp/tabletop-ladders), a file per job.
"""

from __future__ import annotations

import argparse
import functools
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from arguments import count, run_main

ROOT = Path(__file__).resolve().parents[1]
LEDGERS = "docs/ladder"


@dataclass(frozen=True)
class Job:
    """One run: a name to pick it by and the command (from the repository's root)."""

    name: str
    argv: tuple[str, ...]

    def command(self) -> list[str]:
        """The command line, run with this Python."""
        if self.argv[0] == "match":
            return [sys.executable, "-m", "tabletop.cli", *self.argv]
        return [sys.executable, *self.argv]

    @property
    def ledger(self) -> Path:
        """The results ledger the job adds its games to."""
        return ROOT / self.argv[self.argv.index("--ledger") + 1]

    def report_command(self) -> list[str]:
        """The same run's --report: its results so far, playing nothing."""
        return [*self.command(), "--report"]


def _ladder(name: str, game: str, levels: str, first: int, *extra: str) -> Job:
    argv = ("match", game, "--ladder", "--levels", levels, "--games", "100", "--seed", "11")
    ledger = f"{LEDGERS}/{game}.jsonl"
    return Job(name, (*argv, *extra, "--first", str(first), "--ledger", ledger))


def _bench(name: str, script: str, *args: str, ledger: str) -> Job:
    return Job(name, (f"bench/{script}", *args, "--ledger", f"{LEDGERS}/{ledger}.jsonl"))


_ABALONE = ("--max-plies", "400")
_QUORIDOR = ("--max-plies", "400", "--max-repeats", "10")
_GO = ("--size", "9", "--rules", "chinese", "--komi", "7")

#: The queue, the riskiest rungs first. Rungs met at 100 games before the ledgers
#: (docs/strength.md) are not here; a partly played rung starts at its first game
#: not published.
JOBS: tuple[Job, ...] = (
    _ladder("abalone 9-10", "abalone", "9-10", 77, *_ABALONE),
    _ladder("oust 9-10", "oust", "9-10", 0),
    _ladder("abalone 8-9", "abalone", "8-9", 47, *_ABALONE),
    _ladder("oust 7-9", "oust", "7-9", 0),
    _ladder("quoridor 7-8", "quoridor", "7-8", 34, *_QUORIDOR),
    _ladder("quoridor 8-10", "quoridor", "8-10", 33, *_QUORIDOR),
    _ladder("go 1-7", "go", "1-7", 0, *_GO),
    _ladder("go 8-10", "go", "8-10", 0, *_GO),
    _bench(
        "quoridor 4 players",
        *("strength_levels.py", "quoridor", "--players", "4", "--games", "100", "--seed", "200"),
        ledger="quoridor-4p",
    ),
    _bench(
        "abalone 4 players",
        *("strength_levels.py", "abalone", "--players", "4", "--games", "100", "--seed", "300"),
        *("--max-plies", "300"),
        ledger="abalone-4p",
    ),
    _bench(
        "abalone 10 vs 1", "strength_levels.py", "abalone", "--games", "100", ledger="abalone-10v1"
    ),
    _bench("oust 10 vs 1", "strength_levels.py", "oust", "--games", "100", ledger="oust-10v1"),
    _bench(
        "quoridor vs openspiel",
        *("strength_quoridor.py", "--first", "40", "--games", "60"),
        ledger="quoridor-openspiel",
    ),
)


def chosen(only: list[str] | None) -> list[Job]:
    """The jobs whose names hold one of ``only`` (all with none); an unknown word is an error."""
    if not only:
        return list(JOBS)
    for word in only:
        if not any(word in job.name for job in JOBS):
            names = ", ".join(job.name for job in JOBS)
            raise SystemExit(f"ladders.py: no job named like {word!r} (jobs: {names})")
    return [job for job in JOBS if any(word in job.name for word in only)]


def run_queue(jobs: list[Job], workers: int, logs: Path, poll: float = 5.0) -> int:
    """Run ``jobs`` in order, ``workers`` at a time, each pinned to a core; the number failed."""
    logs.mkdir(parents=True, exist_ok=True)
    cores = sorted(os.sched_getaffinity(0))
    free = cores[:workers]
    running: dict[int, tuple[subprocess.Popen[bytes], Job]] = {}
    waiting = list(jobs)
    failed = 0
    while waiting or running:
        while waiting and free:
            job, core = waiting.pop(0), free.pop(0)
            log = (logs / (job.name.replace(" ", "-") + ".log")).open("ab")
            process = subprocess.Popen(
                job.command(),
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=functools.partial(os.sched_setaffinity, 0, {core}),
            )
            running[core] = (process, job)
            print(f"{time.strftime('%H:%M')} core {core}: {job.name} (log {log.name})", flush=True)
        time.sleep(poll)
        for core, (process, job) in list(running.items()):
            code = process.poll()
            if code is None:
                continue
            del running[core]
            free.append(core)
            failed += code != 0
            print(f"{time.strftime('%H:%M')} core {core}: {job.name} ended ({code})", flush=True)
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="WORD", help="jobs whose names hold WORD")
    parser.add_argument("--workers", type=count, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--logs", type=Path, default=Path("/tmp/tabletop-ladders"))
    parser.add_argument("--status", action="store_true", help="each job's results so far")
    parser.add_argument("--list", action="store_true", help="the jobs and their commands")
    args = parser.parse_args()
    jobs = chosen(args.only)
    if args.list:
        for job in jobs:
            print(f"{job.name}: {' '.join(job.argv)}")
        return 0
    if args.status:
        for job in jobs:
            print(f"== {job.name}", flush=True)
            if not job.ledger.is_file():
                print("no games recorded yet")
                continue
            shown = subprocess.run(job.report_command(), cwd=ROOT, capture_output=True, text=True)
            lines = [x for x in shown.stdout.splitlines() if "(from the ledger)" not in x]
            print("\n".join(lines or shown.stderr.splitlines()[-1:]), flush=True)
        return 0
    return 1 if run_queue(jobs, min(args.workers, len(jobs)), args.logs) else 0


if __name__ == "__main__":
    run_main(main)
