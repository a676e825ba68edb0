"""Quoridor's board view (the GameView's ``board``: docs/protocol.md)."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

from tabletop.core import State
from tabletop.games.board_view import last_move
from tabletop.games.quoridor.rules import QuoridorState

#: The goal sides in the compass words of the view.
GOAL_WORDS = {"row 9": "north", "row 1": "south", "column i": "east", "column a": "west"}


class QuoridorBoard(TypedDict):
    """Quoridor's ``board``: pawns and walls by name, walls left, goals as compass sides."""

    kind: Literal["quoridor"]
    size: int
    pawns: list[str]
    walls: list[str]
    walls_left: list[int]
    goals: list[str]
    last: str | None


def board_view(state: State) -> QuoridorBoard:
    """The pawns, the walls, the walls each seat has left and each seat's goal side."""
    assert isinstance(state, QuoridorState)
    seats = range(state.game.num_players)
    return {
        "kind": "quoridor",
        "size": 9,
        "pawns": [state.pawn(s) for s in seats],
        "walls": [str(w) for w in state.walls()],
        "walls_left": [state.walls_left(s) for s in seats],
        "goals": [GOAL_WORDS.get(state.goal_name(s), state.goal_name(s)) for s in seats],
        "last": last_move(state),
    }
