"""The opening term's data: the third and fourth lines and the corners first, for a while."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.games.go.opening import OPENING, opening_table


def test_the_big_board_prefers_corners_then_sides_on_the_third_and_fourth_lines() -> None:
    n = 19
    corner, side = OPENING.term(n, 3, 3, 0), OPENING.term(n, 9, 3, 0)
    second, first, centre = (OPENING.term(n, 9, c, 0) for c in (1, 0, 9))
    assert corner > side > centre > second > first
    assert OPENING.term(n, 2, 2, 0) == corner  # the 3-3 point is a corner move too


def test_the_term_stops_after_a_tenth_of_the_points_and_is_absent_on_9x9() -> None:
    assert opening_table(19).shape == (36, 21 * 21)
    assert OPENING.term(19, 3, 3, 36) == 0.0
    assert opening_table(9).shape[0] == 0


@given(n=st.sampled_from([13, 19]), stones=st.integers(0, 40), data=st.data())
def test_the_table_holds_the_term_of_every_point(n: int, stones: int, data: st.DataObject) -> None:
    row, col = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    table = opening_table(n)
    looked_up = table[stones, (row + 1) * (n + 2) + col + 1] if stones < table.shape[0] else 0.0
    assert looked_up == OPENING.term(n, row, col, stones)
    # The term is the same seen from any corner (the board's symmetry).
    assert OPENING.term(n, row, col, stones) == OPENING.term(n, col, n - 1 - row, stones)
