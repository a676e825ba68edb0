"""Text diagrams of Oust boards: the square grid as Go's, the hex board as a hexagon.

The hex board is drawn as Abalone's: the top row first, each row indented
by half a cell from its neighbour, row letters on the left and the diagonal
numbers below the bottom row and down the lower-right edge, each at the
foot of its diagonal.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games import boards
from tabletop.games.oust.geometry import SQUARE_COLUMNS, Grid

#: Drawn per kernel cell value: EMPTY, BLACK, WHITE.
CHARS = ".XO"


def render(grid: Grid, cells: Sequence[int], last: int = -1) -> str:
    """The board with ``cells`` (0 empty, 1 black, 2 white per cell); ``last`` in brackets."""
    chars = [CHARS[c] for c in cells]
    if grid.shape == "hex":
        lines = boards.hex_diagram(grid.side, chars, gap=1, margin=2, last=last)
    else:
        lines = boards.square_diagram(grid.width, grid.height, chars, SQUARE_COLUMNS, 2, last)
    return "\n".join(lines)
