"""Reading records: malformed headers and bad moves get one message naming what is wrong."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import IllegalMoveError, NotationError, OptionError, TabletopError


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


def _records_with_setups() -> list[dict[str, Any]]:
    """A real record of every game, each with a set-up position and some moves."""

    abalone = tabletop.load_game("abalone")
    start = abalone.start_cells()
    abalone_state = abalone.setup({0: start[0][:12], 1: start[1][:13]}, 1)
    quoridor = tabletop.load_game("quoridor")
    quoridor_state = quoridor.setup(["e2", "e8"], ["e3h"], [9, 10], 0)
    oust_state = tabletop.load_game("oust").setup(["a1", "b2"], ["c3"], "white")
    go_state = tabletop.load_game("go", size=9, handicap=2).new_state()
    records = []
    for state in (abalone_state, quoridor_state, oust_state, go_state):
        for _ in range(3):
            moves = state.legal_moves()
            state.play(moves[len(moves) // 2])
        records.append(state.to_dict())
    return records


RECORDS = _records_with_setups()

#: Any JSON value (Python's json reads NaN and Infinity too).
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (the value itself first)."""
    places = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            places += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            places += _paths(item, (*path, i))
    return places


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replaced(value[path[0]], path[1:], new)
    return copy


@settings(max_examples=400)
@given(st.sampled_from(RECORDS), st.data(), _JSON)
def test_any_damage_to_a_record_gets_one_message(
    record: dict[str, Any], data: st.DataObject, new: Any
) -> None:
    """One place anywhere in a real record (set-up, options, moves) replaced by any JSON
    value: the record reads, or a TabletopError says why; never another exception."""
    path = data.draw(st.sampled_from(_paths(record)))
    damaged = _replaced(record, path, new)
    state_type = type(tabletop.load_game(record["game"]).new_state())
    try:
        state_type.from_dict(damaged)
    except TabletopError as err:
        assert str(err)
