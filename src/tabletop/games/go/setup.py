"""Go's set-ups: a free handicap, or a position of stones of both colours and a side to move.

A free handicap is Black's stones on the empty board with White to move (the
fixed handicap points are an option instead). Records keep it, as they always
have, as a top-level ``"handicap_stones"`` list of points beside the moves, and
the handicap bonus counts its stones.

Any other position given directly (a problem, a lesson, a diagram of the rules,
SGF's AB/AW/PL) is a set-up of both colours: records keep it as
``"setup": {"black": [...], "white": [...], "to_move": "black" | "white"}``, as
Oust's, and it counts as no handicap (decision record 0108).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tabletop.core.errors import IllegalMoveError, NotationError
from tabletop.core.records import names_in
from tabletop.games.go.notation import GoMove, board_point

#: The sides a set-up names, by the seat they are (Black moves first in Go).
SIDES = ("black", "white")


def free_handicap(points: Iterable[GoMove | str], size: int) -> dict[int, GoMove]:
    """The kernels' index and move of each freely placed handicap stone, checked: points
    on the board, none twice, 2 or more of them and at least one point left empty."""
    chosen: dict[int, GoMove] = {}
    for point in points:
        move, p = board_point(point, size)
        if p in chosen:
            raise IllegalMoveError(f"{move}: the point is given twice")
        chosen[p] = move
    if not 2 <= len(chosen) <= size * size - 1:
        raise IllegalMoveError(f"a handicap is 2 or more stones, not {len(chosen)}")
    return chosen


def read_handicap_record(value: Any) -> list[str]:
    """The free handicap points of a record's ``"handicap_stones"`` value."""
    if not isinstance(value, list):
        raise NotationError("'handicap_stones' must be a list of points")
    return [str(p) for p in value]


def position_stones(
    black: Iterable[GoMove | str], white: Iterable[GoMove | str], size: int
) -> tuple[dict[int, GoMove], dict[int, GoMove]]:
    """The kernels' index and move of each set-up stone by colour, checked: points on the
    board and no point given twice (whether a chain has a liberty is the state's check)."""
    taken: dict[int, str] = {}
    out: tuple[dict[int, GoMove], dict[int, GoMove]] = ({}, {})
    for side, points, chosen in zip(SIDES, (black, white), out, strict=True):
        if isinstance(points, str):
            points = points.split()
        for point in points:
            move, p = board_point(point, size)
            if p in taken:
                raise IllegalMoveError(f"setup: {move} is given twice ({taken[p]} and {side})")
            taken[p] = side
            chosen[p] = move
    if len(taken) >= size * size:
        raise IllegalMoveError("setup: the stones fill the whole board")
    return out


def side_to_move(to_move: Any) -> int:
    """The seat of a set-up's ``to_move`` ("black" or "white", any case)."""
    side = to_move.strip().lower() if isinstance(to_move, str) else to_move
    if side not in SIDES:
        raise NotationError(f"setup: to_move={to_move!r}: expected 'black' or 'white'")
    return SIDES.index(side)


def setup_record(black: Iterable[GoMove], white: Iterable[GoMove], seat: int) -> dict[str, Any]:
    """The record's ``"setup"`` value of checked stones and the seat to move."""
    return {
        "black": [str(m) for m in sorted(black)],
        "white": [str(m) for m in sorted(white)],
        "to_move": SIDES[seat],
    }


def read_setup_record(value: Any) -> tuple[list[str], list[str], str]:
    """Black's and White's points and the side to move of a record's ``"setup"`` value."""
    if not isinstance(value, Mapping) or not set(value) <= {"black", "white", "to_move"}:
        raise NotationError(
            "a Go record's setup is {'black': [points], 'white': [points], 'to_move': side}"
        )
    to_move = value.get("to_move", "black")
    if not isinstance(to_move, str):
        raise NotationError(f"setup: to_move must be 'black' or 'white', not {to_move!r}")
    black = names_in(value.get("black", []), "setup: black")
    return black, names_in(value.get("white", []), "setup: white"), to_move
