"""Abalone's text diagram, drawn from plain data."""

from __future__ import annotations

from tabletop.games.abalone import geometry
from tabletop.games.abalone.diagram import Picture, diagram


def test_diagram_draws_the_hexagon_and_a_line_per_seat() -> None:
    colours = [0] * len(geometry.CELLS)
    colours[geometry.CELL_OF_NAME["a1"]] = 1
    colours[geometry.CELL_OF_NAME["i9"]] = 2
    picture = Picture(
        colours=tuple(colours),
        seat_names=("Black", "White"),
        ejected=(6, 0),
        teams=None,
        team_ejected=(6, 0),
        to_move=None,
        last_move="b2a1",
        result=("six-ejected", (0,)),
    )
    lines = diagram(picture).splitlines()
    assert lines[0] == "    i  . . . . O"
    assert lines[8] == "    a  X . . . . 6"
    assert lines[9] == "        1 2 3 4 5"
    assert lines[11] == "X Black    1 on the board, ejected 6"
    assert lines[-2:] == ["Last move: b2a1", "Game over (six-ejected): Black won"]
