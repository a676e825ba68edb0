"""Golden text diagrams of both board shapes."""

from __future__ import annotations

from .helpers import game, played, position


def test_square_diagram() -> None:
    state = played("a1 c2 b3", width=3, height=4)
    assert str(state) == "\n".join(
        [
            "    a b c",
            " 4  . . .  4",
            " 3  .(X).  3",
            " 2  . . O  2",
            " 1  X . .  1",
            "    a b c",
            "Stones: Black 2, White 1 | last move: b3 | White to move",
        ]
    )


def test_hex_diagram_has_row_letters_and_diagonal_numbers() -> None:
    state = played("e5 a1 i9 e6", board="hex", side=5)
    assert str(state) == "\n".join(
        [
            "      i . . . . X",
            "     h . . . . . .",
            "    g . . . . . . .",
            "   f . . . . . . . .",
            "  e . . . . X(O). . .",
            "   d . . . . . . . . 9",
            "    c . . . . . . . 8",
            "     b . . . . . . 7",
            "      a O . . . . 6",
            "         1 2 3 4 5",
            "Stones: Black 2, White 2 | last move: e6 | Black to move",
        ]
    )


def test_hex_side_9_labels_two_digit_diagonals() -> None:
    lines = str(game(board="hex", side=9).new_state()).splitlines()
    assert lines[0].split() == ["q", *["."] * 9]
    assert lines[8].split() == ["i", *["."] * 17]
    assert lines[9].endswith(". 17") and lines[16].endswith(". 10")
    assert lines[17].split() == [str(n) for n in range(1, 10)]


def test_status_lines() -> None:
    state = played("a1 b1 a2", size=3)
    assert str(state).endswith("last move: a2 (took 1) | Black wins: every enemy stone is gone")
    state = position("a2 b3", "b2 d4", size=4)
    state.play("a3")
    assert "Black to move again (after a capture)" in str(state).splitlines()[-1]
    state = played("c2 a3 b3 b1 c3 a2 a1 a3 a2", size=3)
    assert str(state).endswith("White to move - no placement is legal: pass")
    state = played("c3", size=5, pie=True)
    assert str(state).endswith("White to move (place, or swap)")
    state = played("a1 b1 b2 a2 c1 c2 a3 b3 c3", size=3)
    assert str(state).endswith("draw (no-placements)")


def test_status_line_is_drawn_from_plain_data() -> None:
    from tabletop.games.oust.diagram import Picture, diagram
    from tabletop.games.oust.geometry import square_grid

    grid = square_grid(3, 3)
    picture = Picture(
        cells=(1, 0, 0, 0, 2, 0, 0, 0, 0),
        last_cell=0,
        stones=(1, 1),
        last_move="a1",
        captured=2,
        to_move=0,
        result=None,
        turn_note="continues",
    )
    lines = diagram(grid, picture).splitlines()
    assert lines[3] == " 1 (X). .  1"
    status = "Stones: Black 1, White 1 | last move: a1 (took 2) | Black to move again"
    assert lines[-1] == status + " (after a capture)"
