"""What every route reads from the app: its rooms, its store, its limits, the asking client."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from tabletop.server.errors import ApiError
from tabletop.server.limits import ClientLimits, Limits, scope_key
from tabletop.server.rooms import Room, Rooms
from tabletop.server.store import Store


def rooms_of(connection: HTTPConnection) -> Rooms:
    """The live games of the app serving ``connection``."""
    rooms: Rooms = connection.app.state.rooms
    return rooms


def store_of(connection: HTTPConnection) -> Store:
    """The storage of the app serving ``connection``."""
    store: Store = connection.app.state.store
    return store


def client_limits_of(connection: HTTPConnection) -> ClientLimits:
    """The per-client limiters of the app serving ``connection``."""
    limits: ClientLimits = connection.app.state.limits
    return limits


def limits_of(connection: HTTPConnection) -> Limits:
    """The limits the app was made with."""
    return client_limits_of(connection).limits


def client_key(connection: HTTPConnection) -> str:
    """The client asking, as limits count it (see server/limits.py)."""
    return scope_key(connection.scope, limits_of(connection).trusted_proxies)


async def room_of(connection: HTTPConnection, game_id: str) -> Room:
    """The room of ``game_id``; ApiError ``unknown-game`` if there is none."""
    room = await rooms_of(connection).get(game_id)
    if room is None:
        raise ApiError("unknown-game", f"no game {game_id[:40]!r}")
    return room
