"""Go's learned 3x3 shapes: one weight per shape whatever its orientation or colours."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.games.go.learned import (
    PRIOR_CAP,
    WEIGHTS_FILE,
    canonical_codes,
    learned_table,
    prior_term,
    read_weights,
)
from tabletop.games.go.patterns import code_of

rows3 = st.lists(st.sampled_from(".XO#"), min_size=8, max_size=8)


def grid(cells: list[str]) -> tuple[str, str, str]:
    """Three rows from the eight neighbours (the centre is the empty candidate)."""
    return ("".join(cells[0:3]), cells[3] + "." + cells[4], "".join(cells[5:8]))


def rotate(rows: tuple[str, str, str]) -> tuple[str, str, str]:
    a, b, c = ("".join(r) for r in zip(*rows[::-1], strict=True))
    return (a, b, c)


def swap(rows: tuple[str, str, str]) -> tuple[str, str, str]:
    table = str.maketrans("XO", "OX")
    a, b, c = (r.translate(table) for r in rows)
    return (a, b, c)


@given(cells=rows3)
def test_a_shape_has_one_code_under_rotation_mirror_and_colours(cells: list[str]) -> None:
    rows = grid(cells)
    canon = canonical_codes()
    code = canon[0, code_of(rows)]
    assert canon[0, code_of(rotate(rows))] == code
    mirrored = (rows[0][::-1], rows[1][::-1], rows[2][::-1])
    assert canon[0, code_of(mirrored)] == code
    # Black to move on a shape is White to move on its colours swapped.
    assert canon[1, code_of(swap(rows))] == code


def test_the_committed_weights_are_small_and_read() -> None:
    assert WEIGHTS_FILE.stat().st_size < 200_000
    weights = read_weights()
    table = learned_table()
    canon = canonical_codes()
    for code, value in list(weights.items())[:50]:
        assert table[0, code] == pytest.approx(value)  # a canonical code stands for itself
        assert code == canon[0, code]


def test_the_prior_term_is_capped_and_off_at_scale_zero() -> None:
    assert not np.any(prior_term(0.0))
    assert np.all(np.abs(prior_term(10.0)) <= PRIOR_CAP)


def test_a_bad_weights_line_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    path.write_text("# comment\n12 0.5\n13\n")
    with pytest.raises(ValueError, match=r"w.txt:3: expected 'code log-gamma'"):
        read_weights(path)
