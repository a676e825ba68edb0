"""The Go board: points as (col, row), their GTP names, and the kernels' padded numbering.

Points are ``(col, row)`` from 0 at the bottom-left, named by the GTP letters of
:mod:`tabletop.games.boards` (``D4``). The kernels see an N x N board as a
flat (N+2) x (N+2) grid with a border all round, so a neighbour is one
addition away and never out of bounds; this module maps between the two.
"""

from __future__ import annotations

from tabletop.games import boards

#: Column letters, A..Z without I: enough for the largest board, 25 x 25.
COLUMNS = boards.GTP_COLUMNS


def padded_width(size: int) -> int:
    """The width of the kernels' grid for a ``size`` board: one border column each side."""
    return size + 2


def point_index(size: int, col: int, row: int) -> int:
    """The kernels' index of point (col, row) on a ``size`` board."""
    return (row + 1) * (size + 2) + col + 1


def col_row(size: int, index: int) -> tuple[int, int]:
    """The (col, row) of the kernels' index ``index`` on a ``size`` board."""
    width = size + 2
    return index % width - 1, index // width - 1
