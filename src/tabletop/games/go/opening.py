"""Where Go is opened on a big board: the lines and corners the search's priors favour
while few stones are down (decision 0111), as data.

The third and fourth lines are where stones make territory and influence in
balance; the first two lines make too little, the centre too little too while
the corners are empty, and a corner is the easiest place to live. The search
(tabletop.ai.go.search) reads one table per board size: row ``s`` holds each
padded point's term when ``s`` stones are on the board, and the table has no
rows from the stone count where the term stops, so a kernel's lookup is
``table[stones, p]`` when ``stones < table.shape[0]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np


@dataclass(frozen=True)
class OpeningLines:
    """The opening term: by line from the edge, a corner bonus, and when it holds."""

    #: Boards smaller than this get no term (9x9's corners are its sides and centre).
    min_size: int = 13
    #: The term holds while fewer than this share of the points hold stones.
    share: float = 0.1
    #: By line from the edge: the first, second, third and fourth.
    lines: tuple[float, ...] = (-0.3, -0.2, 0.1, 0.1)
    #: The fifth line and in, while fewer than ``centre_stones`` stones are down.
    centre: float = -0.05
    centre_stones: int = 8
    #: Added on the third and fourth lines within ``corner_reach`` lines of two edges
    #: (the 3-3 to 4-6 points).
    corner: float = 0.1
    corner_reach: int = 6

    def term(self, n: int, row: int, col: int, stones: int) -> float:
        """The term of a stone at (row, col) of an n x n board with ``stones`` down."""
        if n < self.min_size or stones >= self.end(n):
            return 0.0
        line = min(row, col, n - 1 - row, n - 1 - col)
        if line >= len(self.lines):
            return self.centre if stones < self.centre_stones else 0.0
        v = self.lines[line]
        if v > 0 and max(min(row, n - 1 - row), min(col, n - 1 - col)) < self.corner_reach:
            v += self.corner
        return v

    def end(self, n: int) -> int:
        """The stone count from which the term is 0 on an n x n board."""
        return 0 if n < self.min_size else int(n * n * self.share)


#: The opening the search uses.
OPENING = OpeningLines()


@cache
def opening_table(n: int) -> np.ndarray:
    """float64[stones, (n+2)**2]: OPENING's term per stone count (up to where it stops) and
    padded point (0 off the board); read-only."""
    w = n + 2
    rows = OPENING.end(n)
    table = np.zeros((rows, w * w), dtype=np.float64)
    for s in range(rows):
        for row in range(n):
            for col in range(n):
                table[s, (row + 1) * w + col + 1] = OPENING.term(n, row, col, s)
    table.setflags(write=False)
    return table
