"""One client creating games, importing long records and reading finished games at full speed.

Issue 7 B1: eight requests at a time from one address, for 10 minutes
(``quick``: 5 s). Each worker in turn creates a game with an open seat,
imports a record of 140,000 plies (over the limit) or one at the limit of
plies, and reads a finished game (its view and its record). Meanwhile a
player at another address (127.0.0.2: loopback has a whole /8) GETs one
game every 50 ms. Reports the server's resident memory at the end and at its peak, the
GET latency of that player, and how the server answered the abuser.
Targets: RSS under 400 MB, GET p99 under 50 ms.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import httpx

from abuse import Target, percentile, rss_mib

NAME = "memory"
SERVE_ARGS: list[str] = []

WORKERS = 8
#: Plies of the long record: the issue's 140,000, and a record just at the default limit.
HUGE_PLIES = 140_000
LIMIT_PLIES = 2_000
#: Where the player connects from: not the abuser's address (both are this machine).
PLAYER_ADDRESS = "127.0.0.2"


def shuffle_record(plies: int) -> str:
    """A legal Quoridor record of ``plies`` moves: both pawns step forward and back."""
    cycle = ["e2", "e8", "e1", "e9"]
    moves = [cycle[i % 4] for i in range(plies)]
    return json.dumps({"game": "quoridor", "options": {}, "moves": moves})


async def abuser(
    client: httpx.AsyncClient,
    stop: float,
    records: list[str],
    finished: list[str],
    answers: Counter[str],
    turn: int,
) -> None:
    while time.monotonic() < stop:
        turn += 1
        kind = ("create", "create", "import", "read")[turn % 4]
        try:
            if kind == "create":
                answer = await client.post(
                    "/api/games", json={"game": "go", "options": {"size": 9}}
                )
            elif kind == "import":
                text = records[(turn // 4) % len(records)]
                answer = await client.post("/api/records", json={"format": "json", "text": text})
                if answer.status_code == 201:
                    finished.append(answer.json()["id"])
            elif finished:
                gid = finished[turn % len(finished)]
                answer = await client.get(f"/api/games/{gid}")
                await client.get(f"/api/games/{gid}/record")
            else:
                continue
        except httpx.HTTPError as err:
            answers[type(err).__name__] += 1
            continue
        answers[f"{kind} {answer.status_code}"] += 1


def player(url: str, gid: str, seconds: float) -> list[float]:
    """GET one game every 50 ms for ``seconds``: the latencies (in a process of its own,
    so the abuser's work on the client side does not count as the server's)."""
    times: list[float] = []
    stop = time.monotonic() + seconds
    transport = httpx.HTTPTransport(local_address=PLAYER_ADDRESS)
    with httpx.Client(base_url=url, timeout=30, transport=transport) as client:
        while time.monotonic() < stop:
            started = time.perf_counter()
            try:
                client.get(f"/api/games/{gid}").raise_for_status()
            except httpx.HTTPError:
                times.append(float("inf"))
            else:
                times.append(time.perf_counter() - started)
            time.sleep(0.05)
    return times


async def run(target: Target, seconds: float) -> str:
    records = [shuffle_record(HUGE_PLIES), shuffle_record(LIMIT_PLIES)]
    answers: Counter[str] = Counter()
    finished: list[str] = []
    peak = 0.0
    limits = httpx.Limits(max_connections=WORKERS)
    async with httpx.AsyncClient(base_url=target.url, timeout=30, limits=limits) as client:
        created = await client.post(
            "/api/games",
            json={"game": "go", "options": {"size": 9}, "seats": [{"claim": True}] * 2},
        )
        created.raise_for_status()
        loop = asyncio.get_running_loop()
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            watching = loop.run_in_executor(pool, player, target.url, created.json()["id"], seconds)
            stop = time.monotonic() + seconds
            tasks = [
                asyncio.create_task(abuser(client, stop, records, finished, answers, i))
                for i in range(WORKERS)
            ]
            while time.monotonic() < stop:
                await asyncio.sleep(1.0)
                peak = max(peak, rss_mib(target.pid))
            await asyncio.gather(*tasks)
            times = await watching
    rss = rss_mib(target.pid)
    p50, p99 = (percentile(times, share) * 1000 for share in (0.5, 0.99))
    told = ", ".join(f"{key}: {n}" for key, n in sorted(answers.items()))
    return (
        f"RSS {rss:.0f} MiB (peak {max(peak, rss):.0f}) after {seconds:.0f} s; "
        f"GET p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(times)}; answers {told}"
    )


def attack(target: Target, quick: bool) -> str:
    """Abuse for 10 minutes (quick: 5 s; ``ABUSE_SECONDS`` to try another length);
    memory and a player's GET latency meanwhile."""
    seconds = 5.0 if quick else float(os.environ.get("ABUSE_SECONDS", "600"))
    return asyncio.run(run(target, seconds))
