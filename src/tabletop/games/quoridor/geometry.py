"""The Quoridor board: 9 x 9 squares, their names, and the four steps between them.

Squares are ``(col, row)`` from 0 at a1, the first player's left corner, as the
square boards of :mod:`tabletop.games.boards`; the kernels number a square
``row * 9 + col``. Columns are ``a``..``i`` (all nine letters: Quoridor's
notation does not skip ``i`` as Go's does).
"""

from __future__ import annotations

SIZE = 9
COLUMNS = "abcdefghi"
NUM_SQUARES = SIZE * SIZE
#: Wall anchors per orientation (8 x 8): a wall is named by the square nearest a1 of the
#: four it touches.
NUM_SLOTS = (SIZE - 1) * (SIZE - 1)


def square_name(square: int) -> str:
    """The name of square index ``row*9+col``, e.g. ``e1`` for 4."""
    return f"{COLUMNS[square % SIZE]}{square // SIZE + 1}"
