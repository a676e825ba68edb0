"""Labels by the mover's drop in chance, and a move's accuracy."""

from __future__ import annotations

import pytest

from tabletop.review.labels import label_for, move_accuracy


@pytest.mark.parametrize(
    ("drop", "label"),
    [
        (0.0, None),
        (0.0499, None),
        (0.05, "inaccuracy"),
        (0.0999, "inaccuracy"),
        (0.10, "mistake"),
        (0.15, "blunder"),
        (0.9, "blunder"),
        (-0.3, None),
    ],
)
def test_the_thresholds_are_lichess_s(drop: float, label: str | None) -> None:
    assert label_for(drop, matches_best=False) == label


def test_the_best_move_is_never_labelled() -> None:
    assert label_for(0.5, matches_best=True) is None


def test_accuracy_falls_with_the_drop() -> None:
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(-0.2) == move_accuracy(0.0)
    assert 75 < move_accuracy(0.05) < 85
    assert move_accuracy(0.05) > move_accuracy(0.15) > move_accuracy(1.0) >= 0.0
