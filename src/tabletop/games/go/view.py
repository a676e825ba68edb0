"""Go's board view (the GameView's ``board``: docs/protocol.md) and its title summary."""

from __future__ import annotations

from functools import cache
from typing import Literal

import numpy as np
from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

from tabletop.core import Game, State
from tabletop.games.board_view import last_move
from tabletop.games.go.geometry import COLUMNS
from tabletop.games.go.handicap import star_points
from tabletop.games.go.notation import format_point
from tabletop.games.go.rules import GoGame, GoState


class GoBoard(TypedDict):
    """Go's ``board``: the stones by point (the seat: 0 Black, 1 White)."""

    kind: Literal["go"]
    size: int
    columns: str
    stones: dict[str, int]
    star_points: list[str]
    last: str | None
    captures: list[int]
    ko: str | None


@cache
def _point_names(game: GoGame) -> tuple[str, ...]:
    """The name of each point, by action (made once per game: views are built per move)."""
    n = game.size
    return tuple(format_point(action % n, action // n) for action in range(n * n))


def board_view(state: State) -> GoBoard:
    """The stones by point (0 Black, 1 White), the star points, captures and the ko point."""
    assert isinstance(state, GoState)
    game = state.game
    n = game.size
    names = _point_names(game)
    board = state.colours_by_action()
    stones = {names[action]: int(board[action]) - 1 for action in np.flatnonzero(board).tolist()}
    ko = state.ko_point
    return {
        "kind": "go",
        "size": n,
        "columns": COLUMNS[:n],
        "stones": stones,
        "star_points": [format_point(c, r) for c, r in star_points(n)],
        "last": last_move(state),
        "captures": list(state.prisoners),
        "ko": None if ko is None or state.is_over() else str(ko),
    }


def summary(game: Game) -> str:
    """The board size, e.g. ``9×9``."""
    assert isinstance(game, GoGame)
    return f"{game.size}×{game.size}"
