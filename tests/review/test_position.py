"""The chances of a review's position read calmly (review/position.py, ``calmed``)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from tabletop.review.position import calmed

chance = st.floats(min_value=0.0, max_value=1.0)
calm = st.floats(min_value=0.1, max_value=1.0)


@given(chance, calm)
def test_two_sides_get_the_logit_times_calm_and_still_add_up_to_one(c: float, k: float) -> None:
    low, high = calmed((c, 1.0 - c), (0, 1), k)
    assert math.isclose(low + high, 1.0)
    if 1e-12 < c < 1.0 - 1e-12:  # (nearer 0 or 1 the floats underflow: 5e-324 did)
        logit = math.log(c / (1.0 - c))
        assert math.isclose(math.log(low / high), k * logit, abs_tol=1e-6)
    elif c in (0.0, 1.0):
        assert (low, high) == (c, 1.0 - c)  # a certain result stays certain


@given(st.lists(chance, min_size=4, max_size=4).filter(lambda cs: sum(cs) > 0), calm)
def test_more_sides_keep_their_order_and_add_up_to_one(cs: list[float], k: float) -> None:
    total = sum(cs)
    chances = tuple(c / total for c in cs)
    read = calmed(chances, (0, 1, 2, 3), k)
    assert math.isclose(sum(read), 1.0)
    for a in range(4):
        for b in range(4):
            if chances[a] < chances[b]:
                assert read[a] <= read[b]


def test_team_mates_carry_their_team_s_chance_and_one_changes_nothing() -> None:
    read = calmed((0.3, 0.7, 0.3, 0.7), (0, 1, 0, 1), 0.5)
    assert read[0] == read[2] and read[1] == read[3] and math.isclose(read[0] + read[1], 1.0)
    assert calmed((0.3, 0.7), (0, 1), 1.0) == (0.3, 0.7)
