"""bench/fit_go_patterns.py: tactics read right, the fit learns a preference, ties share."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from tabletop.games.go import kernels
from tests.games.go.helpers import point, position

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import fit_go_patterns as fit  # noqa: E402


def tactics_of(black: str, white: str) -> dict[str, str]:
    """The tactic of each candidate move for Black, by move name."""
    state = position(black=black, white=white, to_move="black")
    n = state.game.size
    out = np.empty(((n + 2) ** 2, 5), dtype=np.int64)
    k = fit.candidates(state._board, state._links, state._stats, n, 1, -1, -1, False, out)
    names = {point(state, f"{c}{r}"): f"{c}{r}" for c in "ABCDEFGHJ" for r in range(1, 10)}
    return {names[int(row[0])]: fit.TACTICS[int(row[2])] for row in out[:k]}


def test_a_capture_an_escape_and_a_self_atari_are_told_apart() -> None:
    # White's D5 is in atari at D6; Black's A1 is in atari at B1 and escapes there...
    found = tactics_of("C5 E5 D4 A1", "D5 A2")
    assert found["D6"] == "capture" and found["B1"] == "escape"
    # ... unless White's C1 makes B1 a self-atari of two stones.
    assert tactics_of("C5 E5 D4 A1", "D5 A2 C1")["B1"] == "self-atari"
    assert kernels.BLACK == 1


def test_the_fit_prefers_the_feature_always_played() -> None:
    # 50 positions of three candidates: feature 1 is played, 0 and 2 are not.
    x = np.tile(np.array([[0], [1], [2]]), (50, 1))
    y = np.tile(np.array([False, True, False]), 50)
    seg = np.arange(0, 150, 3)
    theta = fit.fit(x, y, seg, 3, 200, 0.001)
    assert theta[1] > theta[0] + 1 and theta[1] > theta[2] + 1


def test_tied_moves_share_the_top_1_credit(capsys: pytest.CaptureFixture[str]) -> None:
    scores = np.array([1.0, 1.0, 0.0, 2.0, 0.5])
    played = np.array([True, False, False, True, False])
    fit.report("x", scores, played, np.array([0, 3]))
    # First position: tied with one other at the top (1/2); second: the best (1).
    assert "top-1 75.0%" in capsys.readouterr().out
