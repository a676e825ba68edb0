"""Go's text diagram, drawn from plain data."""

from __future__ import annotations

import tabletop
from tabletop.games.go.diagram import Picture, diagram


def test_diagram_shows_stones_dead_stones_stars_and_the_last_move() -> None:
    n = 9
    stones = [-1] * (n * n)
    stones[2 * n + 2] = 0  # C3, black
    stones[2 * n + 3] = 1  # D3, white, marked dead
    picture = Picture(
        size=n,
        stones=tuple(stones),
        dead=frozenset({2 * n + 3}),
        last_point=2 * n + 2,
        last_move=(0, "C3"),
        prisoners=(1, 0),
        ended="score",
        to_move=1,
    )
    lines = diagram(picture).splitlines()
    assert lines[0] == lines[-2] == "   A B C D E F G H J"
    assert lines[7] == " 3 . .(X)o . . + . . 3"  # C3 last, D3 dead, G3 a star point
    assert (
        lines[-1]
        == "Prisoners: Black 1, White 0 | last move: Black C3 | play has ended (two passes)"
    )


def test_str_of_a_state_is_its_diagram() -> None:
    state = tabletop.load_game("go", size=9).new_state()
    state.play("E5")
    text = str(state)
    assert " 5 . . . .(X). . . . 5" in text
    assert text.endswith("last move: Black E5 | White to move")
