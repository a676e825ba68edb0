"""Timing helpers shared by the benchmarks (best-of rounds against a noisy machine)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tabletop.ai.agent import Agent, Analysis, Budget
from tabletop.core.game import Move, State


class Timed(Agent):
    """Another agent, with the wall seconds of each of its searches recorded."""

    def __init__(self, inner: Agent) -> None:
        super().__init__()
        self.inner = inner
        self.name = inner.name
        self.budget = inner.budget
        self.seconds: list[float] = []

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        start = time.perf_counter()
        analysis = self.inner.analyze(state, budget)
        self.seconds.append(time.perf_counter() - start)
        return analysis

    def pick(self, analysis: Analysis) -> Move:
        return self.inner.pick(analysis)  # keep the level's own choice (its noise)

    def stop(self) -> None:
        self.inner.stop()

    def observe(self, state: State) -> None:
        self.inner.observe(state)


def per_call(fn: Callable[[], Any], repeat: int) -> float:
    """Best-of-5 seconds per call of fn."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def play_cost(
    copy: Callable[[], Any], actions: list[int], apply: Callable[[Any, int], None]
) -> float:
    """Seconds per play() call, best of 5 rounds: 200 copies (made outside the timing)
    each play the whole line."""
    best = float("inf")
    for _ in range(5):
        states = [copy() for _ in range(200)]
        start = time.perf_counter()
        for state in states:
            for action in actions:
                apply(state, action)
        best = min(best, (time.perf_counter() - start) / (len(states) * len(actions)))
    return best


def print_costs(rows: list[tuple[str, float]], peer: dict[str, float], note: str) -> None:
    """Per-call costs (seconds) as a table beside OpenSpiel's, with the ratio."""
    print(f"  {'call':<16}{'tabletop':>12}{'OpenSpiel':>12}{'ratio':>8}   ({note})")
    for name, cost in rows:
        if name in peer:
            ratio = f"{cost / peer[name]:.2f}x"
            theirs_us = f"{peer[name] * 1e6:.2f} us"
        else:
            ratio, theirs_us = "-", "-"
        print(f"  {name:<16}{cost * 1e6:>9.2f} us{theirs_us:>12}{ratio:>8}")
