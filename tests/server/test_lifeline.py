"""After a kill -9 of `tabletop serve`, its pool worker and the resource tracker end too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from .live import wait_until

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")


def children(pid: int) -> set[int]:
    """Live (not zombie) processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _status(int(entry.name))
            if fields.get("PPid") == str(pid) and not fields.get("State", "").startswith("Z"):
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    state = _status(pid).get("State")
    return state is not None and not state.startswith("Z")


def _status(pid: int) -> dict[str, str]:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return dict(
        (name, value.strip())
        for name, _, value in (line.partition(":") for line in text.splitlines())
    )


def test_workers_die_with_a_killed_server(tmp_path: Path) -> None:
    with __import__("socket").socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(port)]
    command += ["--db", str(tmp_path / "g.db")]
    log = (tmp_path / "serve.log").open("wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:

        def answers() -> bool:
            try:
                return httpx.get(url + "/api/catalog").status_code == 200
            except httpx.HTTPError:
                return server.poll() is not None

        assert wait_until(answers) and server.poll() is None
        # A computer seat to move first: the pool starts its worker for the reply.
        seats = [{"kind": "computer", "level": 1}, {"kind": "person", "claim": True}]
        body = {"game": "go", "options": {"size": 9}, "seats": seats}
        game = httpx.post(url + "/api/games", json=body).json()["id"]
        assert wait_until(lambda: httpx.get(f"{url}/api/games/{game}").json()["ply"] == 1)
        family = children(server.pid)
        assert family, "the server started no worker process"
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
        started = time.monotonic()
        assert wait_until(lambda: not any(map(alive, family)), seconds=30), (
            f"still running {time.monotonic() - started:.0f} s after the kill: "
            f"{[pid for pid in family if alive(pid)]}"
        )
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        log.close()
