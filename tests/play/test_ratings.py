"""Glicko-2 (play/ratings.py): Glickman's worked example, the independent ``glicko2``
package, and properties every rating update must have."""

from __future__ import annotations

import math

import glicko2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.play.ratings import (
    DAY,
    START_RD,
    Rating,
    after_idle_days,
    idle_days,
    rate_game,
    update,
)

ratings = st.builds(
    Rating,
    st.floats(800, 2800),
    st.floats(30, 350),
    st.floats(0.03, 0.09),
)
scores = st.sampled_from([0.0, 0.5, 1.0])


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system", section "Example calculation".
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, results)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def _package(player: Rating, opponent: Rating, score: float) -> glicko2.Player:
    theirs = glicko2.Player(player.rating, player.rd, player.volatility)
    theirs.update_player([opponent.rating], [opponent.rd], [score])
    return theirs


@settings(max_examples=300, deadline=None)
@given(ratings, ratings, scores)
def test_agrees_with_the_glicko2_package(player: Rating, opponent: Rating, score: float) -> None:
    # The package's volatility function reads mu where the paper has phi (its _f), so its
    # volatility differs a little unless |mu| == phi; rating and RD follow closely.
    ours = update(player, [(opponent, score)])
    theirs = _package(player, opponent, score)
    assert ours.rating == pytest.approx(theirs.rating, abs=0.5)
    assert ours.rd == pytest.approx(theirs.rd, abs=0.5)
    assert ours.volatility == pytest.approx(theirs.vol, abs=0.002)


@settings(max_examples=200, deadline=None)
@given(st.floats(30, 350), st.sampled_from([-1, 1]), ratings, scores)
def test_exactly_the_package_where_its_volatility_is_the_papers(
    rd: float, sign: int, opponent: Rating, score: float
) -> None:
    # With |mu| == phi the package's slip vanishes: both must then agree to rounding.
    player = Rating(1500 + sign * rd, rd, 0.06)
    ours = update(player, [(opponent, score)])
    theirs = _package(player, opponent, score)
    assert ours.rating == pytest.approx(theirs.rating, abs=1e-6)
    assert ours.rd == pytest.approx(theirs.rd, abs=1e-6)
    assert ours.volatility == pytest.approx(theirs.vol, abs=1e-9)


@settings(max_examples=300, deadline=None)
@given(ratings, ratings)
def test_a_win_never_lowers_and_a_loss_never_raises(a: Rating, b: Rating) -> None:
    won, _ = rate_game(a, b, 1.0)
    lost, _ = rate_game(a, b, 0.0)
    drawn, _ = rate_game(a, b, 0.5)
    assert lost.rating <= a.rating <= won.rating
    assert lost.rating <= drawn.rating <= won.rating


@settings(max_examples=300, deadline=None)
@given(ratings, ratings, scores)
def test_a_game_makes_the_rating_surer(a: Rating, b: Rating, score: float) -> None:
    after, _ = rate_game(a, b, score)
    # phi' <= sqrt(phi^2 + sigma'^2): the deviation grows at most by the volatility's step.
    assert after.rd <= math.hypot(a.rd, after.volatility * 173.7178) + 1e-9
    assert after.rd > 0 and math.isfinite(after.rating)


@settings(max_examples=200, deadline=None)
@given(ratings, ratings, scores)
def test_symmetric_in_the_players(a: Rating, b: Rating, score: float) -> None:
    a1, b1 = rate_game(a, b, score)
    b2, a2 = rate_game(b, a, 1.0 - score)
    assert a1 == a2 and b1 == b2


@given(ratings, st.integers(0, 2000))
def test_idle_days_grow_the_deviation_up_to_the_start(player: Rating, days: int) -> None:
    grown = after_idle_days(player, days)
    assert grown.rating == player.rating
    assert player.rd <= grown.rd <= max(START_RD, player.rd)
    assert after_idle_days(player, days + 1).rd >= grown.rd


def test_one_idle_day_is_the_papers_step_six() -> None:
    player = Rating(1600, 60, 0.06)
    grown = after_idle_days(player, 1)
    assert grown.rd == pytest.approx(math.hypot(60 / 173.7178, 0.06) * 173.7178)


def test_idle_days_are_full_days() -> None:
    assert idle_days(None, 10 * DAY) == 0
    assert idle_days(0.0, DAY - 1) == 0
    assert idle_days(0.0, 3 * DAY + 5) == 3
    assert idle_days(5 * DAY, 0.0) == 0


def test_provisional_while_the_deviation_is_above_110() -> None:
    assert Rating().shown() == "1500?"
    assert Rating(1623.4, 110.0).shown() == "1623"
    assert Rating(1623.6, 110.1).provisional


def test_a_score_outside_win_draw_loss_is_refused() -> None:
    with pytest.raises(ValueError, match="score"):
        update(Rating(), [(Rating(), 0.7)])
