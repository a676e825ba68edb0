"""The compiled search's "published" weights are the reference opponent's evaluation
(bench/abalone_ref, written from ABA-PRO, Lemmens and Chorus) on our terms: the same
value on any position, with ABA-PRO's reference point (the board centre with both
sides' centres of mass) and sums over marbles, as the papers describe (decision 0170)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.ai.abalone import evaluation
from tabletop.ai.abalone.agent import published_weights
from tabletop.games.abalone import geometry
from tabletop.games.abalone.layouts import LAYOUTS_2P
from tabletop.games.abalone.rules import AbaloneState

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from abalone_ref.evaluation import MARBLE, WEIGHTS  # noqa: E402
from abalone_ref.evaluation import evaluate as reference_evaluate  # noqa: E402

TEAM = np.array([0, 0, 1], dtype=np.int64)


def scattered(seed: int) -> tuple[np.ndarray, tuple[int, int]]:
    """A board of a 2-player layout with marbles moved to random empty cells and some
    removed (a side that lost marbles: where sums and means differ), and the marbles
    each side pushed off."""
    rng = random.Random(seed)
    state = tabletop.load_game("abalone", layout=rng.choice(LAYOUTS_2P)).new_state()
    assert isinstance(state, AbaloneState)
    board = state.board_array.copy()
    cells = list(geometry.GRID_OF_CELL)
    lost = [0, 0]
    for g in cells:
        if board[g] != 0 and rng.random() < 0.5:
            colour = int(board[g])
            board[g] = 0
            if rng.random() < 0.3 and lost[colour - 1] < 5:
                lost[colour - 1] += 1  # pushed off
            else:
                board[rng.choice([c for c in cells if board[c] == 0])] = colour
    return board, (lost[1], lost[0])  # marbles Black (1) and White (2) pushed off


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([1, 2]))
def test_published_weights_value_positions_as_the_reference_does(seed: int, mover: int) -> None:
    board, pushed_off = scattered(seed)
    ours = evaluation.evaluate(
        board,
        mover,
        pushed_off[mover - 1],
        pushed_off[2 - mover],
        published_weights(),
        np.int64(0),
        np.int64(0),
    )
    lost = np.array([pushed_off[2 - mover], pushed_off[mover - 1]], dtype=np.int64)
    theirs = reference_evaluate(board, mover, TEAM, lost, WEIGHTS) * 6.0 / MARBLE
    # The reference truncates to whole points (a point is 6/1000 of ours).
    assert abs(ours - theirs) <= 6.0 / MARBLE + 1e-9


def test_the_mass_centre_is_one_point_for_both_sides() -> None:
    """Both sides measured to the same point: swapping who moves negates the term."""
    board, _ = scattered(7)
    black, white = np.empty(evaluation.FEATURES), np.empty(evaluation.FEATURES)
    evaluation.features(board, 1, 0, 0, black)
    evaluation.features(board, 2, 0, 0, white)
    assert black[evaluation.F_MASS_CENTRE] == -white[evaluation.F_MASS_CENTRE]
    assert black[evaluation.F_PAIRS] == -white[evaluation.F_PAIRS]
