"""Building Go positions for tests by playing the stones in, passing in between."""

from __future__ import annotations

import random
from typing import Any

import tabletop
from tabletop.games.go import GoState


def position(black: str = "", white: str = "", to_move: str = "black", **options: Any) -> GoState:
    """A position with the given stones placed by real moves, then ``to_move`` to play.

    Stones go in alternately with passes filling the gaps, so the history is
    legal; the passes are part of it but never two in a row at the end.
    """
    options.setdefault("size", 9)
    state = tabletop.load_game("go", **options).new_state()
    assert isinstance(state, GoState)
    queue = {0: black.split(), 1: white.split()}
    while queue[0] or queue[1]:
        seat = state.to_move
        assert seat is not None
        if queue[seat]:
            state.play(queue[seat].pop(0))
        else:
            state.play("pass")
    want = 0 if to_move == "black" else 1
    if state.to_move != want:
        state.play("pass")
    return state


def finished(black: str = "", white: str = "", **options: Any) -> GoState:
    """``position`` with passes until play has ended (the dead-stone phase's starting point)."""
    state = position(black, white, **options)
    while not state.is_over():
        state.play("pass")
    return state


def column(letter: str, rows: range) -> str:
    """The points of a column, e.g. ``column("D", range(1, 10))`` is D1 .. D9."""
    return " ".join(f"{letter}{row}" for row in rows)


#: Issue 7's position (9x9, Chinese rules, komi 7): Black's wall D1-D9 and White's F1-F9,
#: the dame column E between them, and one stone of each side alone in the other's area
#: (Black H5, White B5), played in this order, Black first, then pass, pass.
LONE_STONES_BLACK = [*column("D", range(1, 10)).split(), "H5"]
LONE_STONES_WHITE = [*column("F", range(1, 10)).split(), "B5"]


def lone_stones() -> GoState:
    """Issue 7's position after the two passes."""
    return finished(
        " ".join(LONE_STONES_BLACK), " ".join(LONE_STONES_WHITE), komi=7, rules="chinese"
    )


def random_state(seed: int, plies: int, **options: object) -> GoState:
    """A 9x9 game after ``plies`` random legal non-pass moves (fewer if it runs out)."""
    options.setdefault("size", 9)
    state = tabletop.load_game("go", **options).new_state()
    assert isinstance(state, GoState)
    rng = random.Random(seed)
    n = state.game.size
    for _ in range(plies):
        actions = [a for a in state.legal_actions().tolist() if a < n * n]
        if not actions:
            break
        state.play(rng.choice(actions))
    return state


def point(state: GoState, text: str) -> int:
    return state.game.points_by_action[state.move_to_action(state.parse_move(text))]
