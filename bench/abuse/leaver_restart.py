"""A player leaves a 3-player game and the server is killed (kill -9) and restarted in the grace.

Each round: a 3-player Abalone game of three people, all connected; seat 0
leaves; the server is killed and started again over the same database; the
two who stayed reconnect (as their browsers do). Timed: seconds from the
leave until seat 0 is a computer (the server runs with ``--grace``
GRACE seconds; without the fix it never is). Rounds differ in how long
the server is down: within the grace, and past it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import time
from typing import Any

import httpx
import websockets

from abuse import Target, _descendants, start_process, stop_process

NAME = "leaver-restart"
GRACE = 15.0  # a restart takes several seconds on a busy 2-core machine
SERVE_ARGS: list[str] = ["--grace", f"{GRACE:g}"]

#: (seconds after the leave that the server is killed, seconds it stays down).
ROUNDS = [(1.0, 0.0), (GRACE - 3.0, 0.0), (1.0, GRACE)]
#: How long to wait for a replacement past the grace before calling it lost.
GIVE_UP = 30.0


def _kill(pid: int) -> None:
    """kill -9 the server and its worker processes (a crash, not a shutdown)."""
    for p in reversed(_descendants(pid)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(p, signal.SIGKILL)


async def _connect(target: Target, game: str, token: str) -> Any:
    ws = await websockets.connect(f"{target.ws_url}/ws/games/{game}?token={token}")
    await ws.recv()  # the snapshot
    return ws


def _seat0_kind(client: httpx.Client, game: str) -> str:
    return str(client.get(f"/api/games/{game}").json()["seats"][0]["kind"])


async def _round(
    target: Target, port: int, kill_after: float, down: float
) -> tuple[float, float | None, subprocess.Popen[bytes]]:
    """One round against the server at ``target``: seconds from the leave until the server
    was back and until the replacement (None: never), and the server process now running."""
    with httpx.Client(base_url=target.url, timeout=10) as client:
        created = client.post(
            "/api/games",
            json={"game": "abalone", "options": {"players": 3}, "seats": [{}, {}, {}]},
        )
        created.raise_for_status()
        body = created.json()
    game = body["id"]
    tokens = [s["token"] for s in body["seats"]]
    sockets = [await _connect(target, game, t) for t in tokens]
    await asyncio.sleep(0.5)  # every seat claimed: the game is playing
    await sockets[0].close()
    left = time.monotonic()
    await asyncio.sleep(kill_after)
    _kill(target.pid)
    for ws in sockets[1:]:
        await ws.close()
    await asyncio.sleep(down)
    process = start_process(port, target.db, target.serve_args)
    back = time.monotonic() - left
    sockets = [await _connect(target, game, t) for t in tokens[1:]]  # the two come back
    try:
        with httpx.Client(base_url=target.url, timeout=10) as client:
            while time.monotonic() < left + GRACE + GIVE_UP:
                if _seat0_kind(client, game) == "computer":
                    return back, time.monotonic() - left, process
                await asyncio.sleep(0.05)
        return back, None, process
    finally:
        for ws in sockets:
            await ws.close()


async def _run(target: Target, rounds: list[tuple[float, float]]) -> list[str]:
    port = int(target.url.rsplit(":", 1)[1])
    results = []
    current: subprocess.Popen[bytes] | None = None
    try:
        for kill_after, down in rounds:
            back, seconds, current = await _round(target, port, kill_after, down)
            target = Target(target.url, target.ws_url, current.pid, target.db, target.serve_args)
            shown = "never" if seconds is None else f"{seconds:.1f} s"
            results.append(f"killed at {kill_after:g} s, back at {back:.1f} s, replaced: {shown}")
    finally:
        if current is not None:
            stop_process(current)
    return results


def attack(target: Target, quick: bool) -> str:
    """Kill and restart the server during a leaver's grace; seconds until the replacement."""
    results = asyncio.run(_run(target, ROUNDS[:1] if quick else ROUNDS))
    return f"seconds from the leave (grace {GRACE:g} s): " + "; ".join(results)
