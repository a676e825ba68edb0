"""Reviews of finished games: start or join one, read it as it runs and once it is done,
and the board along a review's best line (server/reviews.py; docs/review.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from tabletop.core import TabletopError
from tabletop.server import protocol
from tabletop.server.errors import ApiError
from tabletop.server.positions import position_view
from tabletop.server.reviews import Reviews
from tabletop.server.routes.context import client_key, room_of, store_of

router = APIRouter()


def reviews_of(request: Request) -> Reviews:
    """The reviews of the app serving ``request``."""
    reviews: Reviews = request.app.state.reviews
    return reviews


@router.post(
    "/api/games/{game_id}/review",
    responses=protocol.error_responses(400, 404, 409, 413, 429),
)
async def start_review(request: Request, game_id: str) -> dict[str, Any]:
    """Start the review of a finished game (or join the one under way, or read the one
    kept): its status as ``GET`` answers it."""
    room = await room_of(request, game_id)
    return await reviews_of(request).start(room, client_key(request))


@router.get("/api/games/{game_id}/review", responses=protocol.error_responses(404))
async def get_review(request: Request, game_id: str) -> dict[str, Any]:
    """The review of a game: ``status`` (none, queued, running, done, failed), ``done`` of
    ``total`` positions analysed, ``ahead`` (reviews queued before it) and, once done,
    ``review``: the document (docs/review.md)."""
    await room_of(request, game_id)
    return await reviews_of(request).status(game_id)


@router.get("/api/games/{game_id}/review/line", responses=protocol.error_responses(400, 404))
async def review_line(
    request: Request,
    game_id: str,
    ply: int = Query(..., ge=1, le=100_000),
    steps: int = Query(0, ge=0, le=100),
) -> dict[str, Any]:
    """The board before move ``ply`` with the first ``steps`` moves of the review's best
    line played from it (as ``POST /api/position`` answers); nothing is stored."""
    room = await room_of(request, game_id)
    kept = await store_of(request).review(game_id)
    if kept is None or kept["document"] is None:
        raise ApiError("bad-request", "this game has no finished review")
    plies = kept["document"]["plies"]
    entry = next((p for p in plies if p["ply"] == ply), None)
    if entry is None:
        raise ApiError("bad-request", f"ply {ply}: the review has moves 1 to {len(plies)}")
    line = entry["line"]
    if steps > len(line):
        raise ApiError("bad-request", f"steps {steps}: the best line has {len(line)} moves")
    state = room.match.state.copy()
    while state.ply >= ply:
        state.undo()
    try:
        for move in line[:steps]:
            state.play(state.parse_move(move))
    except TabletopError as err:  # a line the rules refuse: the review is out of date
        raise ApiError("bad-request", f"the best line's move cannot be shown: {err}") from None
    return position_view(state)
