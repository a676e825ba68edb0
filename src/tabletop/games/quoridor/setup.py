"""Positions given directly (puzzles, analysis, tests): pawns, walls, walls left, turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.errors import IllegalMoveError, NotationError
from tabletop.games.quoridor import kernels as k
from tabletop.games.quoridor.notation import H_BASE, PAWN, parse_move

if TYPE_CHECKING:
    from tabletop.games.quoridor.rules import QuoridorGame


def place_setup(
    pos: np.ndarray,
    zob: np.ndarray,
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
    meta = k.O_META
    pos[k.O_OCC : k.O_OCC + k.SQ] = 0
    for seat, text in enumerate(pawns):
        move = parse_move(text)
        if move.kind != PAWN:
            raise NotationError(f"setup: {text!r} is not a square")
        square = move.action
        if pos[k.O_OCC + square]:
            raise IllegalMoveError(f"setup: two pawns on {move}")
        if k.is_goal(square, pos[meta + k.M_GOAL + seat]):
            raise IllegalMoveError(f"setup: {names[seat]}'s pawn on {move} is already on its goal")
        pos[k.O_OCC + square] = seat + 1
        pos[meta + k.M_PAWN + seat] = square
    for text in walls:
        move = parse_move(text)
        if not move.is_wall:
            raise NotationError(f"setup: {text!r} is not a wall")
        slot = move.action - H_BASE
        if pos[k.O_CONFLICT + slot]:
            raise IllegalMoveError(f"setup: wall {move} overlaps or crosses another wall")
        k.place_wall(pos, slot)
    left = [game.rules.walls] * players if walls_left is None else [int(n) for n in walls_left]
    if len(left) != players or not all(0 <= n <= k.NSLOT for n in left):
        raise IllegalMoveError(f"setup: walls_left needs {players} counts from 0 to {k.NSLOT}")
    for seat, n in enumerate(left):
        pos[meta + k.M_WALLS + seat] = n
    if not 0 <= to_move < players:
        raise IllegalMoveError(f"setup: to_move must be a seat from 0 to {players - 1}")
    pos[meta + k.M_TO_MOVE] = to_move
    k.refresh(pos)
    for seat in range(players):
        if pos[k.O_DIST + seat * k.SQ + pos[meta + k.M_PAWN + seat]] >= k.FAR:
            raise IllegalMoveError(f"setup: the walls cut {names[seat]} off from its goal")
    pos[meta + k.M_HASH] = k.compute_hash(pos, zob)
    return {
        "pawns": [str(parse_move(p)) for p in pawns],
        "walls": [str(parse_move(w)) for w in walls],
        "walls_left": left,
        "to_move": to_move,
    }
