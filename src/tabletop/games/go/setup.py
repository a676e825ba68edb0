"""Go's set-up: Black's handicap stones, fixed by the option or placed freely.

A free handicap is the one position Go starts from other than the empty board
(and the fixed handicap points). Records keep it as a top-level
``"handicap_stones"`` list of points, beside the moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.core.errors import IllegalMoveError, NotationError
from tabletop.games.go.notation import GoMove, board_point


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
