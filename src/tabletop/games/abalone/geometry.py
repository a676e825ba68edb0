"""The Abalone hexagon: 61 cells, their names, and the padded grid the kernels use.

Cells are named as in docs/rules/abalone.md §2.2: a row letter ``a``..``i`` from the bottom
and the number of the diagonal through the cell, so row r (0 = a) holds the
numbers n (0-based) with ``max(0, r-4) <= n <= min(8, r+4)``.

The kernels see the board as a flat 11x11 grid of axial coordinates
``(row+1)*11 + (number+1)``: every cell of the hexagon is a real index, every
other index holds OFF, so one step in any of the six directions is one
addition and running off the board is one comparison (no bounds checks).

The hexagon itself (cells, names, directions) is the side-5 board of
:mod:`tabletop.games.boards`; this module adds the kernels' padded grid.
"""

from __future__ import annotations

from tabletop.games import boards

SIDE = 5
ROWS = boards.HEX_ROW_LETTERS[: 2 * SIDE - 1]
WIDTH = 11  # padded grid width: 9 numbers plus one OFF column on each side
GRID = WIDTH * WIDTH

#: The six directions as (d_row, d_number), in the order the action numbers use (the
#: board's anticlockwise order from east). Each direction's opposite is three places on.
DIRECTIONS: tuple[tuple[int, int], ...] = boards.HEX_DIRECTIONS
DIRECTION_NAMES = boards.HEX_DIRECTION_NAMES
#: Grid offset of one step in each direction.
OFFSETS: tuple[int, ...] = tuple(dr * WIDTH + dn for dr, dn in DIRECTIONS)
#: The three line axes, named by their forward direction (0 east, 1 north-east, 2 north-west).
AXES = (0, 1, 2)


def on_board(row: int, number: int) -> bool:
    """True when 0-based (row, number) is one of the 61 cells."""
    return 0 <= row <= 8 and 0 <= number <= 8 and abs(row - number) <= 4


#: The 61 cells as 0-based (row, number), in action order: row a first, numbers ascending.
CELLS: tuple[tuple[int, int], ...] = boards.hex_cells(SIDE)
CELL_INDEX: dict[tuple[int, int], int] = {rc: i for i, rc in enumerate(CELLS)}
#: Grid index of each cell, and the cell of each grid index (-1 off the board).
GRID_OF_CELL: tuple[int, ...] = tuple((r + 1) * WIDTH + n + 1 for r, n in CELLS)
CELL_OF_GRID: tuple[int, ...] = tuple(
    GRID_OF_CELL.index(g) if g in GRID_OF_CELL else -1 for g in range(GRID)
)
NAMES: tuple[str, ...] = tuple(boards.hex_name(r, n) for r, n in CELLS)
CELL_OF_NAME: dict[str, int] = {name: i for i, name in enumerate(NAMES)}


def row_range(row: int) -> tuple[int, int]:
    """The first and last 0-based number of a row."""
    return boards.hex_row_span(SIDE, row)


def neighbour(cell: int, direction: int) -> int | None:
    """The cell one step from ``cell`` in ``direction``, or None off the board."""
    r, n = CELLS[cell]
    dr, dn = DIRECTIONS[direction]
    return CELL_INDEX.get((r + dr, n + dn))


def direction_between(a: int, b: int) -> tuple[int, int] | None:
    """(direction, steps) when b lies on a straight line from a, else None."""
    (ra, na), (rb, nb) = CELLS[a], CELLS[b]
    dr, dn = rb - ra, nb - na
    for d, (sr, sn) in enumerate(DIRECTIONS):
        for steps in range(1, 9):
            if (sr * steps, sn * steps) == (dr, dn):
                return d, steps
    return None


def axis_of(direction: int) -> int:
    """The axis a direction moves along (a direction and its opposite share one)."""
    return direction % 3


def side_directions(axis: int) -> tuple[int, ...]:
    """The four directions that leave a line on ``axis`` sideways (broadside), ascending."""
    return tuple(d for d in range(6) if d % 3 != axis)
