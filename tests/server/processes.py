"""Real ``tabletop serve`` processes over one database and one Redis, for the tests of
what happens across processes (one of them killed with SIGKILL, as a crash would)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection

from tabletop.server.scratch import free_port

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Server:
    """One ``tabletop serve`` process."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: no shutdown, its leases stay until they expire."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it does not end."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(db: str, bus: str, folder: Path, name: str) -> Server:
    """Start ``tabletop serve`` on a free port and wait until it answers."""
    port = free_port()
    log = folder / f"{name}.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    argv = [sys.executable, "-m", "tabletop", "serve", "--db", db, "--bus", bus]
    argv += ["--port", str(port), "--workers", "1", "--requests-per-minute", "0"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            argv, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    server = Server(process, port, log)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        try:
            if httpx.get(server.url + "/api/catalog", timeout=5).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    server.kill()
    raise AssertionError(f"{name} did not start: {log.read_text()}")


@contextmanager
def servers(db: str, bus: str, folder: Path, count: int = 2) -> Iterator[list[Server]]:
    """``count`` server processes over ``db`` and ``bus``, stopped when the block ends."""
    started: list[Server] = []
    try:
        for i in range(count):
            started.append(start_server(db, bus, folder, f"server{i}"))
        yield started
    finally:
        for server in started:
            server.stop()


def frames_until(ws: ClientConnection, done: Any, seconds: float = 120.0) -> list[dict[str, Any]]:
    """Frames read until ``done(frame)`` holds for one (its bound keeps a broken server
    from hanging the run)."""
    read: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no frame ended the wait; read {read[-5:]}"
        frame = json.loads(ws.recv(timeout=left))
        read.append(frame)
        if done(frame):
            return read
