"""Positions given directly (puzzles, analysis, tests): pawns, walls, walls left, turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.errors import IllegalMoveError, NotationError
from tabletop.core.records import names_in, whole_in
from tabletop.games.quoridor import kernels
from tabletop.games.quoridor.notation import H_BASE, PAWN, parse_move

if TYPE_CHECKING:
    from tabletop.games.quoridor.rules import QuoridorGame

#: The keys of a record's set-up.
SETUP_KEYS = frozenset({"pawns", "walls", "walls_left", "to_move"})


def place_setup(
    pos: np.ndarray,
    game: QuoridorGame,
    pawns: Sequence[str],
    walls: Sequence[str],
    walls_left: Sequence[int] | None,
    to_move: int,
) -> dict[str, Any]:
    """Turn the start position ``pos`` into the one described; returns the description.

    IllegalMoveError names the rule a described position breaks.
    """
    players = game.num_players
    names = game.seat_names
    if len(pawns) != players:
        raise IllegalMoveError(f"setup: {players} pawns needed, one per seat; got {len(pawns)}")
    meta = kernels.O_META
    pos[kernels.O_OCC : kernels.O_OCC + kernels.SQ] = 0
    for seat, text in enumerate(pawns):
        move = parse_move(text)
        if move.kind != PAWN:
            raise NotationError(f"setup: {text!r} is not a square")
        square = move.action
        if pos[kernels.O_OCC + square]:
            raise IllegalMoveError(f"setup: two pawns on {move}")
        if kernels.is_goal(square, pos[meta + kernels.M_GOAL + seat]):
            raise IllegalMoveError(f"setup: {names[seat]}'s pawn on {move} is already on its goal")
        pos[kernels.O_OCC + square] = seat + 1
        pos[meta + kernels.M_PAWN + seat] = square
    for text in walls:
        move = parse_move(text)
        if not move.is_wall:
            raise NotationError(f"setup: {text!r} is not a wall")
        slot = move.action - H_BASE
        if pos[kernels.O_CONFLICT + slot]:
            raise IllegalMoveError(f"setup: wall {move} overlaps or crosses another wall")
        kernels.place_wall(pos, slot)
    left = [game.settings.walls] * players if walls_left is None else [int(n) for n in walls_left]
    if len(left) != players or not all(0 <= n <= kernels.NSLOT for n in left):
        raise IllegalMoveError(
            f"setup: walls_left needs {players} counts from 0 to {kernels.NSLOT}"
        )
    for seat, n in enumerate(left):
        pos[meta + kernels.M_WALLS + seat] = n
    if not 0 <= to_move < players:
        raise IllegalMoveError(f"setup: to_move must be a seat from 0 to {players - 1}")
    pos[meta + kernels.M_TO_MOVE] = to_move
    kernels.refresh(pos)
    for seat in range(players):
        if (
            pos[kernels.O_DIST + seat * kernels.SQ + pos[meta + kernels.M_PAWN + seat]]
            >= kernels.FAR
        ):
            raise IllegalMoveError(f"setup: the walls cut {names[seat]} off from its goal")
    pos[meta + kernels.M_HASH] = kernels.compute_hash(pos)
    return {
        "pawns": [str(parse_move(p)) for p in pawns],
        "walls": [str(parse_move(w)) for w in walls],
        "walls_left": left,
        "to_move": to_move,
    }


def read_setup_record(value: Any) -> tuple[list[str], list[str], list[int] | None, int]:
    """Pawns, walls, walls left and seat to move of a record's ``"setup"`` value."""
    if not (isinstance(value, Mapping) and set(value) <= SETUP_KEYS):
        keys = ", ".join(sorted(SETUP_KEYS))
        raise NotationError(f"a Quoridor record's setup is a mapping with keys {keys}")
    left = value.get("walls_left")
    if left is not None and not isinstance(left, list):
        raise NotationError(f"setup: walls_left must be a list of counts, not {left!r}")
    return (
        names_in(value.get("pawns", []), "setup: pawns"),
        names_in(value.get("walls", []), "setup: walls"),
        None if left is None else [whole_in(n, "setup: walls_left") for n in left],
        whole_in(value.get("to_move", 0), "setup: to_move"),
    )
