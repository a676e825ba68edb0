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
) -> int:
    """Serve until interrupted; returns the exit status. A port, address or database that
    cannot be used is an OptionError before anything starts, not a server traceback.

    ``limits``: the connection guards; ``clients``: what one client may ask;
    ``grace``: seconds a person who left a 3 or 4 player game has to come back;
    ``workers``: the worker processes of computer moves and hints (None: by the CPUs)."""
    import uvicorn

    from tabletop.server.app import create_app
    from tabletop.server.store import database_url

    if not 1 <= port <= 65535:
        raise OptionError(f"--port {port}: must be 1 to 65535")
    if not 0 <= grace <= MAX_GRACE:  # also refuses nan
        raise OptionError(f"--grace {grace:g}: must be 0 to {MAX_GRACE:.0f} seconds")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers {workers}: must be 1 to {MAX_WORKERS}")
    url = database_url(db)
    _check_database(url, db or url)
    _check_address(host, port)
    limits = limits or default_limits()
    app = create_app(url, limits=clients, grace=grace, workers=workers)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    try:
        print(f"tabletop: serving on http://{shown}:{port}/  (games stored in {url})", flush=True)
    except BrokenPipeError:
        # Nobody reads the address: starting anyway would serve a port no one was told of.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise OptionError("cannot print the address: standard output is closed") from None
    uvicorn.run(app, **uvicorn_options(host, port, limits))
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


def _check_database(url: str, shown: str) -> None:
    """The database must open and take writes (an SQLite file's folder is made if need be):
    any failure (a damaged or foreign file, a read-only one, no driver installed, a server
    that refuses) is one line."""
    from sqlalchemy.engine import make_url

    from tabletop.server.dbcheck import check_sqlite_file
    from tabletop.server.store import Store

    parts = make_url(url)
    if parts.get_backend_name() == "sqlite" and parts.database not in (None, "", ":memory:"):
        # An SQLite file: checked directly (aiosqlite's own thread could still be answering
        # a loop that a failed probe has already closed).
        check_sqlite_file(Path(parts.database), shown)
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
