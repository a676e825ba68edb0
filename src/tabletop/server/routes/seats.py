"""Seats changing hands over HTTP: a lobby join, a hand-over link (decision record 0065)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from tabletop.server import protocol
from tabletop.server.accounts.routes import link_if_signed_in
from tabletop.server.routes.context import room_of, rooms_of

router = APIRouter()


@router.post(
    "/api/games/{game_id}/join",
    response_model=protocol.JoinOut,
    responses=protocol.error_responses(409),
)
async def join(request: Request, game_id: str, body: protocol.JoinIn) -> dict[str, Any]:
    """Take an open person seat (the first one without ``seat``): a fresh token for it.

    The seat's invite link is used up by this (opening it then only watches)."""
    room = await room_of(request, game_id)
    seat, token = await rooms_of(request).join(room, body.seat, body.name)
    await link_if_signed_in(request, room.id, seat, room.match.ply)
    return {"seat": seat, "token": token, "invite": f"/game/{room.id}?token={token}"}


@router.post(
    "/api/games/{game_id}/handover",
    response_model=protocol.HandoverOut,
    responses=protocol.error_responses(403, 409),
)
async def handover(request: Request, game_id: str, body: protocol.HandoverIn) -> dict[str, Any]:
    """A one-time link to go on with the seat of ``token`` on another device.

    Opening it gives that device the seat (a new token); ``token`` and the
    sockets holding it then only watch, and every player hears of it."""
    room = await room_of(request, game_id)
    seat, link = await rooms_of(request).handover(room, body.token)
    return {"seat": seat, "link": f"/game/{room.id}?token={link}"}
