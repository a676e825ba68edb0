"""The attacks of ``bench/server_abuse.py``: one module each, and what they share.

An attack module defines::

    NAME = "memory"                  # its label in the report and for --only
    SERVE_ARGS: list[str] = []       # extra ``tabletop serve`` arguments it needs
    def attack(target: Target, quick: bool) -> str: ...   # one line with its figures

The driver starts a fresh ``tabletop serve`` on 127.0.0.1 (a new SQLite file)
for each attack, so no attack's figures depend on another's. ``quick`` runs
the attack for a few seconds (the smoke test); without it the attack runs at
the issue's scale, bounded in count and time. Attacks send traffic only to
127.0.0.1.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import websockets


@dataclass(frozen=True)
class Target:
    """A running server under attack."""

    url: str  # http://127.0.0.1:PORT
    ws_url: str  # ws://127.0.0.1:PORT
    pid: int  # the server process (its pool workers are its children)
    db: Path  # its SQLite file
    serve_args: tuple[str, ...]  # the arguments it was started with (to start it again)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _descendants(pid: int) -> list[int]:
    found = [pid]
    for p in found:  # grows while it is walked: children of children
        try:
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        found += [int(c) for c in children]
    return found


def rss_mib(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MiB (from /proc)."""
    total_kib = 0
    for p in _descendants(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total_kib += int(line.split()[1])
        except OSError:
            pass
    return total_kib / 1024


def open_descriptors(pid: int) -> int:
    """How many file descriptors the process holds open now."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` (0..1) percentile of ``values`` by nearest rank; NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))
    return ordered[rank]


def serve_command(port: int, db: Path) -> list[str]:
    """The command that runs ``tabletop serve`` with this interpreter."""
    return [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(port), "--db", str(db)]


def wait_until_up(url: str, seconds: float = 60.0) -> None:
    """Return once ``url`` answers the catalog; RuntimeError after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/api/catalog", timeout=1).raise_for_status()
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError(f"the server at {url} did not answer within {seconds:.0f} s")


def start_process(port: int, db: Path, extra: Sequence[str]) -> subprocess.Popen[bytes]:
    """Start ``tabletop serve`` (its output discarded) and wait until it answers."""
    process = subprocess.Popen(
        [*serve_command(port, db), *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until_up(f"http://127.0.0.1:{port}")
    except RuntimeError:
        process.kill()
        raise
    return process


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """Stop a server (SIGTERM, then SIGKILL after 10 s)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def running_server(extra: Sequence[str] = ()) -> Iterator[Target]:
    """A fresh server on a free port over a new SQLite file, stopped afterwards."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="tabletop-abuse-") as tmp:
        db = Path(tmp) / "games.db"
        process = start_process(port, db, extra)
        try:
            yield Target(
                url=f"http://127.0.0.1:{port}",
                ws_url=f"ws://127.0.0.1:{port}",
                pid=process.pid,
                db=db,
                serve_args=tuple(extra),
            )
        finally:
            stop_process(process)


#: Serve arguments for an attack that is not about per-client limits (memory.py is) and
#: plays every part from one address: those limits off.
NO_CLIENT_LIMITS = ["--games-per-minute", "0", "--requests-per-minute", "0", "--waiting-games", "0"]

Attack = Callable[[Target, bool], str]


async def next_message(ws: Any, kinds: tuple[str, ...]) -> dict[str, Any] | None:
    """The next frame of one of ``kinds`` (its type or its event's kind) on a WebSocket;
    None once the socket closed."""
    try:
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] in kinds or message.get("event", {}).get("kind") in kinds:
                return message
    except websockets.ConnectionClosed:
        return None


def attacks() -> dict[str, ModuleType]:
    """Every attack module of this package, by its NAME, in file-name order."""
    found: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        name = getattr(module, "NAME", None)
        if isinstance(name, str) and callable(getattr(module, "attack", None)):
            found[name] = module
    return found
