"""``tabletop serve``: run the server on uvicorn and print the address to open."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
from pathlib import Path

from tabletop.core.errors import OptionError
from tabletop.server.protocol import MAX_FRAME

#: The longest grace a leaver may be given (a day): longer is a typing slip.
MAX_GRACE = 86_400.0
#: The most worker processes (each holds about 200 MB once used).
MAX_WORKERS = 64


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    grace: float = 60.0,
    workers: int | None = None,
) -> int:
    """Serve until interrupted; returns the exit status. A port, address or database that
    cannot be used is an OptionError before anything starts, not a server traceback.
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
    app = create_app(db, grace=grace, workers=workers)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"tabletop: serving on http://{shown}:{port}/  (games stored in {url})", flush=True)
    # Frames well over the protocol's limit are cut off by uvicorn itself; up to it the
    # server answers with a clear too-large error.
    uvicorn.run(app, host=host, port=port, ws_max_size=4 * MAX_FRAME, log_level="warning")
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
