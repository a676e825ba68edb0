"""The labels of a move by the mover's drop in winning chances, and a move's accuracy.

The thresholds are lichess's: a drop of 0.1, 0.2 and 0.3 on its -1..1 scale,
which is 0.05, 0.10 and 0.15 of a chance in 0..1 (decision record 0112).
"""

from __future__ import annotations

import math

#: The labels, the worst first, with the least drop of the mover's own chance each takes.
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.15),
    ("mistake", 0.10),
    ("inaccuracy", 0.05),
)

LABELS: tuple[str, ...] = tuple(name for name, _ in THRESHOLDS)


def label_for(drop: float, matches_best: bool) -> str | None:
    """The label of a move that lowered its mover's chance by ``drop`` (None: no label).
    A move that is the best move found is never labelled: its drop is the search's own
    noise between two positions, not the player's error."""
    if matches_best:
        return None
    for name, least in THRESHOLDS:
        if drop >= least:
            return name
    return None


def move_accuracy(drop: float) -> float:
    """A move's accuracy in percent from its drop in the mover's chance: 100 for no drop,
    falling off exponentially (lichess's published curve on win-percent points, about
    81 for a 5-point drop and 50 for a 17-point one)."""
    points = max(0.0, drop) * 100.0
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))
