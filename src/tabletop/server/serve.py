"""``tabletop serve``: run the server on uvicorn and print the address to open."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import socket
import sqlite3
from pathlib import Path

from tabletop.core.errors import OptionError
from tabletop.server.limits import Limits
from tabletop.server.protocol import MAX_FRAME

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
    "idle_rooms": "games kept in memory while nobody needs them",
    "idle_plies": "moves those idle games may hold in all",
}


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of :class:`Limits` (defaults shown in --help; docs/server.md)."""
    group = parser.add_argument_group("per-client limits and memory")
    defaults = Limits()
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


def limits_from(args: argparse.Namespace) -> Limits:
    """The Limits of parsed ``tabletop serve`` flags; a negative number is an OptionError."""
    values = {name: getattr(args, name) for name in LIMIT_FLAGS}
    for name, value in values.items():
        if value < 0:
            flag = "--" + name.replace("_", "-")
            raise OptionError(f"{flag} {value:g}: must be 0 or more")
    return dataclasses.replace(
        Limits(), **values, trusted_proxies=tuple(getattr(args, "trusted_proxy", []))
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    limits: Limits | None = None,
) -> int:
    """Serve until interrupted; returns the exit status. A port, address or database that
    cannot be used is an OptionError before anything starts, not a server traceback."""
    import uvicorn

    from tabletop.server.app import create_app
    from tabletop.server.store import database_url

    if not 1 <= port <= 65535:
        raise OptionError(f"--port {port}: must be 1 to 65535")
    url = database_url(db)
    _check_database(url, db or url)
    _check_address(host, port)
    app = create_app(db, limits=limits)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"tabletop: serving on http://{shown}:{port}/  (games stored in {url})", flush=True)
    # Frames well over the protocol's limit are cut off by uvicorn itself; up to it the
    # server answers with a clear too-large error.
    # proxy_headers off: uvicorn would otherwise believe X-Forwarded-For from 127.0.0.1,
    # letting a local client pick its address; limits.py reads it from trusted proxies only.
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=4 * MAX_FRAME,
        log_level="warning",
        proxy_headers=False,
    )
    return 0


def _check_database(url: str, shown: str) -> None:
    """The database must open (an SQLite file's folder is made if need be): any driver's
    failure (no such file, no driver installed, a server that refuses) is one line."""
    from sqlalchemy.engine import make_url

    from tabletop.server.store import Store

    parts = make_url(url)
    if parts.get_backend_name() == "sqlite" and parts.database not in (None, "", ":memory:"):
        # An SQLite file: opened directly (aiosqlite's own thread could still be answering
        # a loop that a failed probe has already closed).
        path = Path(parts.database)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            sqlite3.connect(path).close()
        except (OSError, sqlite3.Error) as err:
            reason = getattr(err, "strerror", None) or str(err)
            raise OptionError(f"--db {shown}: cannot open the database ({reason})") from None
        return

    async def probe() -> None:
        store = Store(url)
        try:
            await store.start()  # what the server does first: open it, make missing tables
        finally:
            await store.close()

    try:
        asyncio.run(probe())
    except Exception as err:  # every driver has exceptions of its own
        reason = (str(err).splitlines() or [type(err).__name__])[0]
        raise OptionError(f"--db {shown}: cannot open the database ({reason})") from None


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
