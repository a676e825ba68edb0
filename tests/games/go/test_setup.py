"""Go's set-up: a free handicap placed by ``game.setup`` (docs/rules/go.md §6)."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import IllegalMoveError, NotationError
from tabletop.games.go import GoGame, GoState


def _game(**options: object) -> GoGame:
    game = tabletop.load_game("go", size=9, **options)
    assert isinstance(game, GoGame)
    return game


def test_free_handicap_puts_black_stones_and_white_moves() -> None:
    state = _game().setup(["C3", "g7", "E5"])
    assert [str(m) for m in state.handicap_stones] == ["C3", "E5", "G7"]
    assert state.to_move == 1 and state.ply == 0
    assert state.stone_at(2, 2) == 0


def test_free_handicap_travels_with_the_record() -> None:
    state = _game().setup(["C3", "G7"])
    state.play("D4")
    record = state.to_dict()
    assert record["handicap_stones"] == ["C3", "G7"]
    assert GoState.from_dict(record) == state


@pytest.mark.parametrize(
    ("points", "error", "words"),
    [
        (["C3"], IllegalMoveError, "2 or more stones"),
        (["C3", "c3"], IllegalMoveError, "given twice"),
        (["C3", "pass"], NotationError, "pass is not a point"),
        (["C3", "K3"], NotationError, "off the 9x9 board"),
    ],
)
def test_free_handicap_is_checked(points: list[str], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        _game().setup(points)


def test_no_free_handicap_beside_a_fixed_one() -> None:
    with pytest.raises(IllegalMoveError, match="only once"):
        _game(handicap=2).setup(["C3", "G7"])


def test_a_record_with_malformed_handicap_stones_is_refused() -> None:
    record = _game().new_state().to_dict()
    record["handicap_stones"] = "C3 G7"
    with pytest.raises(NotationError, match="list of points"):
        GoState.from_dict(record)


# -- positions of both colours (decision record 0108) -----------------------------------------


def test_a_position_of_both_colours_with_a_side_to_move() -> None:
    state = _game().setup(["C3", "D4"], ["d3", "E3"], "white")
    assert state.to_move == 1 and state.ply == 0
    assert state.stone_at(3, 2) == 1 and state.stone_at(2, 2) == 0
    assert state.handicap_stones == []  # counted as no handicap
    assert state.setup_position == {
        "black": ["C3", "D4"],
        "white": ["D3", "E3"],
        "to_move": "white",
    }
    state.play("C4")
    record = state.to_dict()
    assert record["setup"] == state.setup_position and record["handicap_stones"] == []
    assert GoState.from_dict(record) == state


def test_a_position_plays_by_the_rules_from_its_stones() -> None:
    state = _game().setup(["D5", "C4", "E4"], ["D4"], "black")
    assert [str(p) for p in state.liberties("D4")] == ["D3"]
    state.play("D3")  # captures the white stone
    assert state.stone_at(3, 3) is None and state.prisoners == (1, 0)


def test_black_to_move_is_the_default_and_white_stones_alone_are_fine() -> None:
    assert _game().setup([], ["E5"]).to_move == 0
    assert _game().setup(["E5"], to_move="white").setup_position is not None


@pytest.mark.parametrize(
    ("black", "white", "to_move", "words"),
    [
        (["C3"], ["c3"], "black", "C3 is given twice"),
        (["A1"], ["A2", "B1"], "black", "the chain A1 has no liberty"),
        (["C3"], [], "red", "expected 'black' or 'white'"),
        (["Z3"], [], "black", "off the 9x9 board|not a point"),
    ],
)
def test_a_position_is_checked(
    black: list[str], white: list[str], to_move: str, words: str
) -> None:
    with pytest.raises((IllegalMoveError, NotationError), match=words):
        _game().setup(black, white, to_move)


def test_no_position_beside_a_fixed_handicap() -> None:
    with pytest.raises(IllegalMoveError, match="empty board"):
        _game(handicap=2).setup(["C3"], ["G7"], "black")


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"black": ["C3"], "stones": []}, "setup is"),
        ({"black": "C3 D4", "to_move": 1}, "to_move must be"),
        ({"black": [3]}, "list of names"),
    ],
)
def test_a_malformed_setup_record_is_refused(setup: object, words: str) -> None:
    record = _game().new_state().to_dict()
    record["setup"] = setup
    with pytest.raises(NotationError, match=words):
        GoState.from_dict(record)


def test_a_record_has_a_setup_or_handicap_stones_not_both() -> None:
    record = _game().setup(["C3"], ["D4"]).to_dict()
    record["handicap_stones"] = ["C3", "G7"]
    with pytest.raises(NotationError, match="not both"):
        GoState.from_dict(record)


def test_setup_from_record_reads_what_the_record_writes() -> None:
    game = _game()
    value = {"black": "C3 D4", "white": ["E5"], "to_move": "WHITE"}
    state = game.setup_from_record(value)
    assert state.setup_position == {"black": ["C3", "D4"], "white": ["E5"], "to_move": "white"}
