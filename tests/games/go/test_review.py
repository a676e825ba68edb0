"""Go's review extras: the ownership map and the estimated score."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import facts_of
from tabletop.games.go import GoState
from tabletop.games.go.review import estimated_margin, review_extras


def _go(rules: str = "chinese", size: int = 9) -> GoState:
    state = tabletop.load_game("go", size=size, rules=rules).new_state()
    assert isinstance(state, GoState)
    return state


def test_go_registers_its_review_extras() -> None:
    assert facts_of(tabletop.load_game("go")).review_extras is review_extras


def test_ownership_and_score_from_the_playouts() -> None:
    state = _go()
    shares = [1.0] * 40 + [0.5] + [0.0] * 40  # Black owns the lower half, White the upper
    extras = review_extras(state, {"ownership": shares})
    assert extras["ownership"][:2] == [1.0, 1.0] and extras["ownership"][40] == 0.0
    assert extras["ownership"][-1] == -1.0
    assert extras["score"] == pytest.approx(-7.5)  # even board, less komi
    assert review_extras(state, {}) == {}


def test_territory_scoring_counts_stones_and_prisoners() -> None:
    state = _go("japanese")
    state.play("E5")
    ownership = [0.0] * 81
    # One Black stone more on the board: under territory scoring it is not a point.
    assert estimated_margin(state, ownership) == pytest.approx(-1 - state.game.settings.komi)


def test_a_finished_game_shows_its_count() -> None:
    state = _go()
    state.play("E5")
    state.play("pass")
    state.play("pass")
    extras = review_extras(state, {})
    assert extras["ownership"] == [1.0] * 81
    assert extras["score"] == 81 - 7.5
