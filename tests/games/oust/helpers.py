"""Building Oust games and positions for tests."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.games.oust import OustGame, OustState


def game(**options: Any) -> OustGame:
    """load_game("oust", ...) typed as OustGame."""
    loaded = tabletop.load_game("oust", **options)
    assert isinstance(loaded, OustGame)
    return loaded


def played(moves: str, **options: Any) -> OustState:
    """A new game with ``moves`` (space-separated notation) played in."""
    state = game(**options).new_state()
    for move in moves.split():
        state.play(move)
    return state


def position(black: str = "", white: str = "", to_move: str = "black", **options: Any) -> OustState:
    """A set-up position: these stones, ``to_move`` to place."""
    return game(**options).setup(black.split(), white.split(), to_move)


def names(moves: list[Any]) -> list[str]:
    """Moves as their notation."""
    return [str(m) for m in moves]


def neighbour_lists(g: OustGame) -> list[list[int]]:
    """The neighbour table as lists, without the sentinel padding."""
    cells = g.num_cells
    return [[int(q) for q in row if q != cells] for row in g.neighbours]
