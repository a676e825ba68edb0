"""A game taken over from a process that stopped driving it (as if killed: its lease left
to expire) gives the player to move back the seconds it had no driver (decision record
0169): two apps over one database and a real Redis."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient

from tabletop.server import lease as lease_module
from tabletop.server.rooms import TAKEOVER_GRACE
from tabletop.server.scratch import ScratchRedis
from tests.server.conftest import ann_and_bob
from tests.server.live import wait_until

pytestmark = pytest.mark.timeout(180)


def rooms_of(client: TestClient) -> Any:
    return client.app.state.rooms  # type: ignore[attr-defined]


@pytest.mark.parametrize("loaded", ["before", "after"])
def test_a_takeover_gives_back_the_seconds_without_a_driver_and_the_flag_falls_once(
    pair: tuple[TestClient, TestClient], loaded: str, redis_server: ScratchRedis
) -> None:
    """``loaded``: whether the second process has the game in memory before the first
    stops (it adopts it) or loads it only after (a socket opening there claims it)."""
    first, second = pair
    gid, _, bob = ann_and_bob(first, clock={"kind": "absolute", "main": 3})
    dying, redis_url = rooms_of(first), redis_server.url
    assert wait_until(lambda: dying.lease.owns(gid))

    async def die() -> None:
        # As a killed process: no renewal, no timers, no takeovers; its lease is left to
        # expire (nothing is released).
        dying.lease._renewing.cancel()
        dying._adopting.cancel()
        dying.lease.held.clear()
        dying._stop_driving(dying.rooms[gid])

    if loaded == "after":
        # Only the socket's loading may take the game over: the second looks for games
        # without a driver no more, and opens the socket once the lease has expired.
        async def stop_looking() -> None:
            rooms_of(second)._adopting.cancel()

        second.portal.call(stop_looking)  # type: ignore[union-attr]
        first.portal.call(die)  # type: ignore[union-attr]
        with redis.Redis.from_url(redis_url) as client:
            assert wait_until(lambda: client.get(lease_module.PREFIX + gid) is None)
    with second.websocket_connect(f"/ws/games/{gid}?token={bob}") as ws:
        frames = [ws.receive_json()]  # the second has the game
        if loaded == "before":
            first.portal.call(die)  # type: ignore[union-attr]
        while not any(f.get("event", {}).get("kind") == "end" for f in frames):
            frames.append(ws.receive_json())
    kinds = [f["event"]["kind"] for f in frames if f["type"] == "event"]
    assert kinds.count("timeout") == 1, kinds
    assert kinds.index("clock-back") < kinds.index("timeout"), kinds
    back = next(f["event"] for f in frames if f.get("event", {}).get("kind") == "clock-back")
    assert back["seat"] == 0 and 0 < back["seconds"] <= TAKEOVER_GRACE
    assert (
        rooms_of(second).lease.owns(gid)
        or second.get(f"/api/games/{gid}").json()["status"] == "finished"
    )
