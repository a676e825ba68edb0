"""Board geometry every game shares: square grids, hex-hex boards, their names and diagrams.

Coordinates, the same in every game that uses this module:

* square: ``(col, row)``, both from 0 at the bottom-left. Columns are named by
  GTP letters (``A``..``Z`` without ``I``), rows by numbers from 1.
* hex-hex board of ``side`` cells a side: ``(row, number)``, both from 0. Rows
  are letters from the bottom (``a`` = 0); ``number`` is the diagonal through
  the cell, so row ``r`` holds numbers ``max(0, r-side+1) .. min(2side-2, r+side-1)``
  and the cell is named ``f"{letter}{number + 1}"`` (Abalone's ``e5``).

A kernel may number cells or directions its own way (the order of its action
numbers or neighbour slots decides the order moves are tried in, so changing
it would change play); it maps to these coordinates at the edge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

#: Square-board column letters (GTP): no ``I``, 25 of them for the largest Go board.
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

#: Hex-board row letters from the bottom: a board of side 9 has 17 rows.
HEX_ROW_LETTERS = "abcdefghijklmnopq"

#: The six hex steps as (d_row, d_number), going round anticlockwise from east, so each
#: direction's opposite is three places on.
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),  # east
    (1, 1),  # north-east
    (1, 0),  # north-west
    (0, -1),  # west
    (-1, -1),  # south-west
    (-1, 0),  # south-east
)
HEX_DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")

#: The four square steps as (d_col, d_row): south, west, east, north.
SQUARE_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))

#: Height of one hex row when a step east is 1 wide (cells drawn as touching circles).
HEX_ROW_HEIGHT = math.sqrt(3) / 2


# -- square boards ------------------------------------------------------------------------
def square_name(col: int, row: int, columns: str = GTP_COLUMNS) -> str:
    """The name of a square-board point, e.g. ``D4`` (columns in the case of ``columns``)."""
    return f"{columns[col]}{row + 1}"


def square_diagram(
    width: int,
    height: int,
    chars: Sequence[str],
    columns: str,
    gap: int = 1,
    last: int = -1,
) -> list[str]:
    """A square board as text lines, top row first, column letters above and below.

    ``chars[row * width + col]`` is drawn for each point; ``gap`` spaces separate
    the row numbers from the points; the point ``last`` (same numbering) is put
    in brackets.
    """
    letters = " " * (2 + gap) + " ".join(columns[:width])
    lines = [letters]
    for row in range(height - 1, -1, -1):
        line = list(" " * gap + " ".join(chars[row * width : (row + 1) * width]) + " " * gap)
        if last >= 0 and last // width == row:
            x = gap + 2 * (last % width)
            line[x - 1], line[x + 1] = "(", ")"
        lines.append(f"{row + 1:>2}{''.join(line)}{row + 1}")
    lines.append(letters)
    return lines


# -- hex boards ---------------------------------------------------------------------------
def hex_row_span(side: int, row: int) -> tuple[int, int]:
    """The first and last diagonal number of hex row ``row`` (from 0) on a board of ``side``."""
    return max(0, row - side + 1), min(2 * side - 2, row + side - 1)


def hex_cells(side: int) -> tuple[tuple[int, int], ...]:
    """Every cell of the board of ``side`` as (row, number), row by row from the bottom."""
    cells: list[tuple[int, int]] = []
    for row in range(2 * side - 1):
        first, last = hex_row_span(side, row)
        cells.extend((row, number) for number in range(first, last + 1))
    return tuple(cells)


def hex_name(row: int, number: int) -> str:
    """The name of hex cell (row, number), e.g. ``e5`` for (4, 4)."""
    return f"{HEX_ROW_LETTERS[row]}{number + 1}"


class Centre(TypedDict):
    """A cell of a board drawn from a list of cells: its name and drawing centre (cell
    units, y down), as the board views send it."""

    name: str
    x: float
    y: float


def hex_centres(names: Sequence[str], coords: Sequence[tuple[int, int]]) -> list[Centre]:
    """Drawing centres of hex cells given as (row, number), for a board view.

    One step east is +1 in x; one step north-west (row + 1, same number) is half
    a cell left and ``HEX_ROW_HEIGHT`` up; y grows downward and both start at 0,
    so the result does not depend on where the coordinates count from.
    """
    xs = [n - r / 2 for r, n in coords]
    top = max(r for r, _ in coords)
    left = min(xs)
    return [
        {"name": name, "x": round(x - left, 4), "y": round((top - r) * HEX_ROW_HEIGHT, 4)}
        for name, x, (r, _) in zip(names, xs, coords, strict=True)
    ]


def hex_diagram(
    side: int,
    chars: Sequence[str],
    gap: int = 1,
    margin: int = 0,
    last: int = -1,
) -> list[str]:
    """A hex-hex board as text lines, the top row first.

    ``chars`` has one character per cell in :func:`hex_cells` order; ``last``
    (an index in that order) is put in brackets. Each row is shifted half a
    cell from its neighbours so the diagonals run straight; the row letter
    stands ``gap`` spaces left of the row, the widest row's letter ``margin``
    spaces in, and each diagonal's number where it leaves the board at the
    bottom: below row a, then at the right ends of the lower rows.
    """
    rows = 2 * side - 1
    # Cell (row r, number n) is drawn at column 2n - r + base.
    base = margin + gap + side
    width = 2 * rows + base + 4
    index = {cell: i for i, cell in enumerate(hex_cells(side))}
    lines = []
    for r in range(rows - 1, -2, -1):
        line = [" "] * width
        if r >= 0:
            first, end = hex_row_span(side, r)
            line[2 * first - r + base - 1 - gap] = HEX_ROW_LETTERS[r]
            for n in range(first, end + 1):
                i = index[(r, n)]
                x = 2 * n - r + base
                line[x] = chars[i]
                if i == last:
                    line[x - 1], line[x + 1] = "(", ")"
        # Diagonal n's number stands where its cell one row below its foot would be.
        for n in range(rows):
            if max(0, n - side + 1) - 1 == r:
                label = str(n + 1)
                x = 2 * n - r + base
                line[x : x + len(label)] = list(label)
        lines.append("".join(line).rstrip())
    return lines
