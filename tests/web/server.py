"""Starting a real `tabletop serve` (uvicorn) for the browser tests."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Run `tabletop serve` on a free port with database `db`; wait until it answers."""
    port = free_port()
    script = Path(sys.executable).with_name("tabletop")
    command = [str(script), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
    # Every test's players come from this one address: no per-client limits.
    command += ["--requests-per-minute", "0", "--games-per-minute", "0", "--waiting-games", "0"]
    command += ["--chat-per-minute", "0"]
    # Reviews at level 1: a test's review takes seconds, not minutes.
    command += ["--review-level", "1"]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            with urllib.request.urlopen(url + "/api/catalog", timeout=2) as answer:
                if answer.status == 200:
                    return process, url
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"tabletop serve did not start: {log.read_text(errors='replace')[-2000:]}")


def call(url: str, method: str = "GET", body: Any = None) -> tuple[int, Any]:
    """An HTTP request to the test server: (status, decoded JSON or None)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        text = error.read()
        status = error.code
    try:
        return status, json.loads(text) if text else None
    except json.JSONDecodeError:
        return status, None
