"""The agent contract: choose a move within a budget, analyse a position, stop on request."""

from __future__ import annotations

import math
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State


@dataclass(frozen=True)
class Budget:
    """How much thinking a move may take: seconds, playouts (iterations), or both.

    The search stops at whichever limit comes first; with neither, ``DEFAULT``
    applies.
    """

    seconds: float | None = None
    playouts: int | None = None

    def __post_init__(self) -> None:
        # Written so that NaN fails too (a NaN budget would never run out).
        if self.seconds is not None and not 0 < self.seconds < math.inf:
            raise TabletopError(f"budget seconds={self.seconds}: must be positive and finite")
        if self.playouts is not None and self.playouts <= 0:
            raise TabletopError(f"budget playouts={self.playouts}: must be positive")

    def iterations_at(self, rate: float) -> int:
        """About how many iterations this budget allows a search that runs ``rate`` a
        second (0 with neither limit): what a compiled search sizes its tree for."""
        by_time = None if self.seconds is None else int(self.seconds * rate)
        if self.playouts is None:
            return by_time or 0
        return self.playouts if by_time is None else min(self.playouts, by_time)


DEFAULT_BUDGET = Budget(seconds=1.0)

#: Seconds one call of a compiled search should take (Deadline.run_in_chunks): short
#: enough that a move asked for in 1 s ends within 1.1 s.
CHUNK_SECONDS = 0.01


class Deadline:
    """Tracks one search against its budget and an external stop request."""

    def __init__(self, budget: Budget, stop: threading.Event) -> None:
        self.start = time.perf_counter()
        self.budget = budget
        self._stop = stop
        self.iterations = 0

    def expired(self) -> bool:
        """True once the budget is spent or stop() was called (always allows one iteration)."""
        if self.iterations == 0:
            return False
        if self._stop.is_set():
            return True
        b = self.budget
        if b.playouts is not None and self.iterations >= b.playouts:
            return True
        return b.seconds is not None and time.perf_counter() - self.start >= b.seconds

    @property
    def elapsed(self) -> float:
        """Seconds since the search began."""
        return time.perf_counter() - self.start

    def run_in_chunks(self, run: Callable[[int], object]) -> None:
        """Call ``run(k)`` (k iterations of a compiled search, which cannot look at the
        clock) until the budget is spent, counting the iterations. Each call aims at
        CHUNK_SECONDS, growing at most 4x a call, and at no more than half the time left,
        so a busy machine does not push a move past its limit."""
        chunk = 16
        cap = self.budget.playouts
        seconds = self.budget.seconds
        while not self.expired():
            k = chunk if cap is None else min(chunk, cap - self.iterations)
            started = time.perf_counter()
            run(k)
            self.iterations += k
            rate = k / max(time.perf_counter() - started, 1e-6)
            chunk = max(1, min(4 * chunk, int(rate * CHUNK_SECONDS)))
            if seconds is not None:
                left = seconds - self.elapsed
                chunk = max(1, min(chunk, int(rate * left / 2)))


@dataclass(frozen=True)
class MoveStat:
    """One candidate move in an analysis: how much the search looked at it and what it found."""

    move: Move
    visits: int
    share: float  # fraction of the root's visits
    value: float  # mean return for the player to move, in [-1, 1]


@dataclass(frozen=True)
class Analysis:
    """What a search thinks of a position."""

    values: tuple[float, ...]  # expected return per seat, in [-1, 1]
    moves: list[MoveStat]  # best first
    line: list[Move]  # the principal variation, starting with the best move
    iterations: int = 0
    seconds: float = 0.0
    detail: dict[str, object] = field(default_factory=dict)

    @property
    def best(self) -> Move:
        """The move the search would play."""
        return self.moves[0].move


class Agent(ABC):
    """A computer player. One agent plays one seat of one game at a time."""

    name: str = "agent"
    #: This agent's own budget, which wins over the one a match passes (None: use that).
    budget: Budget | None = None

    def __init__(self) -> None:
        self._stop = threading.Event()

    def stop(self) -> None:
        """Ask a running search (in another thread) to return its best move now."""
        self._stop.set()

    def _deadline(self, budget: Budget | None) -> Deadline:
        self._stop.clear()
        return Deadline(budget or DEFAULT_BUDGET, self._stop)

    def choose(self, state: State, budget: Budget | None = None) -> Move:
        """The move to play in ``state`` (which is not changed)."""
        if state.is_over():
            raise TabletopError("the game is over: there is no move to choose")
        return self.pick(self.analyze(state, budget))

    def move_or_resign(self, state: State, budget: Budget | None = None) -> Move | None:
        """Like choose(), but None when the agent resigns (its analysis says ``resign``)."""
        if state.is_over():
            raise TabletopError("the game is over: there is no move to choose")
        analysis = self.analyze(state, budget)
        return None if analysis.detail.get("resign") else self.pick(analysis)

    def pick(self, analysis: Analysis) -> Move:
        """The move to play from an analysis: the best one (agents with noise override)."""
        return analysis.best

    @abstractmethod
    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        """Values per seat, the best moves and the principal line (``state`` is unchanged)."""

    def observe(self, state: State) -> None:  # noqa: B027  # optional hook
        """Called with the state after each move of the game, for agents that keep a tree."""
