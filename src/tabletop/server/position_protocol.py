"""The messages of ``POST /api/position`` (and the lessons built on it) as pydantic models,
in the style of server/protocol.py: requests strict and bounded, answers exact."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictStr

from tabletop.server.protocol import BoardView, Exact, OutcomeView, Strict

#: A move in notation, as the other requests bound it.
MoveText = Annotated[StrictStr, Field(max_length=32)]


class PositionIn(Strict):
    """``POST /api/position``: a game with its options, its set-up record (None: the start
    position) and moves in notation played from it (decision record 0108)."""

    game: Annotated[StrictStr, Field(max_length=32)]
    options: Annotated[dict[str, Any], Field(max_length=16)] = Field(default_factory=dict)
    setup: Any = None
    moves: Annotated[list[MoveText], Field(max_length=200)] = Field(default_factory=list)


class PositionSeat(Exact):
    """A seat of a position: the side as the game names it and the colour it is drawn in."""

    seat: int
    side: str
    colour: str


class PositionOut(Exact):
    """A position as the browser draws it: the game's board view (the GameView's ``board``),
    whose turn, the legal moves and the result once it ended."""

    game: str
    options: dict[str, Any]
    players: int
    seats: list[PositionSeat]
    status: Literal["playing", "finished"]
    ply: int
    to_move: int | None
    moves: list[str]
    legal: list[str]
    board: BoardView
    outcome: OutcomeView | None
