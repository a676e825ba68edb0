"""The 3x3 pattern table: the shapes match in every orientation and colouring, nothing else."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop.games.go.patterns import code_of, pattern_table


def test_table_shape_and_some_matches() -> None:
    table = pattern_table()
    assert table.shape == (4**8,) and table.dtype == np.uint8
    assert 0 < int(table.sum()) < 4**8 // 4
    assert table[code_of(("XOX", "...", "..."))]  # enclosing hane
    assert not table[code_of(("...", "...", "..."))]  # empty space is no pattern


@pytest.mark.parametrize(
    "rows",
    [
        ("XOX", "...", "O.X"),  # hane, with anything in the bottom row
        ("XO.", "O..", "..."),  # unprotected cut
        ("X..", "O..", "###"),  # side chase
    ],
)
def test_symmetries_and_colour_swap_match(rows: tuple[str, str, str]) -> None:
    table = pattern_table()
    grid = [list(r) for r in rows]
    for _ in range(4):
        grid = [list(r) for r in zip(*grid[::-1], strict=True)]
        for variant in (grid, [r[::-1] for r in grid]):
            text = tuple("".join(r) for r in variant)
            swapped = tuple(r.translate(str.maketrans("XO", "OX")) for r in text)
            assert table[code_of(text)], text  # type: ignore[arg-type]
            assert table[code_of(swapped)], swapped  # type: ignore[arg-type]
