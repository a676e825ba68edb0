"""Load on the game server: many games, two WebSocket players each, spectators, steady moves.

    python bench/server_load.py [--games 200] [--spectators 100] [--rate 200] [--seconds 30]

Starts ``tabletop serve`` on 127.0.0.1 (a fresh SQLite file) in its own
process, creates the games over HTTP, connects two players per game and the
spectators, and has the players move at ``--rate`` moves per second in all
(each game moves every games/rate seconds, random legal moves from the
view). Latency is from a move sent to the opponent receiving its event,
which includes the rules check, the commit to storage and the broadcast.
Prints moves/s, latency p50/p99 and the server's resident memory.
Traffic goes only to 127.0.0.1, and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from arguments import count, run_main, seconds, seconds_or_zero
from tabletop.server.views import apply_delta


@dataclass
class Stats:
    """What the clients saw."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (game, ply) -> time
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    finished: int = 0
    measuring: bool = False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children, in MB (from /proc)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


async def player(
    url: str, gid: str, token: str, seat: int, interval: float, stop: float, stats: Stats
) -> None:
    """One seat: answer every turn at the game's steady pace with a random legal move."""
    rng = random.Random(hash((gid, seat)))
    next_slot = time.perf_counter() + rng.random() * interval
    view: dict[str, Any] | None = None
    async with websockets.connect(f"{url}/ws/games/{gid}?token={token}", max_size=2**22) as ws:
        while time.perf_counter() < stop:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.01, stop - time.perf_counter())
                )
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
                continue
            if message["type"] == "snapshot":
                view = message["game"]
            elif message["type"] == "event" and message.get("delta") and view is not None:
                view = apply_delta(view, message["delta"])  # what changed, not the whole view
            else:
                continue
            assert view is not None
            event = message.get("event") or {}
            if event.get("kind") == "move" and event.get("seat") != seat:
                sent = stats.sent.pop((gid, view["ply"]), None)
                if sent is not None and stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent)
                    stats.moves += 1
            if view["status"] == "finished":
                if seat == 0:
                    stats.finished += 1
                break
            if view["status"] != "playing" or view["to_move"] != seat:
                continue
            if message["type"] == "event" and message["seq"] != view["seq"]:
                continue  # several events of one action: act on the last
            legal = [m for m in view["legal"] if m != "pass"] or view["legal"]
            next_slot = max(next_slot + interval, time.perf_counter())
            await asyncio.sleep(max(0.0, next_slot - time.perf_counter()))
            stats.sent[(gid, view["ply"] + 1)] = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "move": rng.choice(legal)}))


async def spectator(url: str, gid: str, stop: float) -> None:
    """Watch a game until the end of the run."""
    async with websockets.connect(f"{url}/ws/games/{gid}", max_size=2**22) as ws:
        while time.perf_counter() < stop:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.perf_counter()))
            except TimeoutError:
                break


async def run(args: argparse.Namespace, base: str, server_pid: int | None) -> int:
    ws_url = base.replace("http://", "ws://")
    stats = Stats()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        games = []
        for _ in range(args.games):
            answer = await http.post(
                "/api/games",
                json={
                    "game": "go",
                    "options": {"size": args.size},
                    "seats": [{"name": "A", "claim": True}, {"name": "B", "claim": True}],
                },
            )
            answer.raise_for_status()
            created = answer.json()
            games.append((created["id"], [s["token"] for s in created["seats"]]))
    # Every game moves once per games/rate seconds; the two seats alternate.
    interval = args.games / args.rate * 2
    start = time.perf_counter()
    stop = start + args.warmup + args.seconds
    tasks = [
        asyncio.create_task(player(ws_url, gid, tokens[seat], seat, interval, stop, stats))
        for gid, tokens in games
        for seat in (0, 1)
    ]
    tasks += [
        asyncio.create_task(spectator(ws_url, games[i % len(games)][0], stop))
        for i in range(args.spectators)
    ]
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    measured_from = time.perf_counter()
    memory = []
    while time.perf_counter() < stop:
        await asyncio.sleep(1.0)
        if server_pid is not None:
            memory.append(rss_mb(server_pid))
    elapsed = time.perf_counter() - measured_from
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    lat = sorted(stats.latencies)

    def pct(q: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")

    print(
        f"games {args.games} (go {args.size}x{args.size}), "
        f"{2 * args.games} player sockets + {args.spectators} spectators, "
        f"target {args.rate} moves/s, measured {elapsed:.1f} s after {args.warmup} s warm-up"
    )
    print(f"moves/s      {stats.moves / elapsed:8.1f}")
    print(f"latency p50  {pct(0.50):8.1f} ms")
    print(f"latency p99  {pct(0.99):8.1f} ms")
    print(f"latency max  {1000 * lat[-1] if lat else float('nan'):8.1f} ms")
    if memory:
        print(f"server RSS   {max(memory):8.1f} MB (peak of 1 s samples)")
    print(
        f"errors {stats.errors}, games finished {stats.finished}, client failures {len(failures)}"
    )
    for failure in failures[:3]:
        print(f"  {type(failure).__name__}: {failure}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=200)
    parser.add_argument("--spectators", type=count, default=100)
    parser.add_argument("--rate", type=seconds, default=200.0, help="moves per second in all")
    parser.add_argument("--seconds", type=seconds, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=seconds_or_zero, default=5.0)
    parser.add_argument("--size", type=count, default=9, help="Go board size")
    parser.add_argument("--url", help="an already running server (default: start one)")
    args = parser.parse_args(argv)
    if args.url:
        return asyncio.run(run(args, args.url.rstrip("/"), None))
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tabletop.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                os.path.join(tmp, "load.db"),
                # This one client makes every game and plays every seat.
                "--games-per-minute",
                "0",
                "--requests-per-minute",
                "0",
                "--max-per-address",
                "1000",
            ],
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    httpx.get(f"{base}/api/catalog", timeout=1).raise_for_status()
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            return asyncio.run(run(args, base, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    run_main(main)
