"""Hand-written 3x3 Go patterns (MoGo style) as a lookup table for the search kernels.

A pattern describes the eight points around an empty candidate point. Its
code is ``sum(value(neighbour k) << 2k)`` over the neighbours in the order
NW, N, NE, W, E, SW, S, SE (north is the row above in the padded board, the
kernels' ``p - w``), where value is the board's own encoding: 0 empty,
1 black, 2 white, 3 off the board. ``pattern_table()`` marks every code that
matches some pattern under the eight symmetries of the square and with the
colours swapped, so a kernel tests a point with one table lookup.

The shapes are the classic ones from MoGo's playout policy (Gelly, Wang,
Munos, Teytaud 2006): hane, cut, the side patterns. Letters: ``X`` and ``O``
are stones of the two colours, ``x`` anything but an X stone, ``o`` anything
but an O stone, ``.`` empty, ``?`` anything, ``#`` off the board; the centre
is the candidate point (always empty).
"""

from __future__ import annotations

from functools import cache

import numpy as np

#: The patterns, three rows of three; the centre is the move.
PATTERNS: tuple[tuple[str, str, str], ...] = (
    ("XOX", "...", "???"),  # hane: enclosing hane
    ("XO.", "...", "?.?"),  # hane: non-cutting hane
    ("XO?", "X..", "x.?"),  # hane: magari
    (".O.", "X..", "..."),  # attachment beside a diagonal stone
    ("XO?", "O.o", "?o?"),  # cut: unprotected cut
    ("XO?", "O.X", "???"),  # cut: peeped cut
    ("?X?", "O.O", "ooo"),  # cut: the other cut shape
    ("OX?", "o.O", "???"),  # cut: keima
    ("X.?", "O.?", "###"),  # side: chase
    ("OX?", "X.O", "###"),  # side: block the side cut
    ("?X?", "x.O", "###"),  # side: block the side connection
    ("?XO", "x.x", "###"),  # side: sagari
    ("?OX", "X.O", "###"),  # side: cut
)

#: Neighbour order of a code: (row, col) in the 3x3 grid, centre (1, 1).
CELLS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))

EMPTY, BLACK, WHITE, OFF = 0, 1, 2, 3

#: What each letter admits, with X black and O white (swapped for the other colouring).
ALLOWED = {
    ".": (EMPTY,),
    "X": (BLACK,),
    "O": (WHITE,),
    "x": (EMPTY, WHITE, OFF),
    "o": (EMPTY, BLACK, OFF),
    "?": (EMPTY, BLACK, WHITE, OFF),
    "#": (OFF,),
}


def _symmetries(rows: tuple[str, str, str]) -> list[list[str]]:
    """The pattern under the 8 rotations and reflections of the square."""
    grid = [list(r) for r in rows]
    out = []
    for _ in range(4):
        grid = [list(r) for r in zip(*grid[::-1], strict=True)]  # rotate 90 degrees
        out.append(["".join(r) for r in grid])
        out.append(["".join(r[::-1]) for r in grid])  # mirror
    return out


def _swap(rows: list[str]) -> list[str]:
    table = str.maketrans("XOxo", "OXox")
    return [r.translate(table) for r in rows]


@cache
def pattern_table() -> np.ndarray:
    """uint8[65536]: 1 for the neighbourhood codes some pattern matches, else 0."""
    codes = np.arange(4**8, dtype=np.int64)
    cell_values = [(codes >> (2 * k)) & 3 for k in range(8)]
    table = np.zeros(4**8, dtype=np.uint8)
    for pattern in PATTERNS:
        if pattern[1][1] != ".":
            raise ValueError(f"pattern {pattern}: the centre must be the empty candidate point")
        for rows in _symmetries(pattern):
            for variant in (rows, _swap(rows)):
                match = np.ones(4**8, dtype=bool)
                for k, (r, c) in enumerate(CELLS):
                    match &= np.isin(cell_values[k], ALLOWED[variant[r][c]])
                table[match] = 1
    table.setflags(write=False)
    return table


def code_of(rows: tuple[str, str, str]) -> int:
    """The code of a concrete neighbourhood written as a pattern (only ``.XO#`` letters)."""
    value = {".": EMPTY, "X": BLACK, "O": WHITE, "#": OFF}
    return sum(value[rows[r][c]] << (2 * k) for k, (r, c) in enumerate(CELLS))
