"""Quoridor's text diagram, drawn from plain data."""

from __future__ import annotations

from tabletop.games.quoridor.diagram import Picture, draw


def test_diagram_draws_pawns_walls_and_the_status() -> None:
    picture = Picture(
        seat_names=("South", "North"),
        pawns=("e1", "e9"),
        horizontal=frozenset({(4, 0)}),  # e1h: between rows 1 and 2, columns e and f
        vertical=frozenset(),
        walls_left=(9, 10),
        goals=("row 9", "row 1"),
        last_move="e1h",
        ply=1,
        to_move=1,
        winner=None,
        drawn=False,
    )
    lines = draw(picture).splitlines()
    assert lines[-6] == " 2 | .   .   .   .   .   .   .   .   . | 2"
    assert lines[-5] == "   |                ------- " + " " * 11 + "|"
    assert lines[-4] == " 1 | .   .   .   .   S   .   .   .   . | 1"
    assert (
        lines[-1]
        == "Walls left: South 9, North 10 | last move: South e1h | North to move (goal: row 1)"
    )
