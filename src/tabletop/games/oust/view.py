"""Oust's board view (the GameView's ``board``: docs/protocol.md) and its title summary."""

from __future__ import annotations

from functools import cache
from typing import Literal

from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

from tabletop.core import Game, State
from tabletop.games.board_view import Cell, last_move, seat_by_cell
from tabletop.games.boards import hex_centres
from tabletop.games.oust.rules import OustGame, OustState


class OustBoard(TypedDict):
    """Oust's ``board``: the cells with their centres, the stones by cell (the seat)."""

    kind: Literal["oust"]
    shape: Literal["square", "hex"]
    cells: list[Cell]
    stones: dict[str, int]
    last: str | None


@cache
def _cells(game: OustGame) -> tuple[Literal["square", "hex"], list[Cell]]:
    """The board's shape and its cells' drawing centres (made once per game)."""
    grid = game.grid
    if grid.shape == "hex":
        return "hex", hex_centres(grid.names, list(grid.coords))
    cells: list[Cell] = [
        {"name": name, "x": float(col), "y": float(grid.height - 1 - row)}
        for name, (col, row) in zip(grid.names, grid.coords, strict=True)
    ]
    return "square", cells


def board_view(state: State) -> OustBoard:
    """The cells with their centres and the stones by cell (the owner's seat)."""
    assert isinstance(state, OustState)
    shape, cells = _cells(state.game)
    stones = seat_by_cell(state.game.num_players, state.stones)
    return {
        "kind": "oust",
        "shape": shape,
        "cells": cells,
        "stones": stones,
        "last": last_move(state),
    }


def summary(game: Game) -> str:
    """The board, e.g. ``7×7`` or ``hex 5``."""
    options = game.options
    if options["board"] == "hex":
        return f"hex {options['side']}"
    return f"{options['width']}×{options['height']}"
