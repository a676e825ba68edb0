"""Oust positions given directly (problems, tests): Black's and White's stones, whose turn.

The position need not be reachable. It starts a history of its own (ply 0, no
pie swap) and travels with the record as ``{"black": [...], "white": [...],
"to_move": "black" | "white"}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tabletop.core.errors import NotationError
from tabletop.core.records import names_in
from tabletop.games.oust import kernels
from tabletop.games.oust.geometry import Grid


def place_setup(
    pos: np.ndarray,
    zobrist: np.ndarray,
    scratch: np.ndarray,
    grid: Grid,
    black: list[str],
    white: list[str],
    to_move: str,
) -> dict[str, Any]:
    """Put the stones on the empty position ``pos`` (board and meta rows) and settle whose
    turn it is; returns the set-up as the record keeps it."""
    board, meta = pos[0], pos[1]
    side = to_move.strip().lower() if isinstance(to_move, str) else to_move
    if side not in ("black", "white"):
        raise NotationError(f"to_move={to_move!r}: expected 'black' or 'white'")
    taken: dict[int, str] = {}
    for color, names in ((kernels.BLACK, black), (kernels.WHITE, white)):
        for text in names:
            cell = grid.cell(text)
            if cell in taken:
                raise NotationError(f"set-up: {grid.names[cell]} is given twice")
            taken[cell] = text
            board[cell] = color
            meta[kernels.M_HASH] ^= zobrist[color, cell]
            meta[kernels.M_STONES + color - 1] += 1
    record = {
        "black": sorted(grid.names[grid.cell(t)] for t in black),
        "white": sorted(grid.names[grid.cell(t)] for t in white),
        "to_move": side,
    }
    cand = kernels.BLACK if side == "black" else kernels.WHITE
    kernels.settle(board, grid.neighbours, scratch, meta, cand, 0)
    return record


def read_setup_record(value: Any) -> tuple[list[str], list[str], str]:
    """Black's and White's cells and the side to move of a record's ``"setup"`` value."""
    if not isinstance(value, Mapping):
        raise NotationError("an Oust record's setup must be a mapping")
    to_move = value.get("to_move", "black")
    if not isinstance(to_move, str):
        raise NotationError(f"setup: to_move must be 'black' or 'white', not {to_move!r}")
    black = names_in(value.get("black", []), "setup: black")
    return black, names_in(value.get("white", []), "setup: white"), to_move
