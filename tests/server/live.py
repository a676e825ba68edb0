"""A real uvicorn server on 127.0.0.1 in a thread, with `tabletop serve`'s protocol options
and limits chosen by the test (short timeouts, small caps)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn

from tabletop.server.app import create_app
from tabletop.server.connections import ConnectionLimits
from tabletop.server.serve import uvicorn_options
from tests.server.conftest import UNLIMITED


@dataclass
class Live:
    """A running server: its address and the protocol classes (their shared registry)."""

    host: str
    port: int
    options: dict[str, Any]

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def open_connections(self) -> int:
        """Connections the server counts as open (HTTP and WebSocket)."""
        return len(self.options["http"].registry.open)


@contextmanager
def live_server(
    db: str | Path,
    limits: ConnectionLimits | None = None,
    send_buffer: int | None = None,
    *,
    grace: float = 0.2,
    **uvicorn_config: Any,
) -> Iterator[Live]:
    """Serve a fresh app over ``db`` (the server's ``--db``: a SQLite file's path or a
    database URL, as the ``db`` fixture gives) until the block ends. ``limits``: the
    connection limits (default: serve's); ``send_buffer``: the kernel's send buffer of
    every accepted socket (inherited from the listening one), so a client that stops
    reading fills it after a few kilobytes rather than megabytes; ``grace``: the seconds
    a disconnected seat is kept; ``uvicorn_config``: uvicorn options over serve's (e.g. a
    short keep-alive ping)."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if send_buffer is not None:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    limits = ConnectionLimits() if limits is None else limits
    options = {**uvicorn_options("127.0.0.1", port, limits), **uvicorn_config}
    pool = ThreadPoolExecutor(1)
    app = create_app(str(db), executor=pool, grace=grace, web_dir=None, limits=UNLIMITED)
    server = uvicorn.Server(uvicorn.Config(app, **options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Live("127.0.0.1", port, options)
    finally:
        server.should_exit = True
        thread.join(60)
        pool.shutdown(wait=True)
        listener.close()


def wait_until(condition: Any, seconds: float = 60.0) -> bool:
    """Poll ``condition()`` until it holds (True) or ``seconds`` pass (False). The bound is
    generous: it only keeps a broken server from hanging the test run."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())
