"""Who is connected, across processes (server/presence.py, decision record 0168): two apps
over one database and a real Redis; a player's socket on one shows the seat connected to
a spectator on the other, and the seat leaves only when its last socket anywhere closes.
The announcements themselves (what expires, what a whole announcement replaces) are
tested on :class:`RedisPresence` with a clock of the test's."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.server.presence import TTL, RedisPresence
from tests.server.conftest import ann_and_bob
from tests.server.live import wait_until

pytestmark = pytest.mark.timeout(180)


def connected(client: TestClient, gid: str) -> list[bool]:
    """Each seat's ``connected`` in the game's view served by ``client``."""
    return [s["connected"] for s in client.get(f"/api/games/{gid}").json()["seats"]]


def next_event(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "event":
            return frame


def connected_after(ws: WebSocketTestSession, event: dict[str, Any]) -> list[bool]:
    """Who is connected after ``event``: its delta, or, for an event replayed from the
    database (no delta), the snapshot that follows the replay."""
    if event["delta"] is not None:
        return [s["connected"] for s in event["delta"]["set"]["seats"]]
    while (frame := ws.receive_json())["type"] != "snapshot":
        pass
    return [s["connected"] for s in frame["game"]["seats"]]


def test_a_player_on_one_process_is_connected_for_a_spectator_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    first, second = pair
    gid, ann, _ = ann_and_bob(first)
    assert connected(second, gid) == [False, False]
    ann_ws = first.websocket_connect(f"/ws/games/{gid}?token={ann}").__enter__()
    assert ann_ws.receive_json()["type"] == "snapshot"
    assert wait_until(lambda: connected(second, gid) == [True, False])
    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        snapshot = watcher.receive_json()
        assert [s["connected"] for s in snapshot["game"]["seats"]] == [True, False]
        # Ann opens the game on the second process too, then closes the first: she stays.
        with second.websocket_connect(f"/ws/games/{gid}?token={ann}") as again:
            assert again.receive_json()["type"] == "snapshot"
            assert wait_until(lambda: 0 in first.app.state.rooms.rooms[gid].elsewhere())  # type: ignore[attr-defined]
            ann_ws.__exit__(None, None, None)
            assert wait_until(lambda: connected(first, gid) == [True, False])
        # Her last socket closed (on the second): she left, as the spectator is told.
        left = next_event(watcher)
        assert left["event"] == {"kind": "left", "seat": 0}
        assert connected_after(watcher, left) == [False, False]
        assert wait_until(lambda: connected(first, gid) == [False, False])
        # Back on the first process (which heard she had left): she joined again.
        with first.websocket_connect(f"/ws/games/{gid}?token={ann}") as back:
            assert back.receive_json()["type"] == "snapshot"
            joined = next_event(watcher)
            assert joined["event"]["kind"] == "joined" and joined["event"]["seat"] == 0
            assert connected_after(watcher, joined) == [True, False]


def test_what_another_process_announced_expires_and_a_whole_announcement_replaces_it() -> None:
    now = [100.0]
    presence = RedisPresence(None, "me", clock=lambda: now[0])

    def say(origin: str, whole: bool, games: dict[str, list[int]]) -> None:
        import json

        presence.heard(json.dumps({"from": origin, "whole": whole, "games": games}))

    say("a", False, {"g": [0]})
    say("b", True, {"g": [1], "h": [0]})
    say("me", True, {"g": [2]})  # its own: not elsewhere
    assert presence.elsewhere("g") == {0, 1} and presence.elsewhere("h") == {0}
    say("b", True, {"g": [1]})  # b no longer has h
    assert presence.elsewhere("h") == set()
    say("a", False, {"g": []})  # a's socket closed
    assert presence.elsewhere("g") == {1}
    now[0] += TTL + 0.1  # b died (kill -9): nothing more from it
    assert presence.elsewhere("g") == set()
