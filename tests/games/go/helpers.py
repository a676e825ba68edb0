"""Building Go positions for tests by playing the stones in, passing in between."""

from __future__ import annotations

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
