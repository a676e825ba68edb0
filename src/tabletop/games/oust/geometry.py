"""Oust boards: square N x M grids and hex-hex boards, as cells, names and neighbour tables.

Every board is a list of cells numbered ``0 .. C-1``; a cell's number is its
integer action. The kernels see a board only through two arrays:

* ``neighbours``: int64[C, K], the neighbours of each cell (K = 4 on a square
  grid, 6 on a hex board), padded with the sentinel cell ``C``;
* a board array of length ``C + 1`` whose last entry is a BORDER marker,
  so the padding reads as "off the board" without a bounds check.

Cell names:

* square: columns are letters from the left skipping ``i`` (as Go's GTP
  coordinates, docs/rules/oust.md §2.1), rows are numbers from the bottom: ``c3``.
  Cells are numbered row by row from the bottom-left: ``row * width + col``.
* hex: as Abalone (docs/rules/oust.md §2.2) - rows are letters from the bottom, and a
  cell carries the number of the diagonal through it. Row ``r`` (a = 1) of a
  board of side ``s`` holds numbers ``max(1, r-s+1) .. min(2s-1, r+s-1)``.
  Cells are numbered row by row from the bottom, then by number.

Coordinates, names and directions are those of :mod:`tabletop.games.boards`;
this module adds the neighbour tables in the kernels' slot order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import numpy as np

from tabletop.core.errors import NotationError
from tabletop.core.notation import typed_text
from tabletop.games import boards

#: Square-board column letters: a..t without i (GTP), enough for 19 columns.
SQUARE_COLUMNS = boards.GTP_COLUMNS[:19].lower()
#: Hex-board row letters from the bottom: side 9 has 17 rows.
HEX_ROWS = boards.HEX_ROW_LETTERS

#: The kernels' neighbour slots on a hex board: E, W, NE, SW, NW, SE. Not the board's
#: round order: the slot order is the order captures and playouts visit neighbours in,
#: so changing it would change play.
HEX_STEPS = tuple(boards.HEX_DIRECTIONS[d] for d in (0, 3, 1, 4, 2, 5))
#: The four square steps as (d_col, d_row), in the kernels' slot order.
SQUARE_STEPS = boards.SQUARE_DIRECTIONS


@dataclass(frozen=True, eq=False)
class Grid:
    """One board: its cells' names and coordinates and the neighbour table.

    ``coords[i]`` is ``(col, row)`` from 0 at the bottom-left on a square
    board, and ``(row, number)`` from 0 (a1 = (0, 0)) on a hex board, as in
    :mod:`tabletop.games.boards`.
    """

    shape: str
    width: int
    height: int
    side: int
    names: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    neighbours: np.ndarray
    index: dict[str, int] = field(repr=False)

    @property
    def num_cells(self) -> int:
        """Number of cells C (the sentinel cell is C)."""
        return len(self.names)

    @property
    def degree(self) -> int:
        """Neighbour slots per cell: 4 on a square grid, 6 on a hex board."""
        return int(self.neighbours.shape[1])

    def describe(self) -> str:
        """The board in words, e.g. ``9x9 square board`` or ``hex board of side 7``."""
        if self.shape == "hex":
            return f"hex board of side {self.side}"
        return f"{self.width}x{self.height} square board"

    def cell(self, text: str) -> int:
        """The cell named ``text`` (any case, spaces around it ignored).

        NotationError says whether the text is malformed or off this board.
        """
        key = typed_text(text).lower()
        found = self.index.get(key)
        if found is not None:
            return found
        if not key:
            raise NotationError(f"empty cell name: expected a cell like {self.names[0]}")
        letter, digits = key[0], key[1:]
        # ASCII only: str.isdigit() also says yes to superscripts, which int() refuses.
        if not (key.isascii() and letter.isalpha() and digits.isdigit()):
            raise NotationError(
                f"{text!r} is not a cell: expected a letter and a number, like {self.example}"
            )
        if self.shape == "square":
            return self._square_miss(text, letter, int(digits))
        return self._hex_miss(text, letter, int(digits))

    @property
    def example(self) -> str:
        """A cell name to show in messages (the centre of the board)."""
        return self.names[len(self.names) // 2]

    def _square_miss(self, text: str, letter: str, number: int) -> int:
        last = SQUARE_COLUMNS[self.width - 1]
        if letter == "i":
            raise NotationError(
                f"{text!r}: square-board columns skip the letter i (h is followed by j)"
            )
        if letter not in SQUARE_COLUMNS[: self.width]:
            raise NotationError(
                f"{text!r}: column {letter} is off the {self.describe()} (columns a..{last})"
            )
        raise NotationError(
            f"{text!r}: row {number} is off the {self.describe()} (rows 1..{self.height})"
        )

    def _hex_miss(self, text: str, letter: str, number: int) -> int:
        rows = 2 * self.side - 1
        last = HEX_ROWS[rows - 1]
        if letter not in HEX_ROWS[:rows]:
            raise NotationError(
                f"{text!r}: row {letter} is off the {self.describe()} (rows a..{last})"
            )
        lo, hi = boards.hex_row_span(self.side, HEX_ROWS.index(letter))
        raise NotationError(
            f"{text!r}: row {letter} of the {self.describe()} holds cells "
            f"{letter}{lo + 1}..{letter}{hi + 1} only"
        )


def _finish(
    shape: str,
    width: int,
    height: int,
    side: int,
    names: list[str],
    coords: list[tuple[int, int]],
    steps: tuple[tuple[int, int], ...],
) -> Grid:
    at = {c: i for i, c in enumerate(coords)}
    sentinel = len(coords)
    table = np.full((len(coords), len(steps)), sentinel, dtype=np.int64)
    for i, (a, b) in enumerate(coords):
        for j, (da, db) in enumerate(steps):
            table[i, j] = at.get((a + da, b + db), sentinel)
    table.setflags(write=False)
    return Grid(
        shape,
        width,
        height,
        side,
        tuple(names),
        tuple(coords),
        table,
        {name: i for i, name in enumerate(names)},
    )


@cache
def square_grid(width: int, height: int) -> Grid:
    """The width x height square grid (2..19 each) with orthogonal neighbours."""
    if not (2 <= width <= len(SQUARE_COLUMNS) and 2 <= height <= 19):
        raise ValueError(f"square boards are 2..19 by 2..19, not {width}x{height}")
    coords = [(col, row) for row in range(height) for col in range(width)]
    names = [boards.square_name(col, row, SQUARE_COLUMNS) for col, row in coords]
    return _finish("square", width, height, 0, names, coords, SQUARE_STEPS)


@cache
def hex_grid(side: int) -> Grid:
    """The hex-hex board with ``side`` cells per side (3*s*(s-1)+1 cells), six neighbours."""
    if not 2 <= side <= (len(HEX_ROWS) + 1) // 2:
        raise ValueError(f"hex boards have sides 2..9, not {side}")
    coords = list(boards.hex_cells(side))
    names = [boards.hex_name(row, number) for row, number in coords]
    rows = 2 * side - 1
    return _finish("hex", rows, rows, side, names, coords, HEX_STEPS)
