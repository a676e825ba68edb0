"""The games: create one, list them (the lobby), read one's view, play a move over HTTP."""

from __future__ import annotations

import os
from typing import Any, Literal

from fastapi import APIRouter, Query, Request

from tabletop.core import load_game
from tabletop.play.clock import TimeControl
from tabletop.play.match import Match, SeatSpec
from tabletop.server import protocol
from tabletop.server.accounts.routes import link_if_signed_in
from tabletop.server.accounts.seats import make_casual
from tabletop.server.errors import ApiError
from tabletop.server.limits import creator_tag
from tabletop.server.routes.context import client_key, limits_of, room_of, rooms_of, store_of
from tabletop.server.views import listed_game, position_view

router = APIRouter()


@router.post("/api/games", status_code=201, response_model=protocol.CreatedOut)
async def create_game(body: protocol.CreateGame, request: Request) -> dict[str, Any]:
    """Create a game: the game, its options, the seats and the clock (the rate of new
    games per client is checked before the request is read: limits.RateLimit)."""
    limits = limits_of(request)
    game = load_game(body.game, **body.options)
    seats_in = body.seats or [protocol.SeatIn() for _ in range(game.num_players)]
    seats = [
        SeatSpec(
            s.kind,
            s.level,
            s.name or (f"Computer (level {s.level})" if s.kind == "computer" else ""),
        )
        for s in seats_in
    ]
    if any(s.kind == "computer" and s.level is None for s in seats):
        raise ApiError(
            "bad-request",
            "a computer seat needs a level from 1 to 10",
            params={"reason": "level", "min": 1, "max": 10},
        )
    clock = TimeControl.from_dict(
        None if body.clock is None else body.clock.model_dump(exclude_none=True)
    )
    # The dead-stone proposal is worked out in the pool, not here (decision record 0075).
    seed = int.from_bytes(os.urandom(4), "big") >> 1
    # The server's clock (tests move it; a correspondence game's days are counted by it).
    match = Match(game, seats, clock, now=rooms_of(request).now, seed=seed, propose_dead=None)
    for i, s in enumerate(seats_in):
        if s.claim and s.kind == "person":
            match.claim(i, s.name)
    creator = creator_tag(client_key(request))
    if match.status == "waiting" and limits.waiting_games:
        waiting = await store_of(request).waiting_count(creator)
        if waiting >= limits.waiting_games:
            raise ApiError(
                "rate-limited",
                f"{waiting} games made from your address are waiting for players:"
                " start or finish some first",
                headers={"Retry-After": "60"},
                params={"reason": "waiting-games", "count": waiting, "seconds": 60},
            )
    room, tokens = await rooms_of(request).create(match, creator=creator)
    if not body.rated:
        await make_casual(store_of(request).engine, room.id)
    claimed = [i for i, s in enumerate(seats_in) if s.claim and s.kind == "person"]
    if claimed:  # the creator's seat is the signed-in account's (decision record 0125)
        await link_if_signed_in(request, room.id, claimed[0], 0)
    return {
        "id": room.id,
        "seats": [
            {
                "seat": i,
                "kind": spec.kind,
                "name": spec.name,
                "token": token,
                "invite": None if token is None else f"/game/{room.id}?token={token}",
            }
            for i, (spec, token) in enumerate(zip(match.seats, tokens, strict=True))
        ],
        "game": room.view(),
    }


@router.get("/api/games", response_model=list[protocol.ListedGame])
async def list_games_in(
    request: Request, status: Literal["open", "playing", "finished"] | None = None
) -> list[dict[str, Any]]:
    """The lobby (``status=open``) and other listings, newest first."""
    return [listed_game(entry) for entry in await store_of(request).listing(status)]


@router.get("/api/games/{game_id}", response_model=protocol.GameViewOut)
async def get_game(
    request: Request, game_id: str, ply: int | None = Query(None, ge=0, le=100_000)
) -> dict[str, Any]:
    """The public view of one game; with ``ply=N`` its board after N plies (replay)."""
    room = await room_of(request, game_id)
    await rooms_of(request).fresh(room)  # another process may have moved it on
    view = room.view()
    if ply is None:
        return view
    if ply > room.match.ply:
        raise ApiError(
            "bad-request",
            f"ply {ply}: the game has {room.match.ply} plies",
            params={"reason": "ply", "ply": ply, "plies": room.match.ply},
        )
    return position_view(view, room.match.state, ply)


@router.post(
    "/api/games/{game_id}/moves",
    response_model=protocol.GameViewOut,
    responses=protocol.error_responses(403, 409),
)
async def post_move(request: Request, game_id: str, body: protocol.MoveIn) -> dict[str, Any]:
    """Play a move for the seat of ``token``; the same checks as the WebSocket ``move``."""
    room = await room_of(request, game_id)
    await rooms_of(request).act_by_token(
        room, body.token, lambda m, seat: m.play(seat, body.move, body.ply)
    )
    return room.view()
