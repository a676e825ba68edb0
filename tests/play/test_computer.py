"""The worker functions for computer seats and hints: plain data in, plain data out."""

from __future__ import annotations

import tabletop
from tabletop.play.computer import hint, rebuild, think


def test_think_returns_a_legal_move_in_notation() -> None:
    state = tabletop.load_game("quoridor").new_state()
    state.play("e2")
    job = {"state": state.to_dict(), "level": 1, "seed": 7}
    move = think(job)
    assert move in {state.format_move(m) for m in state.legal_moves()}
    assert think(job) == move  # seeded: the same answer


def test_hint_lists_moves_values_and_a_line() -> None:
    state = tabletop.load_game("oust", size=4).new_state()
    result = hint({"state": state.to_dict(), "level": 1, "seed": 1})
    assert 1 <= len(result["moves"]) <= 5
    assert len(result["values"]) == 2
    for move in result["moves"]:
        assert 0.0 <= move["chance"] <= 1.0 and move["visits"] >= 0
    assert result["line"][0] == result["moves"][0]["move"] or result["line"]


def test_rebuild_keeps_go_resumptions() -> None:
    state = tabletop.load_game("go", size=5).new_state()
    for move in ("C3", "pass", "pass"):
        state.play(move)
    state.resume()  # type: ignore[attr-defined]
    state.play("B2")
    assert rebuild(state.to_dict()) == state
