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
    python bench/ladders.py --only "go 1" oust   # these jobs, in this order
    python bench/ladders.py --list           # the jobs and their commands
    python bench/ladders.py --tables         # docs/strength.md's ladder tables
    python bench/ladders.py --write-tables docs/strength.md   # ... put in place

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
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import tabletop
from arguments import count, run_main
from tabletop.ai.ladder import TARGET, Rung, run_ladder
from tabletop.ai.levels import MAX_LEVEL, MIN_LEVEL
from tabletop.ai.tournament import Standing
from tabletop.cli import _option_pairs, _parser

ROOT = Path(__file__).resolve().parents[1]
LEDGERS = "docs/ladder"
GAMES = 100  # a rung's games: "at least 100 games per pair"
SEED = 11  # every ladder's seed, so a rung's games are the same in every run


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


@dataclass(frozen=True)
class Published:
    """A rung's games 0 to ``games - 1``, played before the ledgers and published in
    docs/strength.md; their records were lost, so only these tallies remain."""

    games: int
    wins: int
    draws: int

    def scores(self) -> list[float]:
        """The higher level's per-game scores the tallies imply (1, a half, 0)."""
        losses = self.games - self.wins - self.draws
        return [1.0] * self.wins + [0.5] * self.draws + [0.0] * losses


#: Rungs with games published before the ledgers (2026-11-23): game, higher
#: level, games, wins, draws. The numbers are docs/strength.md's: 100 games, or
#: the games a partly played rung had; its job resumes at the first game not here.
#: Abalone's 9-10 rung is not here: its 77 published games were the old level 10's
#: (the generic alpha-beta, before decision 0135), so the rung is played again from
#: game 0 (issue 15).
_PUBLISHED_ROWS: tuple[tuple[str, int, int, int, int], ...] = (
    ("abalone", 2, 100, 45, 40),
    ("abalone", 3, 100, 86, 8),
    ("abalone", 4, 100, 85, 0),
    ("abalone", 5, 100, 91, 2),
    ("abalone", 6, 100, 75, 0),
    ("abalone", 7, 100, 73, 0),
    ("abalone", 8, 100, 89, 1),
    ("abalone", 9, 47, 34, 0),
    ("quoridor", 2, 100, 92, 0),
    ("quoridor", 3, 100, 73, 1),
    ("quoridor", 4, 100, 72, 0),
    ("quoridor", 5, 100, 64, 2),
    ("quoridor", 6, 100, 65, 7),
    ("quoridor", 7, 100, 51, 19),
    ("quoridor", 8, 34, 29, 1),
    ("quoridor", 9, 33, 22, 0),
    ("oust", 2, 100, 67, 0),
    ("oust", 3, 100, 70, 0),
    ("oust", 4, 100, 68, 0),
    ("oust", 5, 100, 70, 0),
    ("oust", 6, 100, 63, 0),
    ("oust", 7, 100, 68, 0),
    ("go", 8, 100, 71, 5),
)
#: The same rows by (game, higher level).
PUBLISHED: dict[tuple[str, int], Published] = {
    (game, level): Published(games, wins, draws)
    for game, level, games, wins, draws in _PUBLISHED_ROWS
}

#: Each game's ladder options: the same in every job and table, since a ledger
#: line's digest holds them.
LADDER_OPTIONS: dict[str, tuple[str, ...]] = {
    "abalone": ("--max-plies", "400"),
    "quoridor": ("--max-plies", "400", "--max-repeats", "10"),
    "oust": (),
    "go": ("--size", "9", "--rules", "chinese", "--komi", "7"),
}


def _ladder(name: str, game: str, levels: str) -> Job:
    """The job playing the rungs ``levels`` from the first game not published."""
    low, high = (int(x) for x in levels.split("-"))
    published = {
        PUBLISHED.get((game, level), Published(0, 0, 0)).games for level in range(low + 1, high + 1)
    }
    assert len(published) == 1, f"{name}: its rungs resume at different games"
    argv = (
        "match",
        game,
        "--ladder",
        "--levels",
        levels,
        "--games",
        str(GAMES),
        "--seed",
        str(SEED),
    )
    ledger = f"{LEDGERS}/{game}.jsonl"
    return Job(name, (*argv, *LADDER_OPTIONS[game], "--first", str(*published), "--ledger", ledger))


def _bench(name: str, script: str, *args: str, ledger: str) -> Job:
    return Job(name, (f"bench/{script}", *args, "--ledger", f"{LEDGERS}/{ledger}.jsonl"))


#: The queue, the riskiest rungs first. Rungs met at 100 games before the ledgers
#: (docs/strength.md) are not here; a partly played rung starts at its first game
#: not published.
JOBS: tuple[Job, ...] = (
    _ladder("abalone 9-10", "abalone", "9-10"),
    _ladder("oust 9-10", "oust", "9-10"),
    _ladder("abalone 8-9", "abalone", "8-9"),
    _ladder("oust 7-9", "oust", "7-9"),
    _ladder("quoridor 7-8", "quoridor", "7-8"),
    _ladder("quoridor 8-9", "quoridor", "8-9"),
    _ladder("quoridor 9-10", "quoridor", "9-10"),
    _ladder("go 1-7", "go", "1-7"),
    _ladder("go 8-10", "go", "8-10"),
    _bench(
        "quoridor 4 players",
        *("strength_levels.py", "quoridor", "--players", "4", "--games", "100", "--seed", "200"),
        ledger="quoridor-4p",
    ),
    # The row 4 players weigh by default (decision 0188), named: a ledger key holds a
    # named row's digest, so abalone-4p.jsonl's games (today's row) are not counted.
    _bench(
        "abalone 4 players",
        *("strength_levels.py", "abalone", "--players", "4", "--games", "100", "--seed", "300"),
        *("--max-plies", "300", "--team-weights", "fitted"),
        ledger="abalone-4p-weights",
    ),
    _bench(
        "abalone 10 vs 1", "strength_levels.py", "abalone", "--games", "100", ledger="abalone-10v1"
    ),
    _bench("oust 10 vs 1", "strength_levels.py", "oust", "--games", "100", ledger="oust-10v1"),
    _bench(
        "quoridor vs openspiel",
        *("strength_quoridor.py", "--games", "100"),
        ledger="quoridor-openspiel",
    ),
)


_TABLE_HEADER = "| rung | games | higher level scores | 95% interval | draws | 100 games, >= 60% |"


def ladder_table(name: str, ledgers: Path = ROOT / LEDGERS) -> str:
    """docs/strength.md's table of ``name``'s ladder: each rung's published games
    (PUBLISHED) and the ledger's games after them, the target's verdict at 100."""
    uppers = range(MIN_LEVEL + 1, MAX_LEVEL + 1)
    rule = "| --- | --- | --- | --- | --- | --- |"
    return "\n".join([_TABLE_HEADER, rule, *rung_rows(name, uppers, ledgers)])


def rung_rows(name: str, uppers: Iterable[int], ledgers: Path = ROOT / LEDGERS) -> list[str]:
    """The table rows of ``name``'s rungs up to each level of ``uppers``."""
    args, extra = _parser().parse_known_args(["match", name, "--ladder", *LADDER_OPTIONS[name]])
    game = tabletop.load_game(name, **_option_pairs(extra, name))
    rows = []
    for upper in uppers:
        published = PUBLISHED.get((name, upper), Published(0, 0, 0))
        rung = Rung(f"ai:{upper}", level=upper)
        if published.games < GAMES:
            (rung,) = run_ladder(
                *(game, [upper], GAMES),
                seed=SEED,
                max_plies=args.max_plies,
                max_repeats=args.max_repeats,
                play=False,
                ledger=ledgers / f"{name}.jsonl",
                first=published.games,
            )
        rows.append(f"| {name.capitalize()} {upper - 1}-{upper} | {_row(published, rung)} |")
    return rows


def published_rows(job: Job, ledgers: Path = ROOT / LEDGERS) -> list[str]:
    """A ladder job's rows of its game's table (published and ledger games together)
    when its rungs have published games: the job's own report counts only the
    ledger's, so its 60% verdict there is not the rung's."""
    if job.argv[0] != "match":
        return []
    args, _ = _parser().parse_known_args(job.argv)
    if not args.first:
        return []
    low, high = (int(x) for x in args.levels.split("-"))
    return rung_rows(args.game, range(low + 1, high + 1), ledgers)


def with_tables(text: str, tables: dict[str, str]) -> str:
    """``text`` (docs/strength.md) with each game's ladder table replaced by
    ``tables[game]``: the header, its rule and the rows naming the game's rungs."""
    lines = text.split("\n")
    for name, table in tables.items():
        row = f"| {name.capitalize()} "
        starts = [
            i
            for i in range(len(lines) - 2)
            if lines[i] == _TABLE_HEADER and lines[i + 2].startswith(row)
        ]
        if len(starts) != 1:
            raise SystemExit(f"ladders.py: {len(starts)} tables of {name}'s ladder, not one")
        end = starts[0] + 2
        while end < len(lines) and lines[end].startswith(row):
            end += 1
        lines[starts[0] : end] = table.split("\n")
    return "\n".join(lines)


def _row(published: Published, later: Rung) -> str:
    """A rung's cells after its name: published games and the ledger's, together."""
    both = Standing("both", published.scores() + later.scores, draws=published.draws + later.draws)
    games = len(both.scores)
    if not games:
        return f"0 | - | - | - | 0 of {GAMES}"
    if 0 < published.games < GAMES:
        shown = f"{published.games} + {len(later.scores)} = {games}"
    else:
        shown = str(games)
    verdict = f"{games} of {GAMES}" if games < GAMES else "yes" if both.mean >= TARGET else "no"
    lo, hi = both.interval()
    return f"{shown} | {both.mean:.1%} | {lo:.1%}-{hi:.1%} | {both.draws} | {verdict}"


def chosen(only: list[str] | None) -> list[Job]:
    """The jobs whose names hold one of ``only``, in the order of the words (a job
    matching two words goes by the first); all with none. An unknown word is an error."""
    if not only:
        return list(JOBS)
    picked: list[Job] = []
    for word in only:
        matching = [job for job in JOBS if word in job.name]
        if not matching:
            names = ", ".join(job.name for job in JOBS)
            raise SystemExit(f"ladders.py: no job named like {word!r} (jobs: {names})")
        picked += [job for job in matching if job not in picked]
    return picked


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
    parser.add_argument(
        "--only", nargs="+", metavar="WORD", help="jobs whose names hold WORD, in this order"
    )
    parser.add_argument("--workers", type=count, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--logs", type=Path, default=Path("/tmp/tabletop-ladders"))
    parser.add_argument("--status", action="store_true", help="each job's results so far")
    parser.add_argument("--list", action="store_true", help="the jobs and their commands")
    parser.add_argument(
        "--tables", action="store_true", help="docs/strength.md's ladder tables, from the ledgers"
    )
    parser.add_argument(
        "--write-tables",
        type=Path,
        metavar="FILE",
        help="replace the ladder tables in FILE (docs/strength.md) with --tables' ones",
    )
    args = parser.parse_args()
    if args.tables or args.write_tables:
        tables = {name: ladder_table(name) for name in LADDER_OPTIONS}
        if args.write_tables:
            args.write_tables.write_text(with_tables(args.write_tables.read_text(), tables))
        else:
            print("\n\n".join(tables.values()) + "\n")
        return 0
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
            if rows := published_rows(job):
                print("with the games published before the ledgers:")
                print("\n".join([_TABLE_HEADER, *rows]), flush=True)
        return 0
    return 1 if run_queue(jobs, min(args.workers, len(jobs)), args.logs) else 0


if __name__ == "__main__":
    run_main(main)
