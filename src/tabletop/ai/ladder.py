"""The strength ladder: each level against the level below it, and an Elo table.

A rung is level L+1 in one seat against level L in every other seat (with 2
players the usual pair; with 3-4 players one stronger seat among weaker
ones), the stronger seat rotating round the table. Its score is the mean of
the stronger seat's per-game scores in [0, 1] (tournament.score_of), and the
ladder's Elo is the chain of the rungs' Elo differences starting from level
1 at 0. The issue asks each rung for at least 60% over at least 100 games.

Games can run in several worker processes (``jobs``): every game is an
independent task that rebuilds the game and the agents from their names, so
results do not depend on the number of workers.

A ladder at 100 games a rung takes many hours at the top levels, so with a
``records`` folder it can be stopped and resumed: every finished game is
written at once as ``<upper>-vs-<lower>/game-NNN.json`` with its task (the
seats, seed and ply cap, and each seat's entry in the level table), and a
later run with the same folder counts a recorded game instead of playing it
again when its task is the same. A record that cannot be read, or whose
levels have since changed, is played again and overwritten. A ``ledger``
(tabletop.ai.ledger) does the same with one line a game, small enough to keep
in the repository, so a ladder can also resume on another machine.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from tabletop.ai.agent import Budget
from tabletop.ai.ledger import Ledger, task_key
from tabletop.ai.levels import level_for
from tabletop.ai.specs import make_agent
from tabletop.ai.tournament import Standing, play_game, score_of, write_record
from tabletop.core.game import Game, Outcome
from tabletop.core.registry import load_game

#: The share of points a rung should reach: "each level scores at least 60%".
TARGET = 0.6


@dataclass(frozen=True)
class LadderGame:
    """One game to play: everything a worker process needs, as plain values."""

    game: str
    options: tuple[tuple[str, Any], ...]
    seats: tuple[str, ...]  # agent specs per seat
    strong_seat: int
    seed: int
    max_plies: int | None
    number: int = 0  # the game's number within its rung, from 0
    record: str | None = None  # where the finished game is written (a .json path), if anywhere
    max_repeats: int | None = None  # times one position may stand before a draw
    variant: str | None = None  # a setting the caller names that the level table does not show
    # The stronger seat's iterations a move instead of its level's budget and time cap
    # (a top level at the count its time buys on a quiet core), the other seats' their
    # level's count without the cap: the same games however busy the machine is (a
    # loaded machine would stop the weaker seats short of their count, and the stronger
    # one short of its time's).
    top_iterations: int | None = None

    def description(self, game: Game) -> dict[str, Any]:
        """What makes a recorded game this one: the task and the seats' level entries.

        JSON-shaped, so it compares equal to the copy read back from a record."""
        levels = {spec: asdict(level_for(game, int(spec[3:]))) for spec in sorted(set(self.seats))}
        described = {
            "game": self.game,
            "options": {k: v for k, v in self.options},
            "seats": list(self.seats),
            "strong_seat": self.strong_seat,
            "seed": self.seed,
            "max_plies": self.max_plies,
            "levels": levels,
        }
        if self.max_repeats is not None:  # absent, so records from before it still match
            described["max_repeats"] = self.max_repeats
        if self.variant is not None:  # absent too, so the keys of earlier ledgers stay
            described["variant"] = self.variant
        if self.top_iterations is not None:  # absent too
            described["top_iterations"] = self.top_iterations
        same_as_read_back: dict[str, Any] = json.loads(json.dumps(described))
        return same_as_read_back


@dataclass
class Rung(Standing):
    """Level ``level`` against ``level - 1``: the stronger side's scores (a Standing),
    and the same scores by the seat the stronger side had (``by_seat``): how much of
    a rung's result comes from moving first (at the top of Oust's ladder the first
    player won most games: docs/strength.md, "Figures quoted in the code"; decision
    0056)."""

    level: int = 0
    by_seat: dict[int, list[float]] = field(default_factory=dict)
    seconds: list[float] = field(default_factory=list)  # the stronger side's, a move

    def seat_mean(self, seat: int) -> float | None:
        """The stronger side's mean score from ``seat``, or None with no game there."""
        scores = self.by_seat.get(seat)
        return sum(scores) / len(scores) if scores else None

    @property
    def elo(self) -> float:
        """The Elo difference the mean score implies (clipped at 1% and 99%)."""
        return elo_difference(self.mean)


def elo_difference(score: float) -> float:
    """Elo points between two players when the stronger one scores ``score``."""
    p = min(0.99, max(0.01, score))
    return 400.0 * math.log10(p / (1.0 - p))


def ladder_games(
    game: Game,
    levels: Sequence[int],
    games_per_rung: int,
    seed: int,
    max_plies: int | None,
    below: int | None = None,
    max_repeats: int | None = None,
    first: int = 0,
    variant: str | None = None,
    top_iterations: int | None = None,
) -> Iterator[tuple[int, LadderGame]]:
    """Every game of the ladder as (upper level, task), rungs interleaved so progress is even.

    The other seats play ``upper - 1``, or ``below`` when given (level 10 against
    three level-3 seats is ``levels=[10], below=3``). Games are numbered from 0;
    ``first`` leaves out the games numbered below it (played elsewhere); ``variant``
    goes into every task (and so into its ledger key), and so does ``top_iterations``
    (the upper seat's fixed work a move, the others' their level's count:
    :attr:`LadderGame.top_iterations`)."""
    n = game.num_players
    options = tuple(sorted((k, v) for k, v in game.options.items() if v is not None))
    for number in range(first, games_per_rung):
        for upper in levels:
            strong = number % n
            lower = upper - 1 if below is None else below
            seats = tuple(f"ai:{upper if s == strong else lower}" for s in range(n))
            task_seed = seed + 1000 * upper + number
            yield (
                upper,
                LadderGame(
                    *(game.name, options, seats, strong, task_seed, max_plies),
                    number=number,
                    max_repeats=max_repeats,
                    variant=variant,
                    top_iterations=top_iterations,
                ),
            )


def rung_name(task: LadderGame) -> str:
    """``<upper>-vs-<lower>``: the levels of a task's rung."""
    upper = task.seats[task.strong_seat]
    lower = task.seats[(task.strong_seat + 1) % len(task.seats)]
    return f"{upper[3:]}-vs-{lower[3:]}"


def record_path(folder: Path, task: LadderGame) -> Path:
    """Where ``task``'s game is recorded: ``<upper>-vs-<lower>/game-NNN.json``."""
    return folder / rung_name(task) / f"game-{task.number + 1:03d}.json"


@dataclass(frozen=True)
class RungGame:
    """What a rung keeps of one game: the stronger seat's score and result, and how long
    it thought for each of its moves (empty for records from before times were kept)."""

    score: float
    won: bool
    drawn: bool
    seconds: tuple[float, ...] = ()
    outcome: Outcome | None = None


def _result(
    outcome: Outcome, strong_seat: int, thinking: Sequence[Sequence[float]] = ()
) -> RungGame:
    return RungGame(
        score_of(outcome, strong_seat),
        strong_seat in outcome.winners,
        not outcome.winners,
        tuple(float(seconds) for seat, seconds in thinking if seat == strong_seat),
        outcome,
    )


def play_ladder_game(task: LadderGame) -> RungGame:
    """Play one task (and record it where it says)."""
    game = load_game(task.game, **dict(task.options))
    agents = [make_agent(spec, game, task.seed + s) for s, spec in enumerate(task.seats)]
    if task.top_iterations is not None:
        for seat, agent in enumerate(agents):
            assert agent.budget is not None  # a level's agent has its level's budget
            agent.budget = (
                Budget(playouts=task.top_iterations)
                if seat == task.strong_seat
                else replace(agent.budget, seconds=None)  # its own count, no time cap
            )
    result = play_game(game, agents, Budget(seconds=3.0), task.max_plies, task.max_repeats)
    if task.record is not None:
        stem = Path(task.record).with_suffix("")
        write_record(stem, result, {"ladder": task.description(game)})
    return _result(result.outcome, task.strong_seat, result.thinking)


def recorded_result(game: Game, task: LadderGame, ledger: Ledger | None = None) -> RungGame | None:
    """The result of ``task`` from its record file or from ``ledger``, or None when
    there is no usable record of this very task (missing, unreadable, or made with
    other settings)."""
    return _from_record(game, task) or _from_ledger(game, task, ledger)


def _from_ledger(game: Game, task: LadderGame, ledger: Ledger | None) -> RungGame | None:
    found = None if ledger is None else ledger.result(task_key(task.description(game)))
    if found is None or len(found[0].returns) != game.num_players:
        return None
    return _result(found[0], task.strong_seat, found[1])


def _from_record(game: Game, task: LadderGame) -> RungGame | None:
    if task.record is None:
        return None
    try:
        data = json.loads(Path(task.record).read_text())
        if data.get("ladder") != task.description(game):
            return None
        outcome = Outcome.from_dict(data["outcome"])
        if len(outcome.returns) != game.num_players:
            return None
        return _result(outcome, task.strong_seat, data.get("thinking", ()))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def run_ladder(
    game: Game,
    levels: Sequence[int],
    games_per_rung: int,
    jobs: int = 1,
    seed: int = 0,
    max_plies: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    below: int | None = None,
    records: Path | None = None,
    max_repeats: int | None = None,
    play: bool = True,
    ledger: Path | None = None,
    first: int = 0,
    variant: str | None = None,
    setup: Callable[[], None] | None = None,
    top_iterations: int | None = None,
) -> list[Rung]:
    """Play every rung ``level`` vs ``level - 1`` (or vs ``below``) for the given upper
    levels; the rungs. ``max_plies`` and ``max_repeats`` adjudicate endless games as
    draws (tournament.play_game). With ``records``, every game is recorded there and games
    already recorded by an earlier run with the same settings are counted, not
    replayed (see the module docstring); with ``ledger`` the same, from and to a
    results ledger file. With ``play=False`` only the recorded games count and
    nothing is played (a report on a ladder still running). ``first`` leaves out
    each rung's games numbered below it. ``variant`` names a setting the level table does
    not show (a benchmark's evaluation weights, say) and is part of every game's key;
    ``setup`` (picklable) puts that setting in place, here and in every worker process
    before its first game. ``top_iterations`` fixes every seat's work a move, the upper
    levels' at that count (:attr:`LadderGame.top_iterations`)."""
    rungs = {level: Rung(f"ai:{level}", level=level) for level in levels}
    tasks = list(
        ladder_games(
            game,
            levels,
            games_per_rung,
            seed,
            max_plies,
            below,
            max_repeats,
            first,
            variant,
            top_iterations,
        )
    )
    if records is not None:
        tasks = [(upper, replace(t, record=str(record_path(records, t)))) for upper, t in tasks]
    kept = None if ledger is None else Ledger(ledger)

    def played(upper: int, task: LadderGame, result: RungGame, done: int) -> None:
        if kept is not None and result.outcome is not None:
            about = {"rung": rung_name(task), "number": task.number, "seed": task.seed}
            key = task_key(task.description(game))
            kept.append(key, about, result.outcome, task.strong_seat, result.seconds)
        record(upper, task, result, done)

    def record(upper: int, task: LadderGame, result: RungGame, done: int) -> None:
        rung = rungs[upper]
        rung.scores.append(result.score)
        rung.by_seat.setdefault(task.strong_seat, []).append(result.score)
        rung.seconds.extend(result.seconds)
        if result.won:
            rung.wins += 1
        elif result.drawn:
            rung.draws += 1
        else:
            rung.losses += 1
        if progress is not None:
            progress(done, len(tasks))

    done = 0
    to_play = []
    for upper, task in tasks:
        earlier = recorded_result(game, task, kept)
        if earlier is None:
            to_play.append((upper, task))
        else:
            done += 1
            # A game in the records but not yet in the ledger is copied there.
            copy = play and kept is not None and task_key(task.description(game)) not in kept
            (played if copy else record)(upper, task, earlier, done)
    if not play:
        return [rungs[level] for level in levels]
    if setup is not None:
        setup()
    if jobs <= 1:
        for upper, task in to_play:
            done += 1
            played(upper, task, play_ladder_game(task), done)
    else:
        with ProcessPoolExecutor(max_workers=jobs, initializer=setup) as pool:
            results = pool.map(play_ladder_game, [task for _, task in to_play])
            for (upper, task), result in zip(to_play, results, strict=True):
                done += 1
                played(upper, task, result, done)
    return [rungs[level] for level in levels]


def elo_table(rungs: Sequence[Rung]) -> str:
    """The ladder as text: per level its Elo (level of the first rung's lower side at 0)."""
    rows = [
        f"{'level':>5}{'Elo':>7}  {'vs below':>8}  {'95% interval':<15}"
        f"{'games':>6}{'wins':>6}{'draws':>6}{'losses':>7}  60%?  {'moving first':>12}"
        f"  {'s/move mean, max':>16}"
    ]
    if not rungs:
        return rows[0]
    elo: float | None = 0.0
    rows.append(f"{rungs[0].level - 1:>5}{0:>7.0f}")
    for rung in rungs:
        if not rung.scores:  # nothing recorded yet: no score, and no Elo from here up
            elo = None
            rows.append(f"{rung.level:>5}{'-':>7}  {'-':>8}  {'':<15}{0:>6}")
            continue
        elo = None if elo is None else elo + rung.elo
        lo, hi = rung.interval()
        verdict = "yes" if rung.mean >= TARGET else "no"
        shown = "-" if elo is None else f"{elo:.0f}"
        first = rung.seat_mean(0)
        rows.append(
            f"{rung.level:>5}{shown:>7}  {rung.mean:>8.1%}  {lo:>5.1%} - {hi:<6.1%}"
            f"{len(rung.scores):>6}{rung.wins:>6}{rung.draws:>6}{rung.losses:>7}  {verdict:<4}"
            f"  {'-' if first is None else f'{first:.1%}':>12}"
            f"  {_thinking(rung.seconds):>16}"
        )
    return "\n".join(rows)


def _thinking(seconds: Sequence[float]) -> str:
    """The mean and the longest of a level's thinking times, or - when none were kept."""
    if not seconds:
        return "-"
    return f"{sum(seconds) / len(seconds):.2f}, {max(seconds):.2f}"
