"""The shared board geometry: hex cells, names, directions, centres and the text diagrams."""

from __future__ import annotations

import pytest

from tabletop.games import boards


@pytest.mark.parametrize("side", [2, 5, 7, 9])
def test_hex_board_has_the_hex_number_of_cells_row_by_row(side: int) -> None:
    cells = boards.hex_cells(side)
    assert len(cells) == 3 * side * (side - 1) + 1
    assert cells == tuple(sorted(cells))  # row by row from the bottom, then by number
    for row, number in cells:
        first, last = boards.hex_row_span(side, row)
        assert first <= number <= last
        assert abs(row - number) <= side - 1


def test_hex_names_follow_rows_and_diagonals() -> None:
    assert boards.hex_name(0, 0) == "a1"
    assert boards.hex_name(4, 4) == "e5"
    assert boards.hex_name(8, 8) == "i9"
    assert boards.hex_row_span(5, 0) == (0, 4)
    assert boards.hex_row_span(5, 8) == (4, 8)


def test_each_hex_direction_is_opposite_the_one_three_places_on() -> None:
    for d, (dr, dn) in enumerate(boards.HEX_DIRECTIONS):
        assert boards.HEX_DIRECTIONS[(d + 3) % 6] == (-dr, -dn)
    assert len(set(boards.HEX_DIRECTIONS)) == 6 == len(boards.HEX_DIRECTION_NAMES)


def test_gtp_columns_skip_i() -> None:
    assert "I" not in boards.GTP_COLUMNS
    assert len(boards.GTP_COLUMNS) == 25
    assert boards.square_name(8, 0) == "J1"
    assert boards.square_name(2, 2, "abcdefghi") == "c3"


def test_hex_centres_do_not_depend_on_where_coordinates_count_from() -> None:
    cells = boards.hex_cells(3)
    names = [boards.hex_name(r, n) for r, n in cells]
    from_zero = boards.hex_centres(names, cells)
    from_one = boards.hex_centres(names, [(r + 1, n + 1) for r, n in cells])
    assert from_zero == from_one
    a1 = from_zero[0]
    assert a1["name"] == "a1" and a1["x"] == 1.0  # row a is half a row right of row c
    assert min(c["x"] for c in from_zero) == 0 and min(c["y"] for c in from_zero) == 0


def test_square_diagram_draws_letters_numbers_and_brackets_the_last_point() -> None:
    chars = list("....X....")
    lines = boards.square_diagram(3, 3, chars, boards.GTP_COLUMNS, gap=1, last=4)
    assert lines == [
        "   A B C",
        " 3 . . . 3",
        " 2 .(X). 2",
        " 1 . . . 1",
        "   A B C",
    ]


def test_hex_diagram_shifts_rows_and_labels_each_diagonal_at_its_foot() -> None:
    chars = ["X"] + ["."] * 6
    lines = boards.hex_diagram(2, chars, gap=1, margin=0, last=0)
    assert lines == [
        " c . .",
        "b . . .",
        " a(X). 3",
        "    1 2",
    ]
