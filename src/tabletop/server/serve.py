"""``tabletop serve``: run the server on uvicorn and print the address to open."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import socket
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.server import limits as per_client
from tabletop.server.connections import ConnectionLimits, default_limits, protocols
from tabletop.server.protocol import MAX_FRAME

#: The longest grace a leaver may be given (a day): longer is a typing slip.
MAX_GRACE = 86_400.0
#: The most worker processes (each holds much memory once used: docs/benchmarks.md).
MAX_WORKERS = 64

#: The ``tabletop serve`` flag of each field of Limits, with its help.
LIMIT_FLAGS = {
    "requests_per_minute": "API requests per client and minute, after the burst (0: no limit)",
    "requests_burst": "API requests a client may make at once",
    "games_per_minute": "new games per client and minute, after the burst (0: no limit)",
    "games_burst": "new games a client may make at once",
    "waiting_games": "games of one client that may wait for players at a time (0: no limit)",
    "imports_per_minute": "record imports per client and minute, after the burst (0: no limit)",
    "imports_burst": "record imports a client may make at once",
    "import_bytes": "the largest record to import, in bytes (0: no limit)",
    "import_plies": "the most moves in a record to import (0: no limit)",
    "hints_per_minute": "hint requests per client and minute, after the burst (0: no limit)",
    "hints_burst": "hint requests a client may make at once",
    "chat_per_minute": "chat lines per client and minute, after the burst (0: no limit)",
    "chat_burst": "chat lines a client may send at once",
    "logins_per_minute": "account requests that hash a password (register, log in, recover,"
    " change) per client and minute, after the burst (0: no limit)",
    "logins_burst": "such account requests a client may make at once",
    "idle_rooms": "games kept in memory while nobody needs them",
    "idle_plies": "moves those idle games may hold in all",
}


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of the per-client limits (defaults shown in --help; docs/server.md)."""
    group = parser.add_argument_group("per-client limits and memory")
    defaults = per_client.Limits()
    for name, text in LIMIT_FLAGS.items():
        default = getattr(defaults, name)
        shown = f"{default:g}" if isinstance(default, float) else str(default)
        group.add_argument(
            "--" + name.replace("_", "-"),
            type=type(default),
            default=default,
            metavar="N",
            help=f"{text} (default {shown})",
        )
    group.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front of the server: its X-Forwarded-For names the client"
        " (repeat for several; without one the header is ignored)",
    )
    reviews = parser.add_argument_group("game reviews")
    reviews.add_argument(
        "--review-level",
        type=int,
        default=None,
        metavar="N",
        help="review finished games with this computer level's search, 1-10 (default: the"
        " review's own, docs/review.md)",
    )


def limits_from(args: argparse.Namespace) -> per_client.Limits:
    """The per-client limits of parsed ``tabletop serve`` flags; a negative number is an
    OptionError."""
    values = {name: getattr(args, name) for name in LIMIT_FLAGS}
    for name, value in values.items():
        if value < 0:
            flag = "--" + name.replace("_", "-")
            raise OptionError(f"{flag} {value:g}: must be 0 or more")
    return dataclasses.replace(
        per_client.Limits(), **values, trusted_proxies=tuple(getattr(args, "trusted_proxy", []))
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    limits: ConnectionLimits | None = None,
    clients: per_client.Limits | None = None,
    *,
    grace: float = 60.0,
    workers: int | None = None,
    review_level: int | None = None,
    bus: str | None = None,
) -> int:
    """Serve until interrupted; returns the exit status. A port, address or database that
    cannot be used is an OptionError before anything starts, not a server traceback.

    ``limits``: the connection guards; ``clients``: what one client may ask;
    ``grace``: seconds a person who left a 3 or 4 player game has to come back;
    ``workers``: the worker processes of computer moves and hints (None: by the CPUs);
    ``review_level``: the computer level whose search reviews games (None: the default);
    ``bus``: a Redis URL shared with other server processes (None: this one alone)."""
    import uvicorn

    from tabletop.server.app import create_app
    from tabletop.server.store import database_url

    if not 1 <= port <= 65535:
        raise OptionError(f"--port {port}: must be 1 to 65535")
    if not 0 <= grace <= MAX_GRACE:  # also refuses nan
        raise OptionError(f"--grace {grace:g}: must be 0 to {MAX_GRACE:.0f} seconds")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers {workers}: must be 1 to {MAX_WORKERS}")
    if review_level is not None and not 1 <= review_level <= 10:
        raise OptionError(f"--review-level {review_level}: must be 1 to 10")
    url = database_url(db)
    _check_database(url, shown_db(db or url), db)
    if bus is not None:
        check_bus(bus)
    _check_address(host, port)
    limits = limits or default_limits()
    app = create_app(
        url, limits=clients, grace=grace, workers=workers, review_level=review_level, bus=bus
    )
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    # With other processes, the id this one writes in Redis (the lease keys say which
    # process drives a game): an operator reading Redis can tell whose log to look at.
    origin = getattr(app.state.rooms.bus, "origin", None)
    known_as = "" if origin is None else f"; process {origin} on the Redis bus"
    try:
        print(
            f"tabletop: serving on http://{shown}:{port}/  "
            f"(games stored in {shown_db(url)}{known_as})",
            flush=True,
        )
    except BrokenPipeError:
        # Nobody reads the address: starting anyway would serve a port no one was told of.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise OptionError("cannot print the address: standard output is closed") from None
    uvicorn.run(app, **uvicorn_options(host, port, limits))
    return 0


def upgrade_database(db: str | None) -> int:
    """``tabletop db upgrade``: bring the database to the newest revision and say what was
    done in one line; OptionError (one line) when it cannot."""
    from sqlalchemy.engine import make_url

    from tabletop.server.dbcheck import check_sqlite_file
    from tabletop.server.store import database_url

    url = database_url(db)
    shown = shown_db(db or url)
    parts = make_url(url)
    if parts.get_backend_name() == "sqlite" and parts.database not in (None, "", ":memory:"):
        check_sqlite_file(Path(parts.database), shown)
    before, after = run_store(url, shown, db, "upgrade")
    if before == after:
        print(f"tabletop: {shown}: already at revision {after}")
    else:
        was = "an empty database" if before is None else f"revision {before}"
        print(f"tabletop: {shown}: upgraded from {was} to revision {after}")
    return 0


def serve_limits(args: Any) -> ConnectionLimits:
    """The connection limits from ``tabletop serve``'s options (checked: one line each)."""
    for name in ("request_timeout", "send_timeout"):
        value = getattr(args, name)
        if not 0 < value <= 3600:
            raise OptionError(f"--{name.replace('_', '-')} {value:g}: must be over 0, at most 3600")
    for name in ("max_connections", "max_per_address"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise OptionError(f"--{name.replace('_', '-')} {value}: must be at least 1")
    base = default_limits()
    return replace(
        base,
        request_timeout=args.request_timeout,
        send_timeout=args.send_timeout,
        max_connections=args.max_connections or base.max_connections,
        max_per_address=args.max_per_address,
    )


def uvicorn_options(host: str, port: int, limits: ConnectionLimits) -> dict[str, Any]:
    """uvicorn's settings for this server: the address, the connection guards, the logs."""
    return {
        "host": host,
        "port": port,
        # Frames well over the protocol's limit are cut off by uvicorn itself; up to it the
        # server answers with a clear too-large error.
        "ws_max_size": 4 * MAX_FRAME,
        "log_level": "warning",
        **protocols(limits),
        # uvicorn would otherwise believe X-Forwarded-For from 127.0.0.1, letting a local
        # client pick its address; limits.py reads it from --trusted-proxy hosts only.
        "proxy_headers": False,
    }


def _check_database(url: str, shown: str, db: str | None = None) -> None:
    """The database must open, take writes (an SQLite file's folder is made if need be) and
    have the newest layout (a new SQLite file gets it): any failure (a damaged or foreign
    file, a read-only one, no driver installed, a server that refuses, a layout behind) is
    one line. ``db``: the ``--db`` given (None: the default), for the command to run."""
    from sqlalchemy.engine import make_url

    from tabletop.server.dbcheck import check_sqlite_file

    parts = make_url(url)
    if parts.get_backend_name() == "sqlite" and parts.database not in (None, "", ":memory:"):
        # An SQLite file: checked directly first (aiosqlite's own thread could still be
        # answering a loop that a failed probe has already closed).
        check_sqlite_file(Path(parts.database), shown)
    run_store(url, shown, db, "start")


def run_store(url: str, shown: str, db: str | None, method: str) -> Any:
    """``Store(url).<method>()`` on its own event loop, every failure one OptionError:
    ``start`` is what a server does first (check the layout; a new SQLite file gets its
    tables), ``upgrade`` is ``tabletop db upgrade``."""
    from tabletop.server.store import StorageError, Store

    async def probe() -> Any:
        store = Store(url, shown=None if db is None else shown)
        try:
            return await getattr(store, method)()
        finally:
            await store.close()

    try:
        return asyncio.run(probe())
    except StorageError as err:
        raise OptionError(f"--db {shown}: {err}") from None
    except Exception as err:  # every driver has exceptions of its own
        raise OptionError(f"--db {shown}: cannot open the database ({reason(err)})") from None


def check_bus(url: str) -> None:
    """The Redis of ``--bus`` must answer (a URL that is not Redis's, a server that is
    not there or refuses the password: one line)."""
    from redis.asyncio import from_url

    shown = shown_db(url)
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise OptionError(f"--bus {url}: not a Redis URL (e.g. redis://127.0.0.1:6379/0)")

    async def ping() -> None:
        client = from_url(url, socket_connect_timeout=5)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(ping())
    except Exception as err:  # connection refused, a wrong password, a bad database number
        raise OptionError(f"--bus {shown}: cannot reach Redis ({reason(err)})") from None


def shown_db(db: str) -> str:
    """``--db`` as messages show it: a URL's password hidden."""
    if "://" not in db:
        return db
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(db).render_as_string(hide_password=True)
    except ArgumentError:
        return db


def reason(err: BaseException) -> str:
    """The first line of an error's message (its type's name if it has none); a refused
    connection says where it was refused."""
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return (str(err).strip().splitlines() or [type(err).__name__])[0]


def _check_address(host: str, port: int) -> None:
    """The address must be one this machine can listen on, the port free."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as err:
        raise OptionError(f"--host {host}: not an address to listen on ({err.strerror})") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            raise OptionError(f"cannot listen on {host}:{port} ({err.strerror})") from None
