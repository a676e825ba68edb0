"""bench/fit_abalone_eval.py: a recorded self-play position gives back its terms, and the
logistic fit recovers the weights that made synthetic labels."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

import tabletop
from tabletop.ai.abalone import evaluation
from tabletop.games.abalone import kernels
from tabletop.games.abalone.rules import AbaloneState

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import fit_abalone_eval  # noqa: E402


def test_recorded_boards_give_back_their_terms() -> None:
    game = fit_abalone_eval.play_game(3, "belgian-daisy", 200, 2, 12, ("published", "today"))
    assert len(game["boards"]) == 10 and game["plies"] == 12 and game["capped"]
    x = fit_abalone_eval.terms("belgian-daisy", game["boards"], game["movers"], game["ejected"])
    # Replay the first recorded position from its cells: the same terms as a live board.
    state = tabletop.load_game("abalone", layout="belgian-daisy").new_state()
    assert isinstance(state, AbaloneState)
    cells = "".join(str(int(state.board_array[g])) for g in kernels.GRID_OF_CELL)
    live = np.empty(evaluation.FEATURES)
    evaluation.features(state.board_array, 1, 0, 0, live)
    again = fit_abalone_eval.terms("belgian-daisy", [cells], [0], [[0, 0]])
    assert np.allclose(again[0], live)
    assert x.shape == (10, evaluation.FEATURES) and np.isfinite(x).all()


def test_the_fit_recovers_the_weights_behind_the_labels() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(20_000, 3))
    truth = np.array([1.5, -0.7, 0.2])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    beta = fit_abalone_eval.fit(x, y, ridge=0.0)
    assert np.allclose(beta, truth, atol=0.08)
    assert fit_abalone_eval.log_loss(x @ beta, y) < fit_abalone_eval.log_loss(0 * beta @ x.T, y)
