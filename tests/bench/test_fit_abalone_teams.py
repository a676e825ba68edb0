"""bench/fit_abalone_teams.py: each team's label, a recorded position's features as the
team's lead over the others, and the fit recovering the weights behind synthetic labels."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.abalone import eval_kernels
from tabletop.games.abalone.rules import AbaloneState

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import fit_abalone_teams  # noqa: E402


def test_the_team_with_most_marbles_pushed_off_wins_and_a_tie_shares() -> None:
    assert fit_abalone_teams.labels([6, 2, 1]) == [1.0, 0.0, 0.0]
    assert fit_abalone_teams.labels([2, 2, 0]) == [0.5, 0.5, 0.0]
    assert fit_abalone_teams.labels([1, 1, 1]) == [1 / 3] * 3
    assert fit_abalone_teams.labels([0, 3]) == [0.0, 1.0]


@settings(max_examples=20, deadline=None)
@given(ejected=st.lists(st.integers(0, 6), min_size=2, max_size=3))
def test_labels_share_one_win(ejected: list[int]) -> None:
    got = fit_abalone_teams.labels(ejected)
    assert abs(sum(got) - 1.0) < 1e-12
    assert all((g > 0) == (e == max(ejected)) for g, e in zip(got, ejected, strict=True))


def test_a_recorded_game_gives_each_team_its_lead() -> None:
    game = fit_abalone_teams.play_game(5, 4, [3, 3, 3, 3], 4, 12)
    assert game["plies"] == 12 and game["capped"] and len(game["boards"]) == 8
    assert game["labels"] in ([0.5, 0.5], [1.0, 0.0], [0.0, 1.0])
    x = fit_abalone_teams.features(4, game["boards"], game["movers"], game["tallies"])
    assert x.shape == (8, 2, len(eval_kernels.TERMS))
    assert np.allclose(x[:, 0], -x[:, 1])  # two teams: one's lead is the other's deficit
    # The first recorded position, replayed live (the random plies come from the seed).
    state = tabletop.load_game("abalone", players=4).new_state()
    assert isinstance(state, AbaloneState)
    rng = random.Random(5)
    for _ in range(4):
        state.play(rng.choice(state.legal_actions().tolist()))
    tallies = np.zeros(4, dtype=np.int64)
    live = eval_kernels.team_terms(
        state._board, 4, state.game.team_of_colour, 2, tallies, state._seat
    )
    assert np.allclose(x[0], eval_kernels.lead(live))


def test_the_fit_recovers_the_weights_behind_the_labels() -> None:
    # Three teams' synthetic leads, labelled by a known row (a marble 1.5 a logit unit) and
    # an intercept: the fit gives the row back, rescaled to a marble of 6 raw points.
    rng = np.random.default_rng(3)
    n = 30_000
    x = rng.normal(size=(n, len(eval_kernels.TERMS)))
    truth = np.zeros(len(eval_kernels.TERMS))
    truth[eval_kernels.T_EJECTED] = 1.5
    truth[eval_kernels.T_EDGE] = -0.5
    truth[eval_kernels.T_PUSHES] = 0.25
    y = (rng.random(n) < 1 / (1 + np.exp(-(x @ truth - 0.7)))).astype(float)
    row = fit_abalone_teams.fit_count(x, y, np.arange(n) // 3)
    got = np.array([row["weights"][t] for t in eval_kernels.TERMS])
    assert np.allclose(got, truth * 6.0 / 1.5, atol=0.35)
    assert abs(row["scale"] - 2 * 6.0 / 1.5) < 0.5  # tanh(raw / scale) = 2 P - 1
    losses = row["held_out_log_loss"]
    assert losses["fitted"] < losses["today"] < losses["even"] or losses["fitted"] < losses["even"]
    assert row["games"] == n // 3 and row["positions"] == n
