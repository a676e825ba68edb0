"""Matches between agents: games with rotating seats, scores with 95% intervals, records.

A game's score for an agent is its seat's return mapped to [0, 1] (a win 1,
a draw 0.5, a loss 0, for two players; the same mapping for 3 and 4 seats).
The interval is the normal approximation over the per-game scores, which is
what the ladder's "60% over 100 games" and the strength targets are read from.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.ai.agent import Agent, Budget
from tabletop.core.game import Game, Outcome, State
from tabletop.core.registry import facts_of


@dataclass
class GameResult:
    """One finished game: who sat where, how it ended, the final state."""

    seats: list[str]  # agent name per seat
    outcome: Outcome
    state: State
    resigned: int | None = None  # the seat that resigned, if any
    thinking: list[tuple[int, float]] = field(default_factory=list)  # (seat, seconds) a move


@dataclass
class Standing:
    """One agent's record over a match."""

    name: str
    scores: list[float] = field(default_factory=list)
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def mean(self) -> float:
        """Average score in [0, 1]."""
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    def interval(self) -> tuple[float, float]:
        """95% confidence interval of the mean score (normal approximation)."""
        n = len(self.scores)
        if n < 2:
            return (0.0, 1.0)
        m = self.mean
        var = sum((s - m) ** 2 for s in self.scores) / (n - 1)
        half = 1.96 * math.sqrt(var / n)
        return (max(0.0, m - half), min(1.0, m + half))


def play_game(
    game: Game,
    agents: Sequence[Agent],
    budget: Budget,
    max_plies: int | None = None,
    max_repeats: int | None = None,
) -> GameResult:
    """Play one game, ``agents[s]`` at seat s.

    Two adjudications end a game early as an unofficial draw (the rules have
    neither; docs/rules/README.md §3.5 lets programs cap games): ``max_plies``,
    and ``max_repeats``, the number of times one position may stand on the
    board. Both searches value a repetition as a draw, so a position seen
    that often is a stand-off both sides chose, and without it a Quoridor
    stand-off runs to the ply cap (decision 0054)."""
    state = game.new_state()
    n = game.num_players
    resigned = None
    seen: Counter[int] = Counter([state.zobrist])
    repeated = False
    thinking: list[tuple[int, float]] = []
    while not state.is_over():
        if max_plies is not None and state.ply >= max_plies:
            break
        seat = state.to_move
        assert seat is not None
        agent = agents[seat]
        started = time.perf_counter()
        move = agent.move_or_resign(state, agent.budget or budget)
        thinking.append((seat, time.perf_counter() - started))
        if move is None:
            resigned = seat
            break
        state.play(move)
        if max_repeats is not None:
            key = state.zobrist
            seen[key] += 1
            if seen[key] >= max_repeats and not state.is_over():
                repeated = True
                break
    outcome = state.outcome()
    if resigned is not None:
        loss = -1.0 / (n - 1)
        returns = tuple(loss if s == resigned else 1.0 / (n - 1) for s in range(n))
        winners = tuple(s for s in range(n) if s != resigned)
        outcome = Outcome(returns, winners, "resignation", {"seat": resigned})
    elif outcome is None and repeated:
        detail = {"plies": state.ply, "repeats": max_repeats}
        outcome = Outcome((0.0,) * n, (), "repetition", detail)
    elif outcome is None:
        outcome = Outcome((0.0,) * n, (), "max-plies", {"plies": state.ply})
    return GameResult([a.name for a in agents], outcome, state, resigned, thinking)


def score_of(outcome: Outcome, seat: int) -> float:
    """A seat's result in [0, 1]: its return mapped from [-1, 1]."""
    return (max(-1.0, min(1.0, outcome.returns[seat])) + 1.0) / 2.0


def run_match(
    game: Game,
    agents: Sequence[Agent],
    games: int,
    budget: Budget,
    max_plies: int | None = None,
    records: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_repeats: int | None = None,
) -> list[Standing]:
    """Play ``games`` games, rotating the agents through the seats; the standings.

    With 2 seats and 2 agents each plays each colour in turn. With more seats
    than agents, the agents are repeated round the table.
    """
    n = game.num_players
    standings = {id(a): Standing(a.name) for a in agents}
    for number in range(games):
        seated = [agents[(number + s) % len(agents)] for s in range(n)]
        result = play_game(game, seated, budget, max_plies, max_repeats)
        for s, agent in enumerate(seated):
            standing = standings[id(agent)]
            score = score_of(result.outcome, s)
            standing.scores.append(score)
            if s in result.outcome.winners:
                standing.wins += 1
            elif not result.outcome.winners:
                standing.draws += 1
            else:
                standing.losses += 1
        if records is not None:
            write_record(records / f"game-{number + 1:03d}", result)
        if progress is not None:
            progress(number + 1, games)
    return list(standings.values())


def record_of(result: GameResult) -> dict[str, Any]:
    """A finished game as JSON data: the state's record plus the seats, the outcome and
    each move's thinking time."""
    record = result.state.to_dict()
    record["seats"] = result.seats
    record["outcome"] = result.outcome.to_dict()
    # Who thought how long for each move (a move may be a seat's second in a row: Oust).
    record["thinking"] = [[seat, round(seconds, 3)] for seat, seconds in result.thinking]
    return record


def write_record(stem: Path, result: GameResult, extra: dict[str, Any] | None = None) -> None:
    """``stem.json`` (and ``stem.sgf`` for Go), with ``extra`` keys added to the JSON.

    Each file is written whole or not at all (a temporary file renamed into
    place), so a match killed mid-write leaves no half record behind for a
    resumed ladder to trust."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    record = record_of(result)
    record.update(extra or {})
    _write_atomically(stem.with_suffix(".json"), (json.dumps(record, indent=1) + "\n").encode())
    # The game's own formats besides JSON (Go's SGF), from its facts.
    resigned = result.outcome if result.resigned is not None else None
    for fmt in facts_of(result.state.game).records.values():
        data = fmt.write(result.state, result.seats, resigned)
        _write_atomically(stem.with_suffix(f".{fmt.name}"), data)


def _write_atomically(path: Path, data: bytes) -> None:
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    partial.replace(path)


def table(standings: Sequence[Standing]) -> str:
    """The results as a text table, best first."""
    rows = [
        f"{'agent':<28}{'games':>6}{'wins':>6}{'draws':>6}{'losses':>7}{'score':>8}  95% interval"
    ]
    for st in sorted(standings, key=lambda s: s.mean, reverse=True):
        lo, hi = st.interval()
        rows.append(
            f"{st.name:<28}{len(st.scores):>6}{st.wins:>6}{st.draws:>6}{st.losses:>7}"
            f"{st.mean:>8.1%}  {lo:.1%} - {hi:.1%}"
        )
    return "\n".join(rows)
