"""``POST /api/position``: the board view of a position given as data (decision record
0108), for the rules pages' diagrams and the lessons; nothing is stored."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from tabletop.server.errors import ApiError
from tabletop.server.position_protocol import PositionIn, PositionOut
from tabletop.server.positions import PositionError, build_position, position_view

router = APIRouter()


@router.post("/api/position", response_model=PositionOut)
async def position(body: PositionIn) -> dict[str, Any]:
    """The position ``{game, options, setup, moves}`` as the game page draws it; a 4xx whose
    message quotes what was wrong (an unknown option, a bad set-up, move 3's error)."""
    try:
        state = build_position(body.game, body.options, body.setup, body.moves)
    except PositionError as err:
        raise ApiError(err.code, err.message[:500]) from None
    return position_view(state)
