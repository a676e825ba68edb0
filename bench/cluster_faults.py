"""Faults under steady play on a cluster: kill -9 a server, restart Redis, restart PostgreSQL.

    python bench/cluster_faults.py [--processes 3] [--games 12] [--rate 12] [--rounds 10]

Starts ``tabletop cluster`` (tabletop.server.cluster: PostgreSQL, Redis, N
servers, nginx, all on 127.0.0.1), plays ``--games`` Go 9x9 games at ``--rate``
moves/s in all through nginx (two player sockets and a spectator per game, each
reconnecting with ``since`` when its socket drops), and, ``--rounds`` times,
kills a server process with SIGKILL (started again once play resumed), restarts
Redis (down ``--outage`` s) and restarts PostgreSQL (down ``--outage`` s, while
an HTTP probe reads a game through nginx). Before each fault a game with a
3-second absolute clock starts whose second player never moves: its flag must
fall exactly once. Reports acknowledged moves (the mover saw its move's event),
lost moves (acknowledged but not in the final record: must be 0), duplicated or
out-of-order events seen by any socket (must be 0), the probe's answers during
database outages (503 expected, never 500), flag falls counted in the database
per clock game (must be exactly 1), and the time until every game moved again
after each fault (and, as "none", after no fault: the pace of play alone).
Bounded: it stops after the rounds, or after ``--limit`` s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import httpx
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from arguments import count, run_main, seconds
from tabletop.server.cluster import Cluster
from tabletop.server.views import apply_delta

#: Flags of every server: one client makes every game and plays every seat.
SERVE = ["--workers", "1", "--games-per-minute", "0", "--requests-per-minute", "0",
         "--max-per-address", "5000", "--waiting-games", "0"]  # fmt: skip
#: A game's moves before its first player resigns (a new game takes its place).
PLIES = 100


@dataclass
class Stats:
    """What the clients saw."""

    acked: dict[str, dict[int, str]] = field(default_factory=dict)  # game -> ply -> move
    duplicates: int = 0
    disorder: int = 0
    reconnects: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    last_ack: dict[str, float] = field(default_factory=dict)  # game -> time of its last ack
    playing: set[str] = field(default_factory=set)
    probes: Counter[int] = field(default_factory=Counter)  # status during a DB outage
    probe_bodies: set[str] = field(default_factory=set)
    clock_games: list[str] = field(default_factory=list)
    fault: str = "none"  # the last fault, and when it began
    fault_at: float = 0.0
    disorders: list[str] = field(default_factory=list)  # what each out-of-order looked like


class Order:
    """One socket's event numbers: each once and in order, across reconnections."""

    def __init__(self, stats: Stats, who: str) -> None:
        self.stats = stats
        self.who = who
        self.last = 0

    def _note(self, frame: dict[str, Any], what: str) -> None:
        self.stats.disorder += 1
        since = time.monotonic() - self.stats.fault_at
        kind = (frame.get("event") or {}).get("kind", "")
        self.stats.disorders.append(
            f"{self.who}: {what}: had {self.last}, got {frame['type']} {frame['seq']} {kind}"
            f" ({since:.1f} s after {self.stats.fault})"
        )

    def see(self, frame: dict[str, Any]) -> None:
        seq = frame.get("seq")
        if seq is None:
            return
        if frame["type"] == "snapshot":
            if seq < self.last:
                self._note(frame, "older snapshot")
            self.last = max(self.last, seq)
        elif seq <= self.last:
            self.stats.duplicates += 1
        elif seq != self.last + 1:
            self._note(frame, "skipped")  # a number missed without a snapshot to cover it
            self.last = seq
        else:
            self.last = seq


async def create(http: httpx.AsyncClient, body: dict[str, Any], stop: float) -> dict[str, Any]:
    """POST /api/games through nginx, again while the cluster is in an outage."""
    while time.monotonic() < stop:
        try:
            answer = await http.post("/api/games", json=body)
            if answer.status_code == 201:
                result: dict[str, Any] = answer.json()
                return result
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.3)
    raise TimeoutError("no game could be created")


async def socket(
    ws_url: str, gid: str, token: str | None, seat: int | None, interval: float,
    stats: Stats, stop: float, done: asyncio.Event,
) -> None:  # fmt: skip
    """A player (``seat``) or a spectator (None) of one game, reconnecting until it ends."""
    order = Order(stats, f"game {gid} " + ("spectator" if seat is None else f"seat {seat}"))
    rng = random.Random(hash((gid, seat)))
    view: dict[str, Any] | None = None
    while time.monotonic() < stop and not done.is_set():
        query = [f"token={token}"] if token else []
        if order.last:
            query.append(f"since={order.last}")
        url = f"{ws_url}/ws/games/{gid}" + ("?" + "&".join(query) if query else "")
        try:
            async with websockets.connect(url, open_timeout=5, max_size=2**22) as ws:
                while time.monotonic() < stop and not done.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                    except TimeoutError:
                        continue
                    frame = json.loads(raw)
                    order.see(frame)
                    if frame["type"] == "error":
                        stats.errors[frame["code"]] += 1
                        if frame["code"] == "unavailable" and seat is not None:
                            await asyncio.sleep(0.3)
                            await _move(ws, view, seat, rng)  # the move was not stored
                            continue
                        break  # stale and the like: reconnect and read the game again
                    if frame["type"] == "snapshot":
                        view = frame["game"]
                    elif frame["type"] == "event" and view is not None and frame.get("delta"):
                        view = apply_delta(view, frame["delta"])
                    else:
                        continue
                    assert view is not None
                    event = frame.get("event") or {}
                    if seat is not None and event.get("kind") == "move" and event["seat"] == seat:
                        stats.acked.setdefault(gid, {})[view["ply"]] = event["move"]
                        stats.last_ack[gid] = time.monotonic()
                    if view["status"] == "finished":
                        done.set()
                        return
                    if seat is None or view["status"] != "playing" or view["to_move"] != seat:
                        continue
                    if frame["type"] == "event" and frame["seq"] != view["seq"]:
                        continue  # several events of one action: act on the last
                    if seat == 0 and view["ply"] >= PLIES:
                        await ws.send(json.dumps({"type": "resign"}))
                        continue
                    await asyncio.sleep(interval * (0.5 + rng.random()))
                    await _move(ws, view, seat, rng)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            pass
        stats.reconnects += 1
        await asyncio.sleep(0.2)


async def _move(ws: Any, view: dict[str, Any] | None, seat: int, rng: random.Random) -> None:
    if view is None or view["status"] != "playing" or view["to_move"] != seat:
        return
    legal = [m for m in view["legal"] if m != "pass"] or view["legal"]
    await ws.send(json.dumps({"type": "move", "move": rng.choice(legal), "ply": view["ply"]}))


async def games_loop(
    http: httpx.AsyncClient, ws_url: str, interval: float, stats: Stats, stop: float
) -> None:
    """Games one after another (a finished one is replaced), two players and a spectator."""
    body = {"game": "go", "options": {"size": 9},
            "seats": [{"name": "A", "claim": True}, {"name": "B", "claim": True}]}  # fmt: skip
    while time.monotonic() < stop:
        created = await create(http, body, stop)
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        done = asyncio.Event()
        stats.playing.add(gid)
        stats.last_ack[gid] = time.monotonic()
        await asyncio.gather(
            socket(ws_url, gid, tokens[0], 0, interval, stats, stop, done),
            socket(ws_url, gid, tokens[1], 1, interval, stats, stop, done),
            socket(ws_url, gid, None, None, interval, stats, stop, done),
        )
        stats.playing.discard(gid)


async def clock_game(http: httpx.AsyncClient, ws_url: str, stats: Stats, stop: float) -> None:
    """A game with a 3 s absolute clock: Black moves once, White never: White's flag falls."""
    body = {"game": "go", "options": {"size": 9}, "clock": {"kind": "absolute", "main": 3},
            "seats": [{"name": "A", "claim": True}, {"name": "B", "claim": True}]}  # fmt: skip
    created = await create(http, body, stop)
    stats.clock_games.append(created["id"])
    token = created["seats"][0]["token"]
    url = f"{ws_url}/ws/games/{created['id']}?token={token}"
    for _ in range(20):
        try:
            async with websockets.connect(url, open_timeout=5) as ws:
                json.loads(await ws.recv())
                await ws.send(json.dumps({"type": "move", "move": "E5"}))
                frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if frame["type"] == "event":
                    return
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            pass
        await asyncio.sleep(0.3)


async def probe(http: httpx.AsyncClient, stats: Stats, until: float) -> None:
    """Read a game through nginx during a database outage: what does a client get?"""
    while time.monotonic() < until:
        gid = next(iter(stats.playing), None)
        if gid is not None:
            try:
                answer = await http.get(f"/api/games/{gid}", timeout=3)
                stats.probes[answer.status_code] += 1
                if answer.status_code != 200:
                    stats.probe_bodies.add(answer.text[:160])
            except httpx.HTTPError as err:
                stats.probes[-1] += 1
                stats.probe_bodies.add(type(err).__name__)
        await asyncio.sleep(0.2)


async def resumed(stats: Stats, since: float, limit: float = 60.0) -> float:
    """Seconds from ``since`` until every game playing then has moved again."""
    waiting = {gid for gid in stats.playing if gid in stats.last_ack}
    while time.monotonic() - since < limit:
        waiting = {g for g in waiting if g in stats.playing and stats.last_ack[g] <= since}
        if not waiting:
            return time.monotonic() - since
        await asyncio.sleep(0.05)
    return float("inf")


async def run(args: argparse.Namespace, cluster: Cluster) -> int:
    stats = Stats()
    ws_url = cluster.url.replace("http://", "ws://")
    interval = args.games / args.rate * 2  # each seat moves every `interval` seconds
    stop = time.monotonic() + args.limit
    # "none": no fault, the same wait: how long every game takes to move at this pace.
    resume: dict[str, list[float]] = {"none": [], "kill": [], "redis": [], "postgres": []}
    async with httpx.AsyncClient(base_url=cluster.url, timeout=10) as http:
        players = [
            asyncio.create_task(games_loop(http, ws_url, interval, stats, stop))
            for _ in range(args.games)
        ]
        await asyncio.sleep(args.warmup)
        rng = random.Random(1)
        for round_ in range(args.rounds):
            for kind in ("none", "kill", "redis", "postgres"):
                if time.monotonic() > stop - 30:
                    break
                if kind != "none":
                    await clock_game(http, ws_url, stats, stop)
                start = time.monotonic()
                stats.fault, stats.fault_at = f"{kind} (round {round_ + 1})", start
                if kind == "kill":
                    index = rng.randrange(len(cluster.ports))
                    cluster.kill_server(index)
                elif kind == "none":
                    pass
                elif kind == "redis":
                    assert cluster.redis is not None
                    cluster.redis.stop(remove=False)
                    await asyncio.sleep(args.outage)
                    await asyncio.to_thread(cluster.redis.start)
                else:
                    assert cluster.postgres is not None
                    await asyncio.to_thread(cluster.postgres.stop, False)
                    await probe(http, stats, time.monotonic() + args.outage)
                    await asyncio.to_thread(cluster.postgres.restart)
                took = await resumed(stats, start)
                resume[kind].append(took)
                if kind == "kill":
                    await asyncio.to_thread(cluster.start_server, index)
                print(f"round {round_ + 1} {kind:8s} play resumed after {took:5.1f} s", flush=True)
                await asyncio.sleep(args.gap)
        await asyncio.sleep(8)  # the last clock game's flag
        stop = time.monotonic()  # the players stop now
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        lost, acked, stale = await lost_moves(http, cluster, stats)
    flags = await flag_falls(cluster, stats.clock_games)
    report(args, stats, resume, acked, lost, flags)
    print(f"stale reads            {stale} games' records read through nginx were behind")
    return 0


async def lost_moves(
    http: httpx.AsyncClient, cluster: Cluster, stats: Stats
) -> tuple[int, int, int]:
    """Acknowledged moves missing from (or different in) the games' records in the database;
    and the games whose record read through nginx was behind the database (a process's
    copy in memory not caught up)."""
    lost = acked = stale = 0
    connection = await asyncpg.connect(cluster.db.replace("+asyncpg", ""))
    try:
        for gid, plies in stats.acked.items():
            rows = await connection.fetch("select ply, move from moves where game_id = $1", gid)
            stored = {row["ply"]: row["move"] for row in rows}
            served = (await http.get(f"/api/games/{gid}")).json()["moves"]
            if len(served) != len(stored):
                stale += 1
                print(f"stale read: game {gid}: {len(served)} moves served, {len(stored)} stored")
            for ply, move in plies.items():
                acked += 1
                # The view counts plies from 1, the table from 0; a row is the move's JSON.
                if json.dumps(move) not in stored.get(ply - 1, ""):
                    lost += 1
                    print(f"lost: game {gid} ply {ply}: {move} acknowledged,"
                          f" stored {stored.get(ply - 1)!r}")  # fmt: skip
    finally:
        await connection.close()
    return lost, acked, stale


async def flag_falls(cluster: Cluster, gids: list[str]) -> list[int]:
    """The timeout events stored per clock game (exactly 1 each is right)."""
    connection = await asyncpg.connect(cluster.db.replace("+asyncpg", ""))
    try:
        counts = []
        for gid in gids:
            rows = await connection.fetch("select event from events where game_id = $1", gid)
            counts.append(sum(json.loads(r["event"]).get("kind") == "timeout" for r in rows))
        return counts
    finally:
        await connection.close()


def report(
    args: argparse.Namespace, stats: Stats, resume: dict[str, list[float]],
    acked: int, lost: int, flags: list[int],
) -> None:  # fmt: skip
    print(
        f"\n{args.processes} processes behind nginx, {args.games} games at {args.rate:g} moves/s,"
        f" {args.rounds} rounds, outages of {args.outage:g} s"
    )
    print(f"acknowledged moves     {acked}")
    print(f"lost moves             {lost}")
    print(f"duplicated events      {stats.duplicates}")
    print(f"out-of-order events    {stats.disorder}")
    for line in stats.disorders[:10]:
        print(f"  {line}")
    print(f"reconnections          {stats.reconnects}")
    print(f"error frames           {dict(stats.errors)}")
    shown = {("no answer" if k == -1 else k): v for k, v in sorted(stats.probes.items())}
    print(f"HTTP during DB outage  {shown}")
    for body in sorted(stats.probe_bodies)[:3]:
        print(f"  {body}")
    print(
        f"flag falls             {len(flags)} clock games: {flags.count(1)} fell once,"
        f" {flags.count(0)} never, {sum(1 for f in flags if f > 1)} more than once"
    )
    for kind, times in resume.items():
        if times:
            print(
                f"resumed after {kind:8s} median {statistics.median(times):5.1f} s,"
                f" max {max(times):5.1f} s ({len(times)} faults)"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=count, default=3)
    parser.add_argument("--games", type=count, default=12)
    parser.add_argument("--rate", type=seconds, default=12.0, help="moves per second in all")
    parser.add_argument("--rounds", type=count, default=10, help="faults of each kind")
    parser.add_argument("--outage", type=seconds, default=1.5, help="seconds Redis/DB are down")
    parser.add_argument("--gap", type=seconds, default=3.0, help="seconds between faults")
    parser.add_argument("--warmup", type=seconds, default=8.0)
    parser.add_argument("--limit", type=seconds, default=1800.0, help="the longest run, in s")
    args = parser.parse_args(argv)
    log = Path(f"/tmp/cluster-faults-{int(time.time())}.log")
    cluster = Cluster(args.processes, serve_args=SERVE, log=log).start()
    print(f"cluster on {cluster.url} (server output in {log})", flush=True)
    try:
        return asyncio.run(run(args, cluster))
    finally:
        cluster.stop()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    run_main(main)
