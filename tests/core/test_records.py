"""Reading records: malformed headers and bad moves get one message naming what is wrong."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.core import IllegalMoveError, NotationError, OptionError


@pytest.mark.parametrize("name", [info.name for info in tabletop.list_games()])
@pytest.mark.parametrize(
    ("record", "words"),
    [
        ([], "not a {name} record"),
        ({"game": "chess"}, "not a {name} record"),
        ({"game": "{name}", "options": [], "moves": []}, "needs an options mapping"),
        ({"game": "{name}", "moves": "e4"}, "list of moves"),
    ],
)
def test_malformed_headers(name: str, record: Any, words: str) -> None:
    state_type = type(tabletop.load_game(name).new_state())
    if isinstance(record, dict):
        record = {k: (v.format(name=name) if isinstance(v, str) and k == "game" else v)
                  for k, v in record.items()}  # fmt: skip
    with pytest.raises(NotationError, match=words.format(name=name)):
        state_type.from_dict(record)


def test_bad_option_and_bad_move_are_named() -> None:
    go = type(tabletop.load_game("go").new_state())
    with pytest.raises(OptionError, match="size"):
        go.from_dict({"game": "go", "options": {"size": 99}, "moves": []})
    with pytest.raises(IllegalMoveError, match="move 3: E5: the point is already occupied"):
        go.from_dict({"game": "go", "options": {"size": 9}, "moves": ["E5", "D4", "E5"]})
    with pytest.raises(NotationError, match="move 1: "):
        go.from_dict({"game": "go", "options": {"size": 9}, "moves": ["Z99"]})
