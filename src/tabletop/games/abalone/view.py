"""Abalone's board view (the GameView's ``board``: docs/protocol.md)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

from tabletop.core import State
from tabletop.games.abalone import geometry
from tabletop.games.abalone.options import EJECT_TO_WIN
from tabletop.games.abalone.rules import AbaloneState
from tabletop.games.board_view import Cell, last_move, seat_by_cell
from tabletop.games.boards import hex_centres


class AbaloneBoard(TypedDict):
    """Abalone's ``board``: the cells with their centres, the marbles by cell (the seat),
    the marbles each seat pushed off, each seat's team and the marbles a team pushes off
    to win (``to_win``)."""

    kind: Literal["abalone"]
    cells: list[Cell]
    marbles: dict[str, int]
    ejected: list[int]
    teams: list[int]
    to_win: int
    last: str | None


@cache
def _cells() -> list[Cell]:
    return hex_centres(geometry.NAMES, list(geometry.CELLS))


def board_view(state: State) -> AbaloneBoard:
    """The cells with their centres, the marbles by cell (the owner's seat), the marbles
    each seat has pushed off and the teams."""
    assert isinstance(state, AbaloneState)
    return {
        "kind": "abalone",
        "cells": _cells(),
        "marbles": seat_by_cell(state.game.num_players, state.marbles),
        "ejected": list(state.ejected),
        "teams": list(state.game.teams),
        "to_win": EJECT_TO_WIN,
        "last": last_move(state),
    }
