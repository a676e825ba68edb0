"""Go moves and their notation: GTP coordinates (``D4``, ``pass``).

Columns are letters from the left skipping ``I`` (A..H, J..Z covers the
largest board, 25x25); rows are numbers from the bottom. Output is upper
case; input may be any case, with spaces around it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.errors import NotationError
from tabletop.core.notation import typed_text
from tabletop.games.go.geometry import COLUMNS, point_index


@dataclass(frozen=True, slots=True, order=True)
class GoMove:
    """A stone at (col, row), both counted from 0 at the bottom-left, or a pass."""

    col: int = -1
    row: int = -1

    @property
    def is_pass(self) -> bool:
        """True for the pass move."""
        return self.col < 0

    def __str__(self) -> str:
        if self.is_pass:
            return "pass"
        return f"{COLUMNS[self.col]}{self.row + 1}"


PASS = GoMove()


def parse_move(text: str, size: int) -> GoMove:
    """Read ``D4`` or ``pass`` on a size x size board; NotationError quotes what is wrong."""
    cleaned = typed_text(text).upper()
    if cleaned == "PASS":
        return PASS
    if not cleaned:
        raise NotationError("empty move: expected a point like D4 or 'pass'")
    letter, digits = cleaned[0], cleaned[1:]
    if letter == "I":
        raise NotationError(f"{text!r}: Go coordinates skip the letter I (H is followed by J)")
    if letter not in COLUMNS or not (digits.isascii() and digits.isdigit()):
        raise NotationError(f"{text!r} is not a Go move: expected a point like D4 or 'pass'")
    col = COLUMNS.index(letter)
    row = int(digits) - 1
    last = COLUMNS[size - 1]
    if col >= size:
        raise NotationError(f"{text!r}: column {letter} is off the {size}x{size} board (A..{last})")
    if not 0 <= row < size:
        raise NotationError(f"{text!r}: row {digits} is off the {size}x{size} board (1..{size})")
    return GoMove(col, row)


def format_point(col: int, row: int) -> str:
    """The GTP name of a point."""
    return str(GoMove(col, row))


def board_point(point: GoMove | str, size: int) -> tuple[GoMove, int]:
    """A point given as a move or its notation, and its kernels' index; NotationError for
    a pass or a point off the ``size`` board."""
    move = parse_move(point, size) if isinstance(point, str) else point
    if move.is_pass:
        raise NotationError("pass is not a point")
    if not (0 <= move.col < size and 0 <= move.row < size):
        raise NotationError(f"{move!r} is off the {size}x{size} board")
    return move, point_index(size, move.col, move.row)
