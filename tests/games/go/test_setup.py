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
