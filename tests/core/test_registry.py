"""The registry, the option declarations and the error types."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import (
    IllegalMoveError,
    NotationError,
    Option,
    OptionError,
    Outcome,
    TabletopError,
)
from tabletop.core.options import validate_options


def test_error_hierarchy() -> None:
    for err in (NotationError, IllegalMoveError, OptionError):
        assert issubclass(err, TabletopError)
    assert issubclass(NotationError, ValueError)
    assert issubclass(IllegalMoveError, ValueError)


def test_list_games_describes_options() -> None:
    infos = {info.name: info for info in tabletop.list_games()}
    assert "go" in infos
    go = infos["go"]
    assert go.players == (2,)
    specs = {spec.name: spec for spec in go.options}
    assert specs["size"].default == 19
    assert specs["rules"].choices == ("japanese", "chinese", "aga", "tromp-taylor")
    assert "allowed" not in specs["size"].describe_allowed()
    assert specs["size"].describe_allowed() == "int from 5 to 25"


def test_load_game_by_name_any_case() -> None:
    assert tabletop.load_game(" Go ", size=9) == tabletop.load_game("go", size=9)


def test_unknown_game_lists_known_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown game 'chess'; known games: .*go"):
        tabletop.load_game("chess")


def test_unknown_option_lists_valid_ones() -> None:
    with pytest.raises(OptionError, match=r"valid options: handicap, .*size"):
        tabletop.load_game("go", board=9)


@pytest.mark.parametrize(
    ("spec", "raw", "value"),
    [
        (Option("n", int, 1, "", minimum=0, maximum=9), "7", 7),
        (Option("n", int, 1, "", minimum=0, maximum=9), 7.0, 7),
        (Option("x", float, 1.0, ""), "2.5", 2.5),
        (Option("b", bool, False, ""), "yes", True),
        (Option("b", bool, False, ""), "off", False),
        (Option("s", str, "a", "", choices=("a", "b")), "B", "b"),
    ],
)
def test_coerce_accepts(spec: Option, raw: object, value: object) -> None:
    assert spec.coerce(raw) == value


@pytest.mark.parametrize(
    ("spec", "raw", "message"),
    [
        (Option("n", int, 1, "", minimum=0, maximum=9), "10", "from 0 to 9"),
        (Option("n", int, 1, ""), 2.5, "whole number"),
        (Option("n", int, 1, ""), True, "whole number"),
        (Option("x", float, 1.0, ""), "abc", "number"),
        (Option("b", bool, False, ""), "maybe", "true or false"),
        (Option("s", str, "a", "", choices=("a", "b")), "c", "allowed values are a, b"),
        (Option("s", str, "a", ""), 3, "text"),
    ],
)
def test_coerce_rejects_with_the_option_named(spec: Option, raw: object, message: str) -> None:
    with pytest.raises(OptionError, match=message) as info:
        spec.coerce(raw)
    assert f"option {spec.name}=" in str(info.value)


def test_validate_fills_defaults() -> None:
    specs = (Option("a", int, 3, ""), Option("b", str, "x", "", choices=("x", "y")))
    assert validate_options("g", specs, {"b": "y"}) == {"a": 3, "b": "y"}


def test_outcome_checks_its_reason() -> None:
    assert Outcome((1.0, -1.0), (0,), "score").is_draw is False
    assert Outcome((0.0, 0.0), (), "cycle").is_draw
    with pytest.raises(ValueError, match="unknown outcome reason"):
        Outcome((0.0, 0.0), (), "bored")
