"""Oust's options: defaults, the size shorthand, the hex variant and what is refused."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import OptionError

from .helpers import game


def test_defaults_are_the_project_defaults() -> None:
    g = game()
    assert dict(g.options) == {
        "board": "square",
        "width": 9,
        "height": 9,
        "side": None,
        "pie": False,
        "max_plies": 0,
    }
    assert g.num_cells == 81 and g.num_actions == 82


def test_size_is_shorthand_for_width_and_height() -> None:
    assert game(size=5) == game(width=5, height=5) == game(size=5, width=5)
    assert game(width=7).options["height"] == 9


def test_hex_defaults_to_side_7() -> None:
    g = game(board="hex")
    assert g.options["side"] == 7 and g.num_cells == 127
    assert game(board="HEX", side="9").num_cells == 217


def test_pie_adds_the_swap_action() -> None:
    assert game(size=4, pie=True).num_actions == 18
    assert game(size=4, pie="on").settings.pie


@pytest.mark.parametrize(
    ("options", "pattern"),
    [
        ({"side": 5}, "only hex boards have a side"),
        ({"board": "hex", "size": 9}, "a hex board is sized by side"),
        ({"board": "hex", "width": 9}, "a hex board is sized by side"),
        ({"size": 5, "width": 6}, "contradicts size=5"),
        ({"board": "hex", "side": 6}, "allowed values are 5, 7, 9"),
        ({"size": 20}, "from 2 to 19"),
        ({"width": 1}, "from 2 to 19"),
        ({"board": "round"}, "allowed values are square, hex"),
        ({"max_plies": -1}, "max_plies"),
        ({"players": 3}, "oust has no option 'players'"),
    ],
)
def test_refused(options: dict[str, object], pattern: str) -> None:
    with pytest.raises(OptionError, match=pattern):
        tabletop.load_game("oust", **options)
