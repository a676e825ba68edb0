"""Helpers the games' board views (games/<name>/view.py) share: the last move, stones by cell.

A board view is the ``board`` field of the server's GameView (docs/protocol.md):
plain JSON naming every cell with its drawing coordinates, so the browser app
draws any board from it alone.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core import State
from tabletop.games.boards import Centre

#: A cell's name and drawing centre (the views of boards drawn from a list of cells).
Cell = Centre


def last_move(state: State) -> str | None:
    """The last move in notation, or None at the start."""
    history = state.history
    return state.format_move(history[-1]) if history else None


def seat_by_cell(seats: int, cells_of: Callable[[int], list[str]]) -> dict[str, int]:
    """The seat owning each occupied cell, from ``cells_of(seat)`` (the cells of a seat's
    stones or marbles), seat by seat."""
    return {cell: seat for seat in range(seats) for cell in cells_of(seat)}
