"""A finished game's value to a search: +1 winners, -1 the rest, a draw's returns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.ai.values import move_chances, search_values, win_chances
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


values = st.floats(min_value=-1.0, max_value=1.0, allow_nan=False)


@given(st.lists(values, min_size=3, max_size=4))
def test_win_chances_add_up_to_one_over_the_seats(seat_values: list[float]) -> None:
    chances = win_chances(seat_values)
    assert abs(sum(chances) - 1.0) < 1e-9
    assert all(0.0 <= c <= 1.0 for c in chances)
    # A higher value never means a lower chance.
    ranked = sorted(range(len(seat_values)), key=lambda s: seat_values[s])
    assert [chances[s] for s in ranked] == sorted(chances)


@given(values)
def test_two_sides_keep_the_plain_reading(value: float) -> None:
    chances = win_chances((value, -value))
    assert abs(chances[0] - (value + 1.0) / 2.0) < 1e-9
    teams = win_chances((value, -value, value, -value), teams=(0, 1, 0, 1))
    assert abs(teams[0] - (value + 1.0) / 2.0) < 1e-9 and teams[0] == teams[2]


def test_four_even_seats_each_win_a_quarter() -> None:
    # The race evaluation gives every seat about 0 at the start: not 50% each.
    assert win_chances((0.0, 0.0, 0.0, 0.0)) == (0.25, 0.25, 0.25, 0.25)
    assert win_chances((-1.0, -1.0, -1.0)) == (1 / 3, 1 / 3, 1 / 3)


def test_moves_of_a_position_every_side_lost_keep_its_draw_chance() -> None:
    # Found by hypothesis: the mover's position read 0 and its moves 0%, not a third.
    assert move_chances((-1.0, -1.0, -1.0), (-1.0, 1.0), 0) == [1 / 3, 1.0]


@given(values, st.lists(values, min_size=1, max_size=5))
def test_move_chances_of_two_sides_are_the_plain_reading(value: float, moves: list[float]) -> None:
    chances = move_chances((value, -value), moves, 0)
    assert all(abs(c - (v + 1.0) / 2.0) < 1e-9 for c, v in zip(chances, moves, strict=True))


@given(st.lists(values, min_size=3, max_size=4), st.lists(values, min_size=1, max_size=5))
def test_move_chances_keep_the_scale_of_the_position(
    seat_values: list[float], moves: list[float]
) -> None:
    chances = move_chances(seat_values, [seat_values[0], *moves], 0)
    # A move as good as the position reads as the position's chance (not 50%), and a
    # better value never reads as a lower chance.
    assert abs(chances[0] - win_chances(seat_values)[0]) < 1e-9
    assert all(0.0 <= c <= 1.0 for c in chances)
    ranked = sorted(range(len(chances)), key=lambda i: [seat_values[0], *moves][i])
    assert [chances[i] for i in ranked] == sorted(chances)
