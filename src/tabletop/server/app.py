"""The FastAPI app: the JSON HTTP API, the WebSocket per game, and the browser app's files.

``create_app(db)`` builds the app; ``tabletop serve`` runs it on uvicorn.
Every answer to bad input is a 4xx with ``{"error": code, "message": text}``
(or an ``error`` frame on the WebSocket) and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

import tabletop
from tabletop.core import TabletopError, list_games, load_game
from tabletop.play.clock import CLOCK_KINDS, ClockSpec
from tabletop.play.match import Event, Match, MatchError, SeatSpec
from tabletop.play.record import RecordTooLong, game_record, json_record, read_record
from tabletop.server import protocol as p
from tabletop.server.assets import WebAssets
from tabletop.server.bus import Bus
from tabletop.server.headers import SecurityHeaders
from tabletop.server.lifeline import die_with_parent
from tabletop.server.limits import (
    ClientLimits,
    Limits,
    RateLimit,
    creator_tag,
    retry_after,
    scope_key,
)
from tabletop.server.rooms import Holder, Room, Rooms, SeatLost
from tabletop.server.store import Store, database_url
from tabletop.server.views import position_view
from tabletop.server.work import pool_size

log = logging.getLogger("tabletop.server")

WEB_DIR = Path(tabletop.__file__).parent / "web"
#: Request bodies over this many bytes get 413 (records may be larger).
MAX_BODY = 64 * 1024
MAX_RECORD_BODY = 2 * 1024 * 1024

STATUS_OF_CODE = {
    "bad-request": 400,
    "bad-token": 403,
    "invite-used": 403,
    "seat-moved": 403,
    "spectator": 403,
    "computer-seat": 403,
    "unknown-game": 404,
    "not-your-turn": 409,
    "illegal-move": 409,
    "seat-taken": 409,
    "game-over": 409,
    "stale": 409,
    "waiting": 409,
    "scoring": 409,
    "busy": 409,
    "superseded": 409,
    "no-hint": 409,
    "hint-failed": 503,
    "too-large": 413,
    "rate-limited": 429,
}


class ApiError(Exception):
    """An HTTP error answer: status, code, message."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status or STATUS_OF_CODE.get(code, 400)
        self.headers = headers


def _error(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


class BodyLimit:
    """ASGI middleware: refuse request bodies over the limit with 413 before parsing them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = MAX_RECORD_BODY if scope["path"] == "/api/records" else MAX_BODY
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went (or was cut off for a stalled body): no request
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                response = _error(413, "too-large", f"request bodies are at most {limit} bytes")
                await response(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def default_executor(workers: int | None = None) -> Executor:
    """The process pool for computer seats and hints (spawned: no forked event loop), of
    ``workers`` processes (None: :func:`~tabletop.server.work.pool_size`), each started
    when first needed."""
    return ProcessPoolExecutor(
        workers or pool_size(),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=die_with_parent,  # a server killed with SIGKILL leaves no worker behind
        initargs=(os.getpid(),),
    )


def create_app(
    db: str | None = None,
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    grace: float = 60.0,
    replace_level: int = 3,
    web_dir: Path | None = WEB_DIR,
    now: Callable[[], float] = time.time,
    limits: Limits | None = None,
) -> FastAPI:
    """The server app over the database ``db`` (a path or URL; None: the user data dir).

    ``workers`` is how many searches run at once: the size of the server's own process
    pool (None: :func:`~tabletop.server.work.pool_size`), or of ``executor`` (tests: it runs
    the searches instead; None: 1). ``now`` is the server's clock (tests move it to stand
    for time that passed while the server was down). ``limits``: what one client may ask
    and how many idle games stay in memory.
    """
    limits = limits or Limits()
    store = Store(database_url(db))
    bus = Bus()
    rooms = Rooms(
        store,
        bus,
        executor or default_executor(workers),
        grace=grace,
        replace_level=replace_level,
        now=now,
        renew_executor=(lambda: default_executor(workers)) if executor is None else None,
        workers=(workers or pool_size()) if executor is None else (workers or 1),
        idle_rooms=limits.idle_rooms,
        idle_plies=limits.idle_plies,
    )
    client_limits = ClientLimits(limits)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await store.start()
        restored = await rooms.restore()
        if restored:
            log.info("restored %d games in play", restored)
        yield
        await rooms.close()
        await store.close()
        if executor is None:  # ours (the one running now, if a broken one was replaced)
            # Waiting (at most one move's thinking) lets the workers exit: without it a
            # server stopped with a socket open left a worker process running on its own.
            rooms.executor.shutdown(wait=True, cancel_futures=True)

    app = FastAPI(
        title="tabletop",
        version=tabletop.__version__,
        description="Go, Abalone, Oust and Quoridor: the game server (see docs/protocol.md).",
        lifespan=lifespan,
        responses=p.error_responses(400, 404, 408, 413, 429),
    )
    app.state.rooms = rooms
    app.state.store = store
    app.state.limits = client_limits
    app.add_middleware(BodyLimit)
    app.add_middleware(RateLimit, limits=client_limits)  # outermost: before the body is read
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, the 413s included

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, err: ApiError) -> JSONResponse:
        return _error(err.status, err.code, err.message, err.headers)

    @app.exception_handler(MatchError)
    async def match_error(_request: Request, err: MatchError) -> JSONResponse:
        return _error(STATUS_OF_CODE.get(err.code, 400), err.code, err.message)

    @app.exception_handler(TabletopError)
    async def tabletop_error(_request: Request, err: TabletopError) -> JSONResponse:
        return _error(400, "bad-request", str(err))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        return _error(400, "bad-request", p.describe_errors(err.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed"}.get(err.status_code, "bad-request")
        return _error(err.status_code, code, str(err.detail))

    async def room_of(game_id: str) -> Room:
        room = await rooms.get(game_id)
        if room is None:
            raise ApiError("unknown-game", f"no game {game_id[:40]!r}")
        return room

    # -- HTTP API ------------------------------------------------------------------------------
    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        """The games, their options with defaults and allowed values, levels and clock kinds."""
        return {
            "games": [
                {
                    "name": info.name,
                    "title": info.title,
                    "players": list(info.players),
                    "options": [
                        {
                            "name": o.name,
                            "kind": o.kind.__name__,
                            "default": o.default,
                            "default_text": o.default_text,
                            "help": o.help,
                            "choices": None if o.choices is None else list(o.choices),
                            "minimum": o.minimum,
                            "maximum": o.maximum,
                        }
                        for o in info.options
                    ],
                }
                for info in list_games()
            ],
            "levels": list(range(1, 11)),
            "clocks": list(CLOCK_KINDS),
        }

    def key_of(request: Request | WebSocket) -> str:
        """The client asking, as limits count it (see server/limits.py)."""
        return scope_key(request.scope, limits.trusted_proxies)

    @app.post("/api/games", status_code=201, response_model=p.CreatedOut)
    async def create_game(body: p.CreateGame, request: Request) -> JSONResponse:
        """Create a game: the game, its options, the seats and the clock (the rate of new
        games per client is checked before the request is read: limits.RateLimit)."""
        key = key_of(request)
        game = load_game(body.game, **body.options)
        seats_in = body.seats or [p.SeatIn() for _ in range(game.num_players)]
        seats = [
            SeatSpec(
                s.kind,
                s.level,
                s.name or (f"Computer (level {s.level})" if s.kind == "computer" else ""),
            )
            for s in seats_in
        ]
        if any(s.kind == "computer" and s.level is None for s in seats):
            raise ApiError("bad-request", "a computer seat needs a level from 1 to 10")
        clock = ClockSpec.from_dict(
            None if body.clock is None else body.clock.model_dump(exclude_none=True)
        )
        # Go's dead-stone proposal is worked out in the pool, not here (decision record 0075).
        seed = int.from_bytes(os.urandom(4), "big") >> 1
        match = Match(game, seats, clock, seed=seed, propose_dead=None)
        for i, s in enumerate(seats_in):
            if s.claim and s.kind == "person":
                match.claim(i, s.name)
        creator = creator_tag(key)
        if match.status == "waiting" and limits.waiting_games:
            waiting = await store.waiting_count(creator)
            if waiting >= limits.waiting_games:
                raise ApiError(
                    "rate-limited",
                    f"{waiting} games made from your address are waiting for players:"
                    " start or finish some first",
                    headers={"Retry-After": "60"},
                )
        room, tokens = await rooms.create(match, creator=creator)
        answer = {
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
        return JSONResponse(answer, status_code=201)

    @app.get("/api/games", response_model=list[p.ListedGame])
    async def list_open(
        status: Literal["open", "playing", "finished"] | None = None,
    ) -> JSONResponse:
        """The lobby (``status=open``) and other listings, newest first."""
        return JSONResponse(await store.listing(status))

    @app.get("/api/games/{game_id}", response_model=p.GameViewOut)
    async def get_game(
        game_id: str, ply: int | None = Query(None, ge=0, le=100_000)
    ) -> JSONResponse:
        """The public view of one game; with ``ply=N`` its board after N plies (replay)."""
        room = await room_of(game_id)
        view = room.view()
        if ply is None:
            return JSONResponse(view)
        if ply > room.match.ply:
            raise ApiError("bad-request", f"ply {ply}: the game has {room.match.ply} plies")
        return JSONResponse(position_view(view, room.match.state, ply))

    @app.post(
        "/api/games/{game_id}/join", response_model=p.JoinOut, responses=p.error_responses(409)
    )
    async def join(game_id: str, body: p.JoinIn) -> JSONResponse:
        """Take an open person seat (the first one without ``seat``): a fresh token for it.

        The seat's invite link is used up by this (opening it then only watches)."""
        room = await room_of(game_id)
        seat, token = await rooms.join(room, body.seat, body.name)
        invite = f"/game/{room.id}?token={token}"
        return JSONResponse({"seat": seat, "token": token, "invite": invite})

    @app.post(
        "/api/games/{game_id}/handover",
        response_model=p.HandoverOut,
        responses=p.error_responses(403, 409),
    )
    async def handover(game_id: str, body: p.HandoverIn) -> JSONResponse:
        """A one-time link to go on with the seat of ``token`` on another device.

        Opening it gives that device the seat (a new token); ``token`` and the
        sockets holding it then only watch, and every player hears of it."""
        room = await room_of(game_id)
        seat, link = await rooms.handover(room, body.token)
        return JSONResponse({"seat": seat, "link": f"/game/{room.id}?token={link}"})

    @app.post(
        "/api/games/{game_id}/moves",
        response_model=p.GameViewOut,
        responses=p.error_responses(403, 409),
    )
    async def post_move(game_id: str, body: p.MoveIn) -> JSONResponse:
        """Play a move for the seat of ``token``; the same checks as the WebSocket ``move``."""
        room = await room_of(game_id)
        await rooms.act_by_token(
            room, body.token, lambda m, seat: m.play(seat, body.move, body.ply)
        )
        return JSONResponse(room.view())

    @app.get("/api/games/{game_id}/record", responses=p.RECORD_RESPONSES)
    async def record(game_id: str, format: Literal["json", "sgf"] = Query("json")) -> Response:
        """The game record as a download: JSON for every game, SGF for Go."""
        room = await room_of(game_id)
        name = f"tabletop-{room.match.game.name}-{room.id}"
        if format == "sgf":
            data = game_record(room.match, "sgf")
            return Response(
                data,
                media_type="application/x-go-sgf",
                headers={"Content-Disposition": f'attachment; filename="{name}.sgf"'},
            )
        return JSONResponse(
            json_record(room.match),
            headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
        )

    @app.post(
        "/api/records",
        status_code=201,
        response_model=p.ImportedOut,
        responses={413: {"model": p.ErrorOut}},
    )
    async def import_record(body: p.RecordIn) -> JSONResponse:
        """Import a record (JSON or SGF) as a finished game for the replay view (its rate
        per client is checked before the request is read: limits.RateLimit)."""
        size = len(body.text.encode("utf-8", "surrogatepass"))
        if limits.import_bytes and size > limits.import_bytes:
            raise ApiError(
                "too-large", f"a record is at most {limits.import_bytes} bytes, not {size}"
            )
        try:
            match = await rooms.off_loop(
                read_record, body.format, body.text, limits.import_plies or None
            )
        except RecordTooLong as err:
            raise ApiError("too-large", str(err)) from None
        except TabletopError as err:
            raise ApiError("bad-request", str(err)[:500]) from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as err:
            # A game's from_dict meeting data of the wrong shape: still the record's fault.
            raise ApiError("bad-request", f"not a valid record ({type(err).__name__})") from None
        room, _ = await rooms.create(match, person_tokens=False)
        return JSONResponse({"id": room.id}, status_code=201)

    # -- WebSocket -----------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        key = key_of(websocket)
        await serve_socket(rooms, websocket, game_id, key, lambda: client_limits.hints.take(key))

    # -- the browser app -------------------------------------------------------------------------
    _static(app, web_dir)
    return app


def _static(app: FastAPI, web_dir: Path | None) -> None:
    """`/`, `/game/{id}`, `/replay/{id}` and `/static/*` from the browser app's directory."""

    def page(name: str) -> Callable[..., Awaitable[Response]]:
        async def serve(game_id: str = "") -> Response:
            path = None if web_dir is None else web_dir / name
            if path is None or not path.is_file():
                return _error(404, "not-found", "the browser app is not installed")
            return FileResponse(path, media_type="text/html")

        return serve

    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/game/{game_id}", include_in_schema=False)(page("game.html"))
    app.get("/replay/{game_id}", include_in_schema=False)(page("replay.html"))
    if web_dir is not None and web_dir.is_dir():
        app.mount("/static", WebAssets(directory=web_dir), name="static")


# -- one WebSocket connection ------------------------------------------------------------------
async def serve_socket(
    rooms: Rooms,
    websocket: WebSocket,
    game_id: str,
    client: str = "",
    hint_wait: Callable[[], float] = lambda: 0.0,
) -> None:
    """Run one client's connection: catch-up, then its messages until it closes.

    ``client`` is the asker as the limits count it (its address; server/limits.py);
    ``hint_wait`` takes one of the client's hints: the seconds to wait if none is left."""
    params = websocket.query_params
    room = await rooms.get(game_id)
    if room is None:
        await _refuse(websocket, "unknown-game", f"no game {game_id[:40]!r}", 4404)
        return
    since = _int_or_none(params.get("since"))
    name = (params.get("name") or "")[: p.MAX_NAME]
    try:
        # The token is resolved (and an invite claimed) under the room's lock.
        holder = await rooms.attach(room, params.get("token") or None, since, name)
    except MatchError as err:
        await _refuse(websocket, err.code, err.message, 4403)
        return
    queue = holder.queue
    assert queue is not None
    sender = asyncio.create_task(_send_loop(websocket, queue))
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
                reply = _error_frame("bad-message", "send JSON text frames, not binary")
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
                reply = await _handle(rooms, room, holder, text)
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
        return isinstance(p.parse_client(text), p.HintMsg)
    except p.BadMessage:
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
                "rate-limited", f"too many hints from your address: try again in {after} s"
            )
        result = await rooms.hint_for(room, seat, client)
        reply = p.frame({"type": "hint", **result})
    except SeatLost:
        return  # told already, with a spectator snapshot
    except MatchError as err:
        reply = _error_frame(err.code, err.message)
    with contextlib.suppress(asyncio.QueueFull):  # a client that does not read loses it
        queue.put_nowait(reply)


async def _handle(rooms: Rooms, room: Room, holder: Holder, text: str) -> str | None:
    """One client frame: act on it; returns the reply for this client alone (or None).

    The socket's token is checked again for every action: one retired since
    (its seat went to another device) acts no more."""
    try:
        message = p.parse_client(text)
    except p.BadMessage as err:
        return _error_frame(err.code, err.message)
    if isinstance(message, p.PingMsg):
        return p.frame({"type": "pong"})
    try:
        if isinstance(message, p.HintMsg):  # a seat holder's hint goes to _hint_reply
            rooms.holding(room, holder)  # refuses a spectator
            raise MatchError("bad-message", "a hint is asked on its own")
        await rooms.act_as(room, holder, _action(message))
    except SeatLost:
        return None  # told already, with a spectator snapshot
    except MatchError as err:
        return _error_frame(err.code, err.message)
    except TabletopError as err:
        return _error_frame("bad-request", str(err))
    return None


def _action(message: Any) -> Callable[[Match, int], list[Event]]:
    """The match action of a client message, for the seat that sends it."""
    if isinstance(message, p.MoveMsg):
        return lambda m, seat: m.play(seat, message.move, message.ply)
    if isinstance(message, p.ResignMsg):
        return lambda m, seat: m.resign(seat)
    if isinstance(message, p.UndoRequestMsg):
        return lambda m, seat: m.request_undo(seat)
    if isinstance(message, p.UndoAnswerMsg):
        return lambda m, seat: m.answer_undo(seat, message.accept)
    if isinstance(message, p.DeadToggleMsg):
        return lambda m, seat: m.toggle_dead(seat, message.point)
    if isinstance(message, p.DeadAcceptMsg):
        return lambda m, seat: m.accept_dead(seat)
    assert isinstance(message, p.ResumeMsg)
    return lambda m, seat: m.resume(seat)


async def _send_loop(websocket: WebSocket, queue: asyncio.Queue[str | None]) -> None:
    while True:
        text = await queue.get()
        if text is None:  # the bus dropped this slow client: it reconnects with since
            await websocket.close(code=4408)
            return
        await websocket.send_text(text)


async def _refuse(websocket: WebSocket, code: str, message: str, close: int) -> None:
    await websocket.send_text(_error_frame(code, message))
    if websocket.application_state != WebSocketState.DISCONNECTED:
        await websocket.close(code=close)


def _error_frame(code: str, message: str) -> str:
    return p.frame({"type": "error", "code": code, "message": message})


def _int_or_none(text: str | None) -> int | None:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 12:
        return None
    return int(text)
