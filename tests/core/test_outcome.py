"""Outcomes as JSON data: what records and the protocol store, and reading it back."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import Outcome
from tabletop.core.game import OUTCOME_REASONS

outcomes = st.builds(
    Outcome,
    st.lists(st.floats(-1, 1), min_size=2, max_size=4).map(tuple),
    st.lists(st.integers(0, 3), max_size=3, unique=True).map(tuple),
    st.sampled_from(sorted(OUTCOME_REASONS)),
    st.dictionaries(st.sampled_from(["margin", "seat"]), st.integers(-50, 50)),
)


@given(outcomes)
def test_an_outcome_survives_json(outcome: Outcome) -> None:
    assert Outcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome


def test_extra_keys_are_ignored_and_detail_is_optional() -> None:
    data = {"winners": [1], "returns": [-1, 1], "reason": "goal-reached", "text": "North wins"}
    assert Outcome.from_dict(data) == Outcome((-1.0, 1.0), (1,), "goal-reached")


@pytest.mark.parametrize(
    "data",
    [
        {"winners": [0], "returns": [1, -1]},  # no reason
        {"winners": [0], "returns": 3, "reason": "score"},
        {"winners": [0], "returns": [1, -1], "reason": "checkmate"},
        # A list of pairs that dict() would take, with a key that is not text (found by
        # tests/server/test_hostile.py: the record was stored and its page gave a 500).
        {"winners": [0], "returns": [1, -1], "reason": "score", "detail": [[None, None]]},
        {"winners": [0], "returns": [1, -1], "reason": "score", "detail": {1: "a"}},
        {"winners": [0], "returns": [1, -1], "reason": "score", "detail": "B+5"},
    ],
)
def test_other_shapes_raise(data: dict[str, object]) -> None:
    with pytest.raises((KeyError, TypeError, ValueError)):
        Outcome.from_dict(data)
