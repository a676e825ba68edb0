"""Square and hex boards: cell names, neighbour tables, parsing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import NotationError
from tabletop.games.oust.geometry import Grid, hex_grid, square_grid


def degrees(grid: Grid) -> list[int]:
    return [sum(1 for q in row if q != grid.num_cells) for row in grid.neighbours]


def check_symmetric(grid: Grid) -> None:
    cells = grid.num_cells
    for p, row in enumerate(grid.neighbours):
        real = [int(q) for q in row if q != cells]
        assert len(set(real)) == len(real)
        for q in real:
            assert p in grid.neighbours[q].tolist()


@given(st.integers(2, 19), st.integers(2, 19))
def test_square_neighbours(width: int, height: int) -> None:
    grid = square_grid(width, height)
    assert grid.num_cells == width * height and grid.degree == 4
    check_symmetric(grid)
    d = degrees(grid)
    assert d[0] == d[width - 1] == d[-1] == 2  # corners
    assert sum(d) == 2 * ((width - 1) * height + (height - 1) * width)  # twice the edges


@pytest.mark.parametrize(("side", "cells"), [(5, 61), (7, 127), (9, 217)])
def test_hex_boards(side: int, cells: int) -> None:
    grid = hex_grid(side)
    assert grid.num_cells == cells and grid.degree == 6
    check_symmetric(grid)
    d = degrees(grid)
    assert d.count(3) == 6  # the six corners
    assert d.count(4) == 6 * (side - 2)  # edge cells between them
    assert d.count(6) == cells - 6 - 6 * (side - 2)


def test_hex_side_5_names_are_abalone_cells() -> None:
    grid = hex_grid(5)
    rows = {"a": (1, 5), "b": (1, 6), "c": (1, 7), "d": (1, 8), "e": (1, 9)}
    rows |= {"f": (2, 9), "g": (3, 9), "h": (4, 9), "i": (5, 9)}
    expected = [f"{r}{n}" for r, (lo, hi) in rows.items() for n in range(lo, hi + 1)]
    assert list(grid.names) == expected
    e5 = grid.cell("e5")
    around = {grid.names[q] for q in grid.neighbours[e5]}
    # E, W, NE, SW, NW, SE as (d_row, d_number) in docs/rules/abalone.md §2.3.
    assert around == {"e6", "e4", "f6", "d4", "f5", "d5"}
    assert {grid.names[q] for q in grid.neighbours[grid.cell("a1")] if q < 61} == {
        "a2",
        "b2",
        "b1",
    }


def test_square_columns_skip_i() -> None:
    grid = square_grid(19, 19)
    assert [grid.names[c] for c in range(19)] == [f"{ch}1" for ch in "abcdefghjklmnopqrst"]
    assert grid.cell("J1") == 8 and grid.cell(" t19 ") == 360
    with pytest.raises(NotationError, match="skip the letter i"):
        grid.cell("i1")


def test_cells_are_numbered_from_the_bottom_left() -> None:
    grid = square_grid(5, 3)
    assert grid.cell("a1") == 0 and grid.cell("e1") == 4 and grid.cell("a2") == 5
    assert grid.coords[grid.cell("c3")] == (2, 2)
    hexes = hex_grid(7)
    assert hexes.names[0] == "a1" and hexes.names[-1] == "m13"
    assert hexes.cell("G7") == 63  # the centre of 127 cells
