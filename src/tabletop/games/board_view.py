"""Helpers the games' board views (games/<name>/view.py) share: hex cell centres, the last move.

A board view is the ``board`` field of the server's GameView (docs/protocol.md):
plain JSON naming every cell with its drawing coordinates, so the browser app
draws any board from it alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

from tabletop.core import State

HEX_HEIGHT = math.sqrt(3) / 2


class Cell(TypedDict):
    """A cell of a board drawn from a list of cells: its name and drawing centre (cell
    units, y down)."""

    name: str
    x: float
    y: float


def last_move(state: State) -> str | None:
    """The last move in notation, or None at the start."""
    history = state.history
    return state.format_move(history[-1]) if history else None


def seat_by_cell(seats: int, cells_of: Callable[[int], list[str]]) -> dict[str, int]:
    """The seat owning each occupied cell, from ``cells_of(seat)`` (the cells of a seat's
    stones or marbles), seat by seat."""
    return {cell: seat for seat in range(seats) for cell in cells_of(seat)}


def hex_cells(names: tuple[str, ...], coords: list[tuple[int, int]]) -> list[Cell]:
    """Drawing centres of hex cells named by (row from the bottom, diagonal number).

    One step east is +1 in x; one step north-west (row + 1, same number) is
    half a cell left and sqrt(3)/2 up; y grows downward, both start at 0.
    """
    xs = [n - r / 2 for r, n in coords]
    top = max(r for r, _ in coords)
    left = min(xs)
    return [
        {"name": name, "x": round(x - left, 4), "y": round((top - r) * HEX_HEIGHT, 4)}
        for name, x, (r, _) in zip(names, xs, coords, strict=True)
    ]
