"""Differential test against abalone-boai (PyPI), an independent Python implementation.

At 300 positions per 2-player layout, reached by random play from the start
(with a bias towards pushes, so that sumito, sandwiches and ejections come
up), both engines must list the same legal moves. boai sets up the board
from ours and its moves are converted to our notation.

The peers extra installs abalone-boai; the test is skipped only when it is
absent.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.games.abalone import AbaloneState

boai_game = pytest.importorskip("abalone.game", reason="abalone-boai is not installed")
boai_enums = pytest.importorskip("abalone.enums")
boai_utils = pytest.importorskip("abalone.utils")

POSITIONS_PER_LAYOUT = 300


def boai_position(state: AbaloneState) -> object:
    """A boai Game with our marbles and side to move."""
    Marble, Player, Space = boai_enums.Marble, boai_enums.Player, boai_enums.Space
    game = boai_game.Game()
    for space in Space:
        if space is not Space.OFF:
            game.set_marble(space, Marble.BLANK)
    for seat, marble in ((0, Marble.BLACK), (1, Marble.WHITE)):
        for cell in state.marbles(seat):
            game.set_marble(Space[cell.upper()], marble)
    game.turn = Player.BLACK if state.to_move == 0 else Player.WHITE
    return game


def boai_moves(game: object) -> set[str]:
    """boai's legal moves in our notation (parsed, so broadsides get our canonical form)."""
    neighbour = boai_utils.neighbor
    texts = set()
    for marbles, direction in game.generate_legal_moves():  # type: ignore[attr-defined]
        if isinstance(marbles, tuple):
            first, last = marbles
            text = first.name + last.name + neighbour(first, direction).name
        else:
            text = marbles.name + neighbour(marbles, direction).name
        texts.add(text.lower())
    return texts


def ours(state: AbaloneState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def canonical(state: AbaloneState, texts: set[str]) -> set[str]:
    return {str(state.parse_move(t)) for t in texts}


def pushes(state: AbaloneState, action: int) -> bool:
    """True when the move moves an opposing marble."""
    seat = state.to_move
    assert seat is not None
    other = 1 - seat
    before = state.marbles(other)
    state.play(action)
    moved = state.marbles(other) != before
    state.undo()
    return moved


@pytest.mark.parametrize("layout", ["standard", "belgian-daisy", "german-daisy"])
def test_legal_moves_match_abalone_boai(layout: str) -> None:
    rng = random.Random(layout)
    game = tabletop.load_game("abalone", players=2, layout=layout)
    checked = ejections = push_positions = 0
    while checked < POSITIONS_PER_LAYOUT:
        state = game.new_state()
        assert isinstance(state, AbaloneState)
        for _ in range(150):
            if state.is_over() or checked >= POSITIONS_PER_LAYOUT:
                break
            expected = ours(state)
            theirs = canonical(state, boai_moves(boai_position(state)))
            if expected == {"pass"}:
                assert theirs == set()
            else:
                assert theirs == expected, (
                    f"{layout}, ply {state.ply}: only ours {sorted(expected - theirs)}, "
                    f"only boai {sorted(theirs - expected)}\n{state}"
                )
            checked += 1
            actions = state.legal_actions().tolist()
            rng.shuffle(actions)
            push = next((a for a in actions[:12] if pushes(state, a)), None)
            push_positions += push is not None
            before = sum(state.ejected)
            state.play(push if push is not None and rng.random() < 0.7 else actions[0])
            ejections += sum(state.ejected) - before
    # The sample reached the interesting cases.
    assert push_positions > 20 and ejections > 0, (push_positions, ejections)
