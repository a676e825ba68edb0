"""Load on the game server: many games, two WebSocket players each, spectators, steady moves.

    python bench/server_load.py [--games 200] [--spectators 100] [--rate 200] [--seconds 30]
    python bench/server_load.py --cluster 2 [--parts] ...   # N processes, PostgreSQL, Redis
    python bench/server_load.py --db postgresql --bus redis ...  # one process over them

Starts ``tabletop serve`` on 127.0.0.1 (a fresh SQLite file) in its own
process, creates the games over HTTP, connects two players per game and the
spectators, and has the players move at ``--rate`` moves per second in all
(each game moves every games/rate seconds, random legal moves from the
view). Latency is from a move sent to the opponent receiving its event,
which includes the rules check, the commit to storage and the broadcast.
Prints moves/s, latency p50/p99 and the server's resident memory.
Traffic goes only to 127.0.0.1, and the run stops by itself.

``--cluster N`` starts ``tabletop cluster``'s parts (tabletop.server.cluster: a
throwaway PostgreSQL and Redis, N server processes) and spreads each game over
them: its first player on process i, its second on process i+1 and its
spectator on process i+2 (mod N), connected to the processes directly (nginx
adds a hop, not a process). It then also prints the latency from a move to a
spectator, and the CPU time per move of the servers, PostgreSQL and Redis
(from /proc over the measured time). ``--parts`` runs the servers under
bench/serve_counted.py and splits their CPU per move into its parts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
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
from tabletop.server.cluster import Cluster
from tabletop.server.scratch import ScratchPostgres, ScratchRedis
from tabletop.server.views import apply_delta

#: This one client makes every game and plays every seat: no per-client limits.
LOAD_FLAGS = ["--games-per-minute", "0", "--requests-per-minute", "0",
              "--max-per-address", "5000", "--waiting-games", "0"]  # fmt: skip
#: The parts bench/serve_counted.py counts, in the order a move goes through them.
PARTS = ["parse", "rules", "view", "commit", "frames", "progress", "local", "publish", "bus-in",
         "remote", "load", "send"]  # fmt: skip


@dataclass
class Stats:
    """What the clients saw."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (game, ply) -> time
    latencies: list[float] = field(default_factory=list)
    watched: set[str] = field(default_factory=set)  # games with a spectator
    spectator_sent: dict[tuple[str, int], float] = field(default_factory=dict)
    spectator_latencies: list[float] = field(default_factory=list)
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
            if gid in stats.watched:
                stats.spectator_sent[(gid, view["ply"] + 1)] = stats.sent[(gid, view["ply"] + 1)]
            await ws.send(json.dumps({"type": "move", "move": rng.choice(legal)}))


async def spectator(url: str, gid: str, stop: float, stats: Stats) -> None:
    """Watch a game until the end of the run, timing each move from its sending."""
    ply = 0
    async with websockets.connect(f"{url}/ws/games/{gid}", max_size=2**22) as ws:
        while time.perf_counter() < stop:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.01, stop - time.perf_counter())
                )
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] == "snapshot":
                ply = message["game"]["ply"]
            elif message["type"] == "event" and (message.get("event") or {}).get("kind") == "move":
                ply += 1
                sent = stats.spectator_sent.pop((gid, ply), None)
                if sent is not None and stats.measuring:
                    stats.spectator_latencies.append(time.perf_counter() - sent)


@dataclass
class Servers:
    """What the clients connect to, and the processes whose CPU time is measured."""

    bases: list[str]  # one URL per server process
    server_pids: list[int]
    others: dict[str, list[int]] = field(default_factory=dict)  # postgres, redis -> pids
    counts: str | None = None  # serve_counted.py's file prefix (--parts)


def cpu_seconds(pids: list[int], children: bool = False) -> float:
    """User and system CPU time of the processes so far (from /proc); ``children``: with
    that of their children, those alive now and those that ended (a PostgreSQL backend
    per connection)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
        if children:
            total += int(fields[13]) + int(fields[14])  # cutime, cstime: children ended
            alive = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            total += round(cpu_seconds([int(c) for c in alive]) * os.sysconf("SC_CLK_TCK"))
    return total / os.sysconf("SC_CLK_TCK")


def postgres_pids(server: ScratchPostgres) -> list[int]:
    """The postmaster (its children are counted with it)."""
    return [int((server.folder / "data" / "postmaster.pid").read_text().split()[0])]


def read_counts(servers: Servers) -> dict[str, list[float]]:
    """The parts' CPU so far, summed over the server processes (SIGUSR1 to each)."""
    assert servers.counts is not None
    for pid in servers.server_pids:
        Path(f"{servers.counts}.{pid}").unlink(missing_ok=True)
        os.kill(pid, signal.SIGUSR1)
    total: dict[str, list[float]] = {}
    for pid in servers.server_pids:
        path = Path(f"{servers.counts}.{pid}")
        for _ in range(100):
            if path.exists():
                break
            time.sleep(0.05)
        for part, (spent, calls) in json.loads(path.read_text()).items():
            entry = total.setdefault(part, [0.0, 0])
            entry[0] += spent
            entry[1] += calls
    return total


async def run(args: argparse.Namespace, servers: Servers) -> int:
    bases = servers.bases
    processes = len(bases)
    stats = Stats()
    games = []
    async with httpx.AsyncClient(timeout=30) as http:
        for i in range(args.games):
            answer = await http.post(
                f"{bases[i % processes]}/api/games",
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

    def ws_of(index: int) -> str:
        return bases[index % processes].replace("http://", "ws://")

    start = time.perf_counter()
    stop = start + args.warmup + args.seconds
    tasks = [
        asyncio.create_task(player(ws_of(i + seat), gid, tokens[seat], seat, interval, stop, stats))
        for i, (gid, tokens) in enumerate(games)
        for seat in (0, 1)
    ]
    for i in range(args.spectators):
        gid = games[i % len(games)][0]
        stats.watched.add(gid)
        tasks.append(asyncio.create_task(spectator(ws_of(i % len(games) + 2), gid, stop, stats)))
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    measured_from = time.perf_counter()
    components = {"servers": servers.server_pids, **servers.others}
    cpu_before = {name: cpu_seconds(pids, name == "postgres") for name, pids in components.items()}
    client_before = time.process_time()
    parts_before = read_counts(servers) if servers.counts else {}
    load_before = os.getloadavg()[0]  # the machine is shared: how busy it was
    memory = []
    while time.perf_counter() < stop:
        await asyncio.sleep(1.0)
        memory.append(sum(rss_mb(pid) for pid in servers.server_pids))
    elapsed = time.perf_counter() - measured_from
    moves = stats.moves
    cpu = {
        name: cpu_seconds(pids, name == "postgres") - cpu_before[name]
        for name, pids in components.items()
    }
    client_cpu = time.process_time() - client_before
    parts_after = read_counts(servers) if servers.counts else {}
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]

    def pct(values: list[float], q: float) -> float:
        values = sorted(values)
        return 1000 * values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")

    lat, seen = stats.latencies, stats.spectator_latencies
    print(
        f"games {args.games} (go {args.size}x{args.size}) on {processes} process(es)"
        f" ({args.db}, {args.bus} bus), {2 * args.games} player sockets +"
        f" {args.spectators} spectators, target {args.rate:g} moves/s,"
        f" measured {elapsed:.1f} s after {args.warmup:g} s warm-up"
    )
    print(
        f"load average {load_before:8.2f} at the start, {os.getloadavg()[0]:.2f} at the end (1 min)"
    )
    print(f"moves/s      {moves / elapsed:8.1f}")
    print(f"latency p50  {pct(lat, 0.50):8.1f} ms   to a spectator {pct(seen, 0.50):8.1f} ms")
    print(f"latency p99  {pct(lat, 0.99):8.1f} ms   to a spectator {pct(seen, 0.99):8.1f} ms")
    print(f"latency max  {1000 * max(lat, default=float('nan')):8.1f} ms")
    if memory:
        print(f"server RSS   {max(memory):8.1f} MB (all processes, peak of 1 s samples)")
    if moves:
        shares = ", ".join(f"{name} {1000 * spent / moves:.2f}" for name, spent in cpu.items())
        print(f"CPU ms/move  {shares}, this client {1000 * client_cpu / moves:.2f}")
    if parts_after and moves:
        line = []
        for part in ["process", *PARTS]:
            spent = parts_after.get(part, [0.0, 0])[0] - parts_before.get(part, [0.0, 0])[0]
            calls = parts_after.get(part, [0.0, 0])[1] - parts_before.get(part, [0.0, 0])[1]
            line.append(
                f"{part} {1000 * spent / moves:.3f}" + (f" ({calls / moves:.1f}x)" * bool(calls))
            )
        print("server parts ms/move (calls per move): " + ", ".join(line))
    print(
        f"errors {stats.errors}, games finished {stats.finished}, client failures {len(failures)}"
    )
    for failure in failures[:3]:
        print(f"  {type(failure).__name__}: {failure}")
    return 0


def wait_ready(base: str) -> None:
    for _ in range(600):
        try:
            httpx.get(f"{base}/api/catalog", timeout=1).raise_for_status()
            return
        except httpx.HTTPError:
            time.sleep(0.1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=200)
    parser.add_argument("--spectators", type=count, default=100)
    parser.add_argument("--rate", type=seconds, default=200.0, help="moves per second in all")
    parser.add_argument("--seconds", type=seconds, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=seconds_or_zero, default=5.0)
    parser.add_argument("--size", type=count, default=9, help="Go board size")
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--cluster", type=count, help="N processes over PostgreSQL and Redis")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], help="default: sqlite alone,")
    parser.add_argument("--bus", choices=["memory", "redis"], help="postgresql in a cluster")
    parser.add_argument("--parts", action="store_true", help="split the servers' CPU per part")
    args = parser.parse_args(argv)
    args.db = args.db or ("postgresql" if args.cluster else "sqlite")
    args.bus = args.bus or ("redis" if args.cluster else "memory")
    if args.url:
        return asyncio.run(run(args, Servers([args.url.rstrip("/")], [])))
    if args.cluster and (args.db, args.bus) != ("postgresql", "redis"):
        parser.error("--cluster runs over PostgreSQL and Redis (--db postgresql --bus redis)")
    here = Path(__file__).parent
    command = [sys.executable, str(here / "serve_counted.py")] if args.parts else []
    with tempfile.TemporaryDirectory() as tmp:
        counts = os.path.join(tmp, "counts") if args.parts else None
        os.environ["TABLETOP_COUNTS"] = counts or ""
        if args.cluster:
            cluster = Cluster(args.cluster, serve_args=LOAD_FLAGS, command=command)
            cluster.start()
            try:
                assert cluster.postgres is not None and cluster.redis is not None
                assert cluster.redis.process is not None
                others = {
                    "postgres": postgres_pids(cluster.postgres),
                    "redis": [cluster.redis.process.pid],
                }
                pids = [p.pid for p in cluster.servers if p is not None]
                bases = [f"http://127.0.0.1:{port}" for port in cluster.ports]
                return asyncio.run(run(args, Servers(bases, pids, others, counts)))
            finally:
                cluster.stop()
        return one_process(args, tmp, command or [sys.executable, "-m", "tabletop.cli"], counts)


def one_process(args: argparse.Namespace, tmp: str, command: list[str], counts: str | None) -> int:
    """One server process over SQLite (or PostgreSQL) and the in-process (or Redis) bus."""
    port = free_port()
    postgres = ScratchPostgres(durable=True).start() if args.db == "postgresql" else None
    redis = ScratchRedis().start() if args.bus == "redis" else None
    try:
        if postgres is not None:
            postgres.psql("create database load")
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "tabletop.cli",
                    "db",
                    "upgrade",
                    "--db",
                    postgres.url_of("load"),
                ],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        db = postgres.url_of("load") if postgres else os.path.join(tmp, "load.db")
        bus = ["--bus", redis.url] if redis else []
        server = subprocess.Popen(
            [*command, "serve", "--port", str(port), "--db", db, *bus, *LOAD_FLAGS]
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_ready(base)
            others = {}
            if postgres is not None:
                others["postgres"] = postgres_pids(postgres)
            if redis is not None and redis.process is not None:
                others["redis"] = [redis.process.pid]
            return asyncio.run(run(args, Servers([base], [server.pid], others, counts)))
        finally:
            server.terminate()
            server.wait(timeout=30)
    finally:
        if redis is not None:
            redis.stop()
        if postgres is not None:
            postgres.stop()


if __name__ == "__main__":
    run_main(main)
