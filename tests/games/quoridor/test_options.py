"""Quoridor's options: defaults by player count, validation, the registry entry."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import OptionError, game_info


def test_defaults() -> None:
    assert dict(tabletop.load_game("quoridor").options) == {
        "players": 2,
        "walls": 10,
        "side_step_around_pawns": True,
        "max_plies": None,
    }
    four = tabletop.load_game("quoridor", players=4)
    assert four.num_players == 4 and four.options["walls"] == 5
    assert four.seat_names == ("South", "West", "North", "East")
    assert four.num_actions == 210


def test_text_values_from_the_command_line() -> None:
    game = tabletop.load_game(
        "quoridor", players="4", walls="7", side_step_around_pawns="false", max_plies="50"
    )
    assert dict(game.options) == {
        "players": 4,
        "walls": 7,
        "side_step_around_pawns": False,
        "max_plies": 50,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "allowed values are 2, 4"),
        ({"walls": -1}, "option walls=-1"),
        ({"walls": 129}, "option walls=129"),
        ({"max_plies": 0}, "option max_plies=0"),
        ({"size": 7}, "no option 'size'"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        tabletop.load_game("quoridor", **options)


def test_registry_entry() -> None:
    info = game_info("quoridor")
    assert info.players == (2, 4)
    assert [spec.name for spec in info.options] == [
        "players",
        "walls",
        "side_step_around_pawns",
        "max_plies",
    ]
