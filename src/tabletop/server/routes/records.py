"""Game records: download one (JSON for every game, each game's own formats such as Go's
SGF), import one as a finished game for the replay view."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response

from tabletop.core import TabletopError
from tabletop.play.record import (
    RecordTooLong,
    game_record,
    json_record,
    read_record,
    record_formats,
)
from tabletop.server import protocol
from tabletop.server.errors import ApiError
from tabletop.server.routes.context import limits_of, room_of, rooms_of

router = APIRouter()


@router.get("/api/games/{game_id}/record", responses=protocol.record_responses())
async def record(
    request: Request, game_id: str, format: Literal["json", "sgf"] = Query("json")
) -> Response:
    """The game record as a download: JSON for every game, and the game's own formats."""
    room = await room_of(request, game_id)
    name = f"tabletop-{room.match.game.name}-{room.id}"
    if format != "json":
        data = game_record(room.match, format)
        return Response(
            data,
            media_type=record_formats()[format].media_type,
            headers={"Content-Disposition": f'attachment; filename="{name}.{format}"'},
        )
    return JSONResponse(
        json_record(room.match),
        headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
    )


@router.post(
    "/api/records",
    status_code=201,
    response_model=protocol.ImportedOut,
    responses={413: {"model": protocol.ErrorOut}},
)
async def import_record(request: Request, body: protocol.RecordIn) -> dict[str, Any]:
    """Import a record (JSON or SGF) as a finished game for the replay view (its rate
    per client is checked before the request is read: limits.RateLimit)."""
    limits = limits_of(request)
    rooms = rooms_of(request)
    size = len(body.text.encode("utf-8", "surrogatepass"))
    if limits.import_bytes and size > limits.import_bytes:
        raise ApiError(
            "too-large",
            f"a record is at most {limits.import_bytes} bytes, not {size}",
            params={"reason": "record-bytes", "limit": limits.import_bytes, "size": size},
        )
    try:
        match = await rooms.off_loop(
            read_record, body.format, body.text, limits.import_plies or None
        )
    except RecordTooLong as err:
        raise ApiError("too-large", str(err), params=err.details()) from None
    except TabletopError as err:
        raise ApiError("bad-request", str(err)[:500], params=err.details()) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as err:
        # A game's from_dict meeting data of the wrong shape: still the record's fault.
        raise ApiError("bad-request", f"not a valid record ({type(err).__name__})") from None
    room, _ = await rooms.create(match, person_tokens=False)
    return {"id": room.id}
