"""My games: the signed-in player's games, those in progress first ("your turn" before
the others, the latest moved first), then the finished ones, newest first.

Whose turn it is comes from the live match (Rooms.get loads a game not in memory), so
it is right for every game, Oust's extra turns after a capture included; only games in
progress are asked, at most :data:`PLAYING` of them."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import select

from tabletop.server import protocol
from tabletop.server.accounts.sessions import current_account
from tabletop.server.accounts.tables import account_seats
from tabletop.server.errors import ApiError
from tabletop.server.offers import models
from tabletop.server.rooms import Rooms
from tabletop.server.routes.context import rooms_of
from tabletop.server.store import games

router = APIRouter()

#: Games in progress listed at most, and finished ones.
PLAYING = 50
FINISHED = 50


async def my_games(rooms: Rooms, account_id: int) -> dict[str, list[dict[str, Any]]]:
    """The games of ``account_id``, as :class:`models.MyGamesOut`."""
    found: dict[str, list[dict[str, Any]]] = {"playing": [], "finished": []}
    async with rooms.store.engine.connect() as conn:
        for finished in (False, True):
            status = games.c.status == "finished" if finished else games.c.status != "finished"
            rows = await conn.execute(
                select(account_seats, games.c.game, games.c.status, games.c.ply)
                .add_columns(games.c.updated, games.c.lobby)
                .select_from(account_seats.join(games))
                .where(account_seats.c.account_id == account_id, status)
                .order_by(games.c.updated.desc())
                .limit(FINISHED if finished else PLAYING)
            )
            for r in rows.all():
                seats = json.loads(r.lobby).get("seats", [])
                found["finished" if finished else "playing"].append(
                    {
                        "game_id": r.game_id,
                        "game": r.game,
                        "status": r.status,
                        "seat": r.seat,
                        "opponents": [s["name"] for s in seats if s["seat"] != r.seat],
                        "your_turn": False,
                        "ply": r.ply,
                        "result": r.result,
                        "rated": bool(r.rated),
                        "rating_before": r.rating_before,
                        "rating_after": r.rating_after,
                        "updated": r.updated,
                    }
                )
    for entry in found["playing"]:
        room = await rooms.get(entry["game_id"])
        if room is not None:
            entry["status"] = room.match.status
            entry["your_turn"] = room.match.to_move == entry["seat"]
    # Your turn first; otherwise the order stays the latest moved first (a stable sort).
    found["playing"].sort(key=lambda e: not e["your_turn"])
    return found


@router.get(
    "/api/account/games",
    response_model=models.MyGamesOut,
    responses=protocol.error_responses(401),
)
async def account_games(request: Request) -> dict[str, Any]:
    """Your games (signed in): in progress with "your turn" first, then finished ones."""
    rooms = rooms_of(request)
    account = await current_account(request, rooms.now())
    if account is None:
        raise ApiError("signed-out", "log in first (no session, or it has expired)")
    return await my_games(rooms, account.id)
