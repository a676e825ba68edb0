"""Notation and actions (docs/rules/quoridor.md §9): one text per move, actions round-trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import NotationError
from tabletop.games.quoridor.notation import (
    MOVES_BY_ACTION,
    NUM_ACTIONS,
    PASS,
    QuoridorMove,
    move_of_action,
    parse_move,
)
from tabletop.games.quoridor.openspiel import from_openspiel, to_openspiel


def test_action_layout() -> None:
    assert NUM_ACTIONS == 210
    assert str(move_of_action(0)) == "a1" and str(move_of_action(80)) == "i9"
    assert str(move_of_action(81)) == "a1h" and str(move_of_action(144)) == "h8h"
    assert str(move_of_action(145)) == "a1v" and str(move_of_action(208)) == "h8v"
    assert move_of_action(209) == PASS
    with pytest.raises(NotationError, match="out of range"):
        move_of_action(210)


@given(st.integers(0, NUM_ACTIONS - 1))
def test_every_action_round_trips(action: int) -> None:
    move = MOVES_BY_ACTION[action]
    assert move.action == action
    text = str(move)
    assert text == text.lower()
    assert parse_move(text) == move
    assert parse_move(f"  {text.upper()} ") == move


def test_all_texts_are_distinct() -> None:
    assert len({str(m) for m in MOVES_BY_ACTION}) == NUM_ACTIONS


def test_moves_are_values() -> None:
    assert QuoridorMove("h", 4, 2) == parse_move("e3h")
    assert hash(parse_move("e3v")) == hash(QuoridorMove("v", 4, 2))


@pytest.mark.parametrize(
    ("openspiel", "ours"),
    [("a1h", "a8h"), ("e8", "e2"), ("e9", "e1"), ("e1", "e9"), ("h8v", "h1v"), ("c4v", "c5v")],
)
def test_openspiel_notation(openspiel: str, ours: str) -> None:
    """OpenSpiel's upside-down squares and walls convert to ours and back
    (docs/rules/quoridor.md §9.3)."""
    assert from_openspiel(openspiel) == ours
    assert to_openspiel(ours) == openspiel
