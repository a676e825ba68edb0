"""The FastAPI app: the JSON HTTP API, the WebSocket per game, and the browser app's files.

``create_app(db)`` builds the app from the routers of server/routes/; ``tabletop serve``
runs it on uvicorn. Every answer to bad input is a 4xx with ``{"error": code, "message":
text}`` (or an ``error`` frame on the WebSocket) and changes nothing (server/errors.py).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI

import tabletop
from tabletop.review.analyst import DEFAULT_LEVEL
from tabletop.server import protocol
from tabletop.server.accounts import pages as account_pages
from tabletop.server.accounts import routes as accounts
from tabletop.server.accounts.rated import settle_game
from tabletop.server.accounts.sessions import CrossSiteGuard
from tabletop.server.accounts.storage import AccountStore
from tabletop.server.body_limit import BodyLimit
from tabletop.server.bus import Bus
from tabletop.server.chat.storage import record as record_chat
from tabletop.server.errors import install_error_handlers
from tabletop.server.headers import SecurityHeaders
from tabletop.server.lease import Lease, RedisLease
from tabletop.server.lifeline import die_with_parent
from tabletop.server.limits import ClientLimits, Limits, RateLimit
from tabletop.server.offers import mine as my_games
from tabletop.server.offers import routes as offers
from tabletop.server.presence import Presence, RedisPresence
from tabletop.server.redisbus import RedisBus
from tabletop.server.reviews import ReviewPool, Reviews, process_review_pool, thread_review_pool
from tabletop.server.rooms import Rooms
from tabletop.server.routes import (
    catalog,
    games,
    learn,
    positions,
    records,
    reviews,
    rules,
    seats,
    socket,
)
from tabletop.server.routes.pages import serve_pages
from tabletop.server.store import Store, database_url
from tabletop.server.work import pool_size

log = logging.getLogger("tabletop.server")

WEB_DIR = Path(tabletop.__file__).parent / "web"


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
    review_pool: ReviewPool | None = None,
    review_level: int | None = None,
    review_seconds: float | None = None,
    bus: str | None = None,
) -> FastAPI:
    """The server app over the database ``db`` (a path or URL; None: the user data dir).

    ``bus``: a Redis URL to share each game's events with other server processes over
    the same database (None: this process alone, the in-process bus).

    ``workers`` is how many searches run at once: the size of the server's own process
    pool (None: :func:`~tabletop.server.work.pool_size`), or of ``executor`` (tests: it runs
    the searches instead; None: 1). ``now`` is the server's clock (tests move it to stand
    for time that passed while the server was down). ``limits``: what one client may ask
    and how many idle games stay in memory. Reviews run in ``review_pool`` (None: a niced
    process of their own, or a thread when ``executor`` is given) at ``review_level``
    (None: the review's default), each position capped at ``review_seconds`` if given.
    """
    limits = limits or Limits()
    store = Store(database_url(db), shown=db)
    store.on_end.append(settle_game)  # results and ratings in the game's last transaction
    store.on_events.append(record_chat)  # chat lines and mutes with their events
    events: Bus = Bus() if bus is None else RedisBus(bus)
    # One process drives every game; with others, a lease per game in Redis (record 0151).
    lease = RedisLease(events.client, events.origin) if isinstance(events, RedisBus) else Lease()
    # Who is connected on the other processes (decision record 0168).
    presence = (
        RedisPresence(events.client, events.origin) if isinstance(events, RedisBus) else Presence()
    )
    rooms = Rooms(
        store,
        events,
        executor or default_executor(workers),
        grace=grace,
        replace_level=replace_level,
        now=now,
        renew_executor=(lambda: default_executor(workers)) if executor is None else None,
        workers=(workers or pool_size()) if executor is None else (workers or 1),
        idle_rooms=limits.idle_rooms,
        idle_plies=limits.idle_plies,
        lease=lease,
        presence=presence,
    )
    client_limits = ClientLimits(limits)
    pool = review_pool or (process_review_pool() if executor is None else thread_review_pool())
    game_reviews = Reviews(
        store, rooms, pool, level=review_level or DEFAULT_LEVEL, seconds=review_seconds
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await store.start()
        if isinstance(events, RedisBus):
            await events.start()
        await lease.start()
        await presence.start()
        restored = await rooms.restore()
        if restored:
            log.info("restored %d games in play", restored)
        resumed = await game_reviews.resume()
        if resumed:
            log.info("queued %d reviews again", resumed)
        yield
        await game_reviews.close()
        await rooms.close()
        await lease.close()  # another process takes its games over at once
        await presence.close()
        if isinstance(events, RedisBus):
            await events.close()
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
        responses=protocol.error_responses(400, 404, 408, 413, 429),
    )
    app.state.rooms = rooms
    app.state.store = store
    app.state.reviews = game_reviews
    app.state.accounts = AccountStore(store.engine)
    app.state.limits = client_limits
    app.add_middleware(BodyLimit)
    app.add_middleware(CrossSiteGuard)  # before the body is read
    app.add_middleware(RateLimit, limits=client_limits)  # outermost: before the body is read
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, the 413s included
    install_error_handlers(app)
    for routes in (
        catalog,
        games,
        seats,
        records,
        reviews,
        socket,
        positions,
        learn,
        rules,
        accounts,
        offers,
        my_games,
    ):
        app.include_router(routes.router)
    app.include_router(account_pages.router)
    serve_pages(app, web_dir)
    return app
