"""One driver per game across processes (decision record 0150): the leases in a real Redis,
two apps over one PostgreSQL database racing for a move and a clock, and real
``tabletop serve`` processes of which the one driving a game is killed with SIGKILL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from tabletop.server import lease as lease_module
from tabletop.server.lease import Lease, RedisLease
from tabletop.server.scratch import ScratchPostgres, ScratchRedis
from tests.server.conftest import (
    new_game,
    postgres_database,
    two_apps,
)
from tests.server.live import wait_until
from tests.server.processes import frames_until, servers

pytestmark = pytest.mark.timeout(300)


# -- the leases ---------------------------------------------------------------------------------
def test_one_process_alone_drives_every_game() -> None:
    async def scenario() -> None:
        alone = Lease()
        assert not alone.shared and alone.owns("g") and await alone.claim("g")

    asyncio.run(scenario())


def test_a_lease_has_one_holder_until_released_or_expired(redis_server: ScratchRedis) -> None:
    async def scenario() -> None:
        import redis.asyncio as aredis

        client = aredis.from_url(redis_server.url)
        one, two = RedisLease(client, "one", ttl=60), RedisLease(client, "two", ttl=60)
        dying = RedisLease(client, "dying", ttl=0.2)
        lost: list[str] = []
        dying.on_lost = lost.append
        try:
            assert await one.claim("g") and not await two.claim("g")
            assert one.owns("g") and not two.owns("g")
            assert await two.unheld(["g", "h"]) == ["h"]
            await one.renew()
            assert one.owns("g") and not await two.claim("g")
            one.release("g")
            await asyncio.sleep(0.1)
            assert await two.claim("g") and not one.owns("g")
            assert await dying.claim("h")
            await asyncio.sleep(0.5)  # no renewal (its process died): the lease expired
            assert await one.claim("h")
            await dying.renew()  # back from a long pause: another holds it now
            assert not dying.owns("h") and lost == ["h"]
            await client.flushall()  # a Redis that restarted: the holders take them again
            await one.renew()
            await two.renew()
            assert one.owns("h") and two.owns("g")
            assert await client.get(lease_module.PREFIX + "h") == b"one"
            await two.close()
            assert await client.get(lease_module.PREFIX + "g") is None  # released at close
        finally:
            await one.close()
            await client.aclose()

    asyncio.run(scenario())


# -- two apps over one PostgreSQL database --------------------------------------------------------
@pytest.fixture
def pg_pair(
    postgres: ScratchPostgres, redis_server: ScratchRedis
) -> Iterator[tuple[TestClient, TestClient]]:
    db = postgres_database(postgres)
    with two_apps(db, redis_server.url) as both:
        yield both


def rooms_of(client: TestClient) -> Any:
    return client.app.state.rooms  # type: ignore[attr-defined]


def test_a_move_raced_on_two_processes_is_stored_once(
    pg_pair: tuple[TestClient, TestClient],
) -> None:
    """Both processes accept the same move for the same position: the (game, seq) constraint
    takes the first; the other is answered as a second move sent to one process is."""
    first, second = pg_pair
    created = new_game(
        first, seats=[{"name": "Ann", "claim": True}, {"name": "Bob", "claim": True}]
    )
    gid, ann = created["id"], created["seats"][0]["token"]
    assert second.get(f"/api/games/{gid}").status_code == 200  # loaded there too
    # The second process hears nothing of the first's move: it acts on its old copy.
    bus = rooms_of(second).bus
    bus.on_remote = bus.on_heads = None
    move = {"token": ann, "move": "E5", "ply": 0}
    won = first.post(f"/api/games/{gid}/moves", json=move)
    lost = second.post(f"/api/games/{gid}/moves", json=move)
    again = first.post(f"/api/games/{gid}/moves", json=move)
    assert won.status_code == 200, won.text
    assert (lost.status_code, lost.json()) == (again.status_code, again.json())
    assert lost.json()["error"] == "stale"
    for client in (first, second):
        view = client.get(f"/api/games/{gid}").json()
        assert [m["move"] for m in view["moves"]] == ["E5"]
    bob = created["seats"][1]["token"]
    answer = second.post(f"/api/games/{gid}/moves", json={"token": bob, "move": "C3"})
    assert answer.status_code == 200, answer.text  # its copy caught up


def test_a_clock_is_driven_by_one_process_and_its_flag_falls_once(
    pg_pair: tuple[TestClient, TestClient],
) -> None:
    first, second = pg_pair
    created = new_game(
        first,
        seats=[{"name": "Ann", "claim": True}, {"name": "Bob", "claim": True}],
        clock={"kind": "absolute", "main": 6},
    )
    gid = created["id"]
    ann, bob = (s["token"] for s in created["seats"])
    seen: dict[str, list[dict[str, Any]]] = {}
    with (
        first.websocket_connect(f"/ws/games/{gid}?token={ann}") as ann_ws,
        second.websocket_connect(f"/ws/games/{gid}?token={bob}") as bob_ws,
    ):
        for ws in (ann_ws, bob_ws):
            assert ws.receive_json()["type"] == "snapshot"
        both = [rooms_of(c).rooms[gid] for c in (first, second)]
        assert wait_until(lambda: sum(r.timer is not None for r in both) == 1)
        for name, ws in (("ann", ann_ws), ("bob", bob_ws)):
            seen[name] = []
            while not any(f.get("event", {}).get("kind") == "end" for f in seen[name]):
                seen[name].append(ws.receive_json())
    for frames in seen.values():
        kinds = [f["event"]["kind"] for f in frames if f["type"] == "event"]
        assert kinds.count("timeout") == 1, kinds
    view = second.get(f"/api/games/{gid}").json()
    assert view["status"] == "finished"
    assert not any(rooms_of(c).lease.owns(gid) for c in (first, second))  # given up


# -- real server processes, one killed ---------------------------------------------------------
@pytest.fixture
def cluster_db(postgres: ScratchPostgres) -> str:
    return postgres_database(postgres)


def lease_holder(redis_server: ScratchRedis, gid: str) -> bytes | None:
    with redis.Redis.from_url(redis_server.url) as client:
        owner: bytes | None = client.get(lease_module.PREFIX + gid)
        return owner


def test_a_computer_game_goes_on_when_its_driver_is_killed(
    cluster_db: str, redis_server: ScratchRedis, tmp_path: Path
) -> None:
    with servers(cluster_db, redis_server.url, tmp_path) as (one, two):
        body = {
            "game": "go",
            "options": {"size": 9},
            "seats": [{"kind": "computer", "level": 1}, {"name": "Ann", "claim": True}],
            # A running clock keeps the game driven (the lease held) between moves.
            "clock": {"kind": "fischer", "main": 600, "increment": 5},
        }
        answer = httpx.post(one.url + "/api/games", json=body, timeout=30)
        assert answer.status_code == 201, answer.text
        gid, ann = answer.json()["id"], answer.json()["seats"][1]["token"]
        # The process that made it drives it (it takes the lease before storing the game),
        # unless its renewals were starved past the lease's life on a loaded machine: kill
        # whichever holds it, found by the id each server prints when it starts.
        assert wait_until(lambda: lease_holder(redis_server, gid) is not None)
        driver = lease_holder(redis_server, gid)
        assert driver is not None
        victim = next(s for s in (one, two) if driver.decode() in s.log.read_text())
        survivor = two if victim is one else one
        url, ws_url = survivor.url, survivor.ws_url
        with connect(f"{ws_url}/ws/games/{gid}?token={ann}", open_timeout=30) as ann_ws:
            victim.kill()  # it drives the computer seat, thinking its first move or done
            killed = time.monotonic()
            assert wait_until(lambda: lease_holder(redis_server, gid) not in (None, driver))
            taken = time.monotonic() - killed
            read: list[dict[str, Any]] = []
            replies: list[float] = []
            while len(replies) < 3:
                view = httpx.get(f"{url}/api/games/{gid}", timeout=30).json()
                if view["to_move"] == 1:
                    move = next(m for m in view["legal"] if m != "pass")
                    played = {"token": ann, "move": move, "ply": view["ply"]}
                    answer = httpx.post(f"{url}/api/games/{gid}/moves", json=played, timeout=30)
                    assert answer.status_code == 200, answer.text
                read += frames_until(
                    ann_ws,
                    lambda f: (
                        f.get("event", {}).get("kind") == "move" and f["event"].get("seat") == 0
                    ),
                )
                replies.append(time.monotonic() - killed)
        numbers = [f["seq"] for f in read if f["type"] == "event"]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # once, in order
        print(f"lease taken over {taken:.1f} s after the kill; computer moves at", replies)


def test_a_flag_falls_once_when_the_clock_s_driver_is_killed(
    cluster_db: str, redis_server: ScratchRedis, tmp_path: Path
) -> None:
    with servers(cluster_db, redis_server.url, tmp_path) as (one, two):
        body = {
            "game": "go",
            "options": {"size": 9},
            "seats": [{"name": "Ann", "claim": True}, {"name": "Bob", "claim": True}],
            "clock": {"kind": "absolute", "main": 5},
        }
        answer = httpx.post(one.url + "/api/games", json=body, timeout=30)
        assert answer.status_code == 201, answer.text
        gid = answer.json()["id"]
        ann, bob = (s["token"] for s in answer.json()["seats"])
        assert wait_until(lambda: lease_holder(redis_server, gid) is not None)
        with (
            connect(f"{two.ws_url}/ws/games/{gid}?token={ann}", open_timeout=30) as ann_ws,
            connect(f"{two.ws_url}/ws/games/{gid}?token={bob}", open_timeout=30) as bob_ws,
        ):
            one.kill()  # the clock's driver, before the flag falls
            seen = [
                frames_until(ws, lambda f: f.get("event", {}).get("kind") == "end")
                for ws in (ann_ws, bob_ws)
            ]
        for frames in seen:
            kinds = [f["event"]["kind"] for f in frames if f["type"] == "event"]
            assert kinds.count("timeout") == 1, kinds
        view = httpx.get(f"{two.url}/api/games/{gid}", timeout=30).json()
        assert view["status"] == "finished"


def test_the_process_that_makes_a_game_drives_it_from_the_start(
    pg_pair: tuple[TestClient, TestClient],
) -> None:
    """The lease is taken before the game is stored: the other process's adoption, which
    takes stored live games nobody holds, never sees this one unheld."""
    first, second = pg_pair
    created = new_game(
        first,
        seats=[{"kind": "computer", "level": 1}, {"name": "Ann", "claim": True}],
        clock={"kind": "fischer", "main": 600, "increment": 5},
    )
    gid = created["id"]
    assert rooms_of(first).lease.owns(gid)
    assert not rooms_of(second).lease.owns(gid)
