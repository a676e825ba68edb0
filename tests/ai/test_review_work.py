"""A review's work per game (ai/levels.py, REVIEW_WORK): a level's search or its compiled
twin, never more work than the level's, the same cost a position on bigger Go boards."""

from __future__ import annotations

import itertools

import pytest

import tabletop
from tabletop.ai.levels import (
    LEVELS,
    MAX_LEVEL,
    MIN_LEVEL,
    REVIEW_WORK,
    level_for,
    review_level_for,
)
from tabletop.ai.searches import SEARCHES
from tabletop.core.errors import OptionError

GAMES = [
    ("go", {"size": 9}),
    ("abalone", {}),
    ("abalone", {"players": 3}),
    ("oust", {}),
    ("quoridor", {}),
    ("quoridor", {"players": 4}),
]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_review_level_is_a_known_search_with_at_most_the_level_s_work(
    name: str, options: dict[str, int]
) -> None:
    game = tabletop.load_game(name, **options)
    for level in range(MIN_LEVEL, MAX_LEVEL + 1):
        entry, review = level_for(game, level), review_level_for(game, level)
        assert review.search in SEARCHES
        assert 1 <= review.iterations <= entry.iterations
        assert review.temperature == 0.0 and review.noise == 0.0


def test_the_table_names_games_that_have_levels() -> None:
    assert {key.split("/")[0] for key in REVIEW_WORK} <= {key.split("/")[0] for key in LEVELS}


def test_go_s_work_shrinks_with_the_board_and_keeps_growing_with_the_level() -> None:
    small, big = tabletop.load_game("go", size=9), tabletop.load_game("go", size=19)
    for low, high in itertools.pairwise(range(MIN_LEVEL, MAX_LEVEL + 1)):
        assert review_level_for(big, low).iterations < review_level_for(big, high).iterations
    nine, nineteen = review_level_for(small, 8).iterations, review_level_for(big, 8).iterations
    assert nine == level_for(small, 8).iterations
    assert nineteen == round(nine * small.num_actions / big.num_actions)


def test_review_levels_outside_the_table_are_refused() -> None:
    with pytest.raises(OptionError):
        review_level_for(tabletop.load_game("oust"), MAX_LEVEL + 1)
