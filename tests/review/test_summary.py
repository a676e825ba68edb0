"""The summary per seat and the key moves."""

from __future__ import annotations

from typing import Any

from tabletop.review.summary import KEY_MOVES, key_moves, summary


def _ply(ply: int, seat: int, drop: float, label: str | None, best: bool = False) -> dict[str, Any]:
    return {"ply": ply, "seat": seat, "drop": drop, "label": label, "best_played": best}


def test_counts_and_accuracy_per_seat() -> None:
    plies = [
        _ply(1, 0, 0.0, None, best=True),
        _ply(2, 1, 0.2, "blunder"),
        _ply(3, 0, 0.12, "mistake"),
        _ply(4, 1, 0.3, None, best=True),  # the best move: no drop counts against it
    ]
    result = summary(plies, 3)
    assert result["0"]["moves"] == 2 and result["0"]["mistake"] == 1
    assert result["1"]["blunder"] == 1 and result["1"]["inaccuracy"] == 0
    assert result["0"]["accuracy"] > result["1"]["accuracy"]
    empty = {"moves": 0, "blunder": 0, "mistake": 0, "inaccuracy": 0, "accuracy": None}
    assert result["2"] == empty


def test_key_moves_are_the_biggest_drops_first() -> None:
    plies = [_ply(p, p % 2, 0.01 * p, None) for p in range(1, 30)]
    assert key_moves(plies) == [29, 28, 27, 26, 25][:KEY_MOVES]
    assert key_moves([_ply(1, 0, 0.04, None)]) == []
