"""Oust notation: one lower-case text per move, any case on input."""

from __future__ import annotations

import pytest

from tabletop.core import NotationError
from tabletop.games.oust import PASS, SWAP, OustMove

from .helpers import game


@pytest.mark.parametrize(
    "options",
    [{"size": 9}, {"width": 19, "height": 2}, {"board": "hex", "side": 9}],
)
def test_every_action_round_trips(options: dict[str, object]) -> None:
    state = game(pie=True, **options).new_state()
    for action in range(state.game.num_actions):
        move = state.action_to_move(action)
        text = str(move)
        assert text == text.lower()
        assert state.parse_move(text) == move
        assert state.parse_move(f"  {text.upper()} ") == move
        assert state.move_to_action(move) == action


def test_special_moves() -> None:
    state = game(size=3, pie=True).new_state()
    assert state.parse_move("PASS") == PASS and state.parse_move("Swap") == SWAP
    assert state.move_to_action(PASS) == 9 and state.move_to_action(SWAP) == 10
    assert PASS.is_pass and SWAP.is_swap and OustMove("a1").is_placement


def test_moves_from_another_board_are_refused() -> None:
    state = game(size=3).new_state()
    with pytest.raises(NotationError, match="'d4' is not a move on the 3x3 square board"):
        state.move_to_action(OustMove("d4"))
    with pytest.raises(NotationError, match="not an Oust move"):
        state.move_to_action("a1")  # type: ignore[arg-type]


def test_hex_notation_errors_quote_the_input() -> None:
    state = game(board="hex", side=7).new_state()
    with pytest.raises(NotationError, match=r"'A8': row a of the hex board of side 7 holds"):
        state.parse_move("A8")
    with pytest.raises(NotationError, match="'n1': row n is off the hex board of side 7"):
        state.parse_move("n1")
    with pytest.raises(NotationError, match="'7g' is not a cell"):
        state.parse_move("7g")
