"""A review's summary per seat (label counts and accuracy) and its key moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.review.labels import LABELS, THRESHOLDS, move_accuracy

#: The most key moves a review names.
KEY_MOVES = 5


def summary(plies: Sequence[dict[str, Any]], seats: int) -> dict[str, dict[str, Any]]:
    """Per seat (keyed by its number, as text for JSON): how many moves it made, how many
    of each label they got, and its accuracy (the mean of its moves' accuracies, 0-100;
    None when it made no move reviewed)."""
    result: dict[str, dict[str, Any]] = {}
    for seat in range(seats):
        own = [p for p in plies if p["seat"] == seat]
        counts: dict[str, Any] = {name: sum(p["label"] == name for p in own) for name in LABELS}
        accuracies = [move_accuracy(0.0 if p["best_played"] else p["drop"]) for p in own]
        result[str(seat)] = {
            "moves": len(own),
            **counts,
            "accuracy": round(sum(accuracies) / len(accuracies), 1) if accuracies else None,
        }
    return result


def key_moves(plies: Sequence[dict[str, Any]]) -> list[int]:
    """The plies where the game turned: the biggest drops of the mover's chance (at least
    an inaccuracy's), biggest first, KEY_MOVES at most."""
    least = THRESHOLDS[-1][1]
    turning = [p for p in plies if p["drop"] >= least]
    turning.sort(key=lambda p: (-p["drop"], p["ply"]))
    return [p["ply"] for p in turning[:KEY_MOVES]]
