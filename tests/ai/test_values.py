"""A finished game's value to a search: +1 winners, -1 the rest, a draw's returns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.ai.values import search_values
from tabletop.core.game import Outcome


def test_a_four_player_loss_is_minus_one_not_the_returns_share() -> None:
    outcome = Outcome((-1 / 3, 1.0, -1 / 3, -1 / 3), (1,), "goal-reached")
    assert search_values(outcome) == (-1.0, 1.0, -1.0, -1.0)


def test_team_mates_win_together() -> None:
    outcome = Outcome((1.0, -1.0, 1.0, -1.0), (0, 2), "six-ejected")
    assert search_values(outcome) == (1.0, -1.0, 1.0, -1.0)


@given(st.integers(min_value=2, max_value=4))
def test_a_draw_keeps_its_returns(players: int) -> None:
    outcome = Outcome((0.0,) * players, (), "max-plies")
    assert search_values(outcome) == outcome.returns


@given(st.integers(min_value=0, max_value=1))
def test_two_player_values_are_the_returns(winner: int) -> None:
    returns = tuple(1.0 if s == winner else -1.0 for s in range(2))
    assert search_values(Outcome(returns, (winner,), "resignation")) == returns
