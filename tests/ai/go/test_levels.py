"""Go's levels by board: boards from 12x12 up take their own tables (decision 0204)."""

from __future__ import annotations

import itertools

import pytest

import tabletop
from tabletop.ai.levels import LARGE_BOARDS, LEVELS, MAX_LEVEL, agent_for_level, table_for


@pytest.mark.parametrize("size", [5, 9, 11])
def test_small_boards_keep_the_game_s_table(size: int) -> None:
    assert table_for(tabletop.load_game("go", size=size)) == LEVELS["go"]


@pytest.mark.parametrize(
    ("size", "key"),
    [
        (12, "go/medium"),
        (13, "go/medium"),
        (14, "go/large"),
        (17, "go/large"),
        (19, "go/large"),
        (20, "go/huge"),
        (25, "go/huge"),
    ],
)
def test_boards_from_12_take_a_large_board_table(size: int, key: str) -> None:
    game = tabletop.load_game("go", size=size)
    assert table_for(game) == LEVELS[key]
    budgets = [agent_for_level(game, level).budget for level in range(1, MAX_LEVEL + 1)]
    counts = [budget.playouts for budget in budgets if budget is not None]
    assert len(counts) == MAX_LEVEL
    assert all(a < b for a, b in itertools.pairwise(counts))


def test_on_13x13_and_19x19_levels_8_and_9_work_less_and_the_lower_levels_stay() -> None:
    large = table_for(tabletop.load_game("go", size=19))
    usual = table_for(tabletop.load_game("go", size=9))
    assert [r.iterations for r in large[:7]] == [r.iterations for r in usual[:7]]
    assert large[7].iterations < usual[7].iterations
    assert large[8].iterations < usual[8].iterations
    assert large[9] == usual[9]  # level 10 is its time cap on every board
    medium = table_for(tabletop.load_game("go", size=13))
    assert [r.iterations for r in medium[:7]] == [r.iterations for r in usual[:7]]
    assert [r.temperature for r in large] == [r.temperature for r in usual]


def test_the_bigger_the_board_the_less_work_at_the_upper_levels() -> None:
    tables = [table_for(tabletop.load_game("go", size=size)) for size in (9, 13, 19, 25)]
    for level in range(MAX_LEVEL - 1):
        counts = [table[level].iterations for table in tables]
        assert counts == sorted(counts, reverse=True), level + 1


def test_every_large_board_entry_names_a_table() -> None:
    for entries in LARGE_BOARDS.values():
        sizes = [actions for actions, _ in entries]
        assert sizes == sorted(sizes, reverse=True)  # the largest boards are looked up first
        assert all(key in LEVELS for _, key in entries)
