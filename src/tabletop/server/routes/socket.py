"""The WebSocket of one game (``/ws/games/{id}``): catch-up, then the client's frames until it
closes (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from tabletop.core import TabletopError
from tabletop.play.match import Event, Match, MatchError
from tabletop.server import protocol, rematch
from tabletop.server.accounts.routes import link_if_signed_in
from tabletop.server.accounts.sessions import current_account, same_site, session_id
from tabletop.server.chat import talk
from tabletop.server.chat.shown import shown_to
from tabletop.server.errors import UNAVAILABLE, is_outage
from tabletop.server.limits import retry_after
from tabletop.server.rooms import Holder, Room, Rooms, SeatLost
from tabletop.server.routes.context import client_key, client_limits_of, rooms_of

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def socket(websocket: WebSocket, game_id: str) -> None:
    """One client's connection to a game."""
    await websocket.accept()
    key = client_key(websocket)
    limits = client_limits_of(websocket)
    await serve_socket(
        rooms_of(websocket),
        websocket,
        game_id,
        key,
        lambda: limits.hints.take(key),
        lambda: limits.chat.take(key),
    )


async def serve_socket(
    rooms: Rooms,
    websocket: WebSocket,
    game_id: str,
    client: str = "",
    hint_wait: Callable[[], float] = lambda: 0.0,
    chat_wait: Callable[[], float] = lambda: 0.0,
) -> None:
    """Run one client's connection: catch-up, then its messages until it closes.

    ``client`` is the asker as the limits count it (its address; server/limits.py);
    ``hint_wait`` takes one of the client's hints, ``chat_wait`` one of its chat lines:
    the seconds to wait if none is left."""
    params = websocket.query_params
    try:
        room = await rooms.get(game_id)
    except Exception as err:
        if not is_outage(err):
            raise
        # A database outage: the client tries again (1013: try again later).
        await _refuse(websocket, "unavailable", UNAVAILABLE, 1013)
        return
    if room is None:
        await _refuse(websocket, "unknown-game", f"no game {game_id[:40]!r}", 4404)
        return
    since = _int_or_none(params.get("since"))
    name = (params.get("name") or "")[: protocol.MAX_NAME]
    # A signed-in spectator chats under the account's name (a player under the seat's).
    account = await signed_in(websocket, rooms.now())
    if account is not None and not params.get("token"):
        name = account
    try:
        # The token is resolved (and an invite claimed) under the room's lock.
        holder = await rooms.attach(room, params.get("token") or None, since, name)
    except MatchError as err:
        await _refuse(websocket, err.code, err.message, 4403, err.details())
        return
    except Exception as err:
        if not is_outage(err):
            raise
        await _refuse(websocket, "unavailable", UNAVAILABLE, 1013)
        return
    if holder.seat is not None and room.match.seats[holder.seat].kind == "person":
        # The seat is the signed-in account's from now on (decision record 0125).
        await link_if_signed_in(websocket, room.id, holder.seat, room.match.ply)
    queue = holder.queue
    assert queue is not None
    sender = asyncio.create_task(_send_loop(websocket, queue, holder))
    # Hints are worked out beside the connection's other messages (a move may come while
    # one waits for a worker, and makes it stale); they end with the connection.
    hints: set[asyncio.Task[None]] = set()
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            reply: str | None
            if text is None:
                reply = protocol.error_frame("bad-message", "send JSON text frames, not binary")
            elif _is_hint(text):
                task = asyncio.create_task(
                    _hint_reply(rooms, room, holder, client, queue, hint_wait)
                )
                hints.add(task)
                task.add_done_callback(hints.discard)
                # One turn of the loop: the request is checked and queued for the position
                # now, before the next frame (a move) can change it.
                await asyncio.sleep(0)
                reply = None
            else:
                # Shielded: a socket closed while its action is being stored must not stop
                # the action half way (its events stored, the room not told: the next
                # action would take their numbers); it ends on its own, its reply unsent.
                handling = asyncio.ensure_future(_handle(rooms, room, holder, text, chat_wait))
                reply = await asyncio.shield(handling)
            if reply is not None:
                try:
                    queue.put_nowait(reply)
                except asyncio.QueueFull:
                    break
            if sender.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        for task in hints:
            task.cancel()
        rooms.bus.unsubscribe(room.id, queue)
        # Its own task: the server may be cancelling this one (client gone, shutdown).
        rooms.spawn(rooms.detach(room, holder))


def _is_hint(text: str) -> bool:
    try:
        return isinstance(protocol.parse_client(text), protocol.HintMsg)
    except protocol.BadMessage:
        return False


async def _hint_reply(
    rooms: Rooms,
    room: Room,
    holder: Holder,
    client: str,
    queue: asyncio.Queue[str | None],
    hint_wait: Callable[[], float],
) -> None:
    """Work out a hint and put the answer (or the error) in the connection's queue.

    ``hint_wait`` takes one of the client's hints: the seconds to wait if none is left."""
    try:
        seat = rooms.holding(room, holder)
        wait = hint_wait()
        if wait:
            after = retry_after(wait)
            raise MatchError(
                "rate-limited",
                f"too many hints from your address: try again in {after} s",
                {"seconds": int(after)},
            )
        result = await rooms.hint_for(room, seat, client)
        reply = protocol.hint_frame(result)
    except SeatLost:
        return  # told already, with a spectator snapshot
    except MatchError as err:
        reply = protocol.error_frame(err.code, err.message, err.details())
    with contextlib.suppress(asyncio.QueueFull):  # a client that does not read loses it
        queue.put_nowait(reply)


async def _handle(
    rooms: Rooms,
    room: Room,
    holder: Holder,
    text: str,
    chat_wait: Callable[[], float] = lambda: 0.0,
) -> str | None:
    """One client frame: act on it; returns the reply for this client alone (or None).

    The socket's token is checked again for every action: one retired since
    (its seat went to another device) acts no more."""
    try:
        message = protocol.parse_client(text)
    except protocol.BadMessage as err:
        return protocol.error_frame(err.code, err.message, err.params)
    if isinstance(message, protocol.PingMsg):
        return protocol.PONG
    try:
        if isinstance(message, protocol.RematchMsg):
            await rematch.offer(rooms, room, holder)
            return None
        if isinstance(message, protocol.ChatMsg):
            await talk.say(rooms, room, holder, message.text, chat_wait)
            return None
        if isinstance(message, protocol.ChatMuteMsg):
            return await talk.mute(rooms, room, holder, message.mute)
        if isinstance(message, protocol.HintMsg):  # a seat holder's hint goes to _hint_reply
            rooms.holding(room, holder)  # refuses a spectator
            raise MatchError("bad-message", "a hint is asked on its own")
        await rooms.act_as(room, holder, _action(message))
    except (SeatLost, talk.Hushed):
        return None  # told already (with a spectator snapshot; that it sends too fast)
    except MatchError as err:
        return protocol.error_frame(err.code, err.message, err.details())
    except TabletopError as err:
        return protocol.error_frame("bad-request", str(err), err.details())
    except Exception as err:
        if not is_outage(err):
            raise
        # Nothing was stored (the room forgot the change): the client may send it again.
        return protocol.error_frame("unavailable", UNAVAILABLE)
    return None


def _action(message: Any) -> Callable[[Match, int], list[Event]]:
    """The match action of a client message, for the seat that sends it."""
    if isinstance(message, protocol.MoveMsg):
        return lambda m, seat: m.play(seat, message.move, message.ply)
    if isinstance(message, protocol.ResignMsg):
        return lambda m, seat: m.resign(seat)
    if isinstance(message, protocol.UndoRequestMsg):
        return lambda m, seat: m.request_undo(seat)
    if isinstance(message, protocol.UndoAnswerMsg):
        return lambda m, seat: m.answer_undo(seat, message.accept)
    if isinstance(message, protocol.DeadToggleMsg):
        return lambda m, seat: m.toggle_dead(seat, message.point)
    if isinstance(message, protocol.DeadAcceptMsg):
        return lambda m, seat: m.accept_dead(seat)
    assert isinstance(message, protocol.ResumeMsg)
    return lambda m, seat: m.resume(seat)


async def _send_loop(
    websocket: WebSocket, queue: asyncio.Queue[str | None], holder: Holder
) -> None:
    shown = -1  # the number of the last event or snapshot this socket was sent
    while True:
        text = await queue.get()
        if text is None:  # the bus dropped this slow client: it reconnects with since
            await websocket.close(code=4408)
            return
        # Each event once and in order: a replay from the database and a late copy from
        # the bus may both bring one (decision record 0150); a snapshot sets the count.
        number = protocol.numbered(text)
        if number is not None:
            kind, seq = number
            if kind == "event" and seq <= shown:
                continue
            shown = seq
        # Chat lines of the other side, or of muted players, go without their words.
        await websocket.send_text(shown_to(text, holder))


async def _refuse(
    websocket: WebSocket, code: str, message: str, close: int, params: dict[str, Any] | None = None
) -> None:
    await websocket.send_text(protocol.error_frame(code, message, params))
    if websocket.application_state != WebSocketState.DISCONNECTED:
        await websocket.close(code=close)


async def signed_in(websocket: WebSocket, now: float) -> str | None:
    """The user name of the account signed in on ``websocket`` (a same-site page), or None."""
    if session_id(websocket) is None or not same_site(websocket.scope):
        return None
    account = await current_account(websocket, now)
    return None if account is None else account.username


def _int_or_none(text: str | None) -> int | None:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 12:
        return None
    return int(text)
