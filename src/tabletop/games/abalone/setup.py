"""Abalone positions given directly (problems, tests, analysis): marbles per seat, whose turn.

The set-up travels with the record as ``{"marbles": {seat: [cells]}, "to_move": seat}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tabletop.core.errors import NotationError
from tabletop.core.records import names_in, whole_in
from tabletop.games.abalone import geometry

#: Marbles a seat may have on the board (the standard start has 14).
MOST_MARBLES = 14


def checked_setup(
    players: int, marbles: Mapping[int, Iterable[str]], to_move: int
) -> dict[int, list[str]]:
    """Validated set-up marbles: known seats, real cells, no cell twice, at most 14 each."""
    n = players
    if not (isinstance(to_move, int) and 0 <= to_move < n):
        raise NotationError(f"setup: to_move={to_move!r} is not a seat 0..{n - 1}")
    taken: dict[str, int] = {}
    out: dict[int, list[str]] = {}
    for seat, cells in marbles.items():
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise NotationError(f"setup: {seat!r} is not a seat 0..{n - 1}")
        if isinstance(cells, str):
            cells = cells.split()
        names = []
        for raw in cells:
            name = str(raw).strip().lower()
            if name not in geometry.CELL_OF_NAME:
                raise NotationError(f"setup: {raw!r} is not a cell of the board")
            if name in taken:
                raise NotationError(f"setup: {name} is given to seats {taken[name]} and {seat}")
            taken[name] = seat
            names.append(name)
        if len(names) > MOST_MARBLES:
            raise NotationError(
                f"setup: seat {seat} has {len(names)} marbles; at most {MOST_MARBLES}"
            )
        out[seat] = sorted(names, key=geometry.CELL_OF_NAME.__getitem__)
    return out


def setup_record(marbles: Mapping[int, list[str]], to_move: int) -> dict[str, Any]:
    """The record's ``"setup"`` value of checked marbles."""
    return {"marbles": {str(seat): cells for seat, cells in marbles.items()}, "to_move": to_move}


def read_setup_record(value: Any) -> tuple[dict[int, list[str]], int]:
    """The marbles and seat to move of a record's ``"setup"`` value (NotationError if malformed)."""
    if not (isinstance(value, Mapping) and isinstance(value.get("marbles"), Mapping)):
        raise NotationError("setup must be {'marbles': {seat: [cells]}, 'to_move': seat}")
    marbles: dict[int, list[str]] = {}
    for seat, cells in value["marbles"].items():
        if not str(seat).isdecimal():
            raise NotationError(f"setup: seat {seat!r} is not a number")
        marbles[int(seat)] = names_in(cells, f"setup: seat {seat}'s marbles")
    return marbles, whole_in(value.get("to_move", 0), "setup: to_move")
