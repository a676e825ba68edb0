"""Text diagrams of Oust boards: the square grid as Go's, the hex board as a hexagon.

The hex board is drawn as Abalone's: the top row first, each row indented
by half a cell from its neighbour, row letters on the left and the diagonal
numbers below the bottom row and down the lower-right edge, each at the
foot of its diagonal.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.oust.geometry import HEX_ROWS, SQUARE_COLUMNS, Grid, hex_row_span

#: Drawn per kernel cell value: EMPTY, BLACK, WHITE.
CHARS = ".XO"


def render(grid: Grid, cells: Sequence[int], last: int = -1) -> str:
    """The board with ``cells`` (0 empty, 1 black, 2 white per cell); ``last`` in brackets."""
    if grid.shape == "hex":
        return _hex(grid, cells, last)
    return _square(grid, cells, last)


def _mark(line: list[str], x: int) -> None:
    line[x - 1], line[x + 1] = "(", ")"


def _square(grid: Grid, cells: Sequence[int], last: int) -> str:
    w, h = grid.width, grid.height
    letters = "    " + " ".join(SQUARE_COLUMNS[:w])
    lines = [letters]
    for row in range(h - 1, -1, -1):
        line = list(f"{row + 1:>2}  " + " ".join(CHARS[cells[row * w + c]] for c in range(w)))
        line.append(" ")
        if last >= 0 and last // w == row:
            _mark(line, 4 + 2 * (last % w))
        lines.append("".join(line) + f" {row + 1}")
    lines.append(letters)
    return "\n".join(lines)


def _hex(grid: Grid, cells: Sequence[int], last: int) -> str:
    s = grid.side
    rows = 2 * s - 1
    # Cell (row r, number n) sits at column 2n - r + off; a row's letter two to its left.
    off = s + 2
    width = 2 * (2 * s - 1) + off + 4
    at = {coord: i for i, coord in enumerate(grid.coords)}
    lines = []
    for r in range(rows, -1, -1):
        line = [" "] * width
        if r >= 1:
            lo, hi = hex_row_span(s, r)
            line[2 * lo - r + off - 2] = HEX_ROWS[r - 1]
            for n in range(lo, hi + 1):
                i = at[(r, n)]
                x = 2 * n - r + off
                line[x] = CHARS[cells[i]]
                if i == last:
                    _mark(line, x)
        # Diagonal n's label goes where its cell one row below its foot would be.
        for n in range(1, rows + 1):
            if max(1, n - s + 1) - 1 == r:
                label = str(n)
                x = 2 * n - r + off
                line[x : x + len(label)] = list(label)
        lines.append("".join(line).rstrip())
    return "\n".join(lines)
