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


class Deaf:
    """Makes a process's presence hold back what it hears until :meth:`hear` (a slow
    pub/sub delivery, made as slow as the test needs)."""

    def __init__(self, client: TestClient) -> None:
        self.presence: RedisPresence = client.app.state.rooms.presence  # type: ignore[attr-defined]
        self.real = self.presence.heard
        self.held: list[str | bytes] = []
        self.deaf = True
        self.presence.heard = self.heard  # type: ignore[method-assign]

    def heard(self, text: str | bytes) -> None:
        if self.deaf:
            self.held.append(text)
            return
        held, self.held = self.held, []
        for old in [*held, text]:
            self.real(old)

    def hear(self) -> None:
        """Deliver what was held with the next message (one comes every EVERY seconds)."""
        self.deaf = False


def test_a_player_closing_on_two_processes_at_once_leaves_once(
    pair: tuple[TestClient, TestClient],
) -> None:
    # Ann has a socket on each process and closes both before either hears of the other:
    # each still thinks she is on the other, so neither records that she left then. When
    # their word arrives each checks again; the "left" is recorded once (decision 0185).
    first, second = pair
    gid, ann, _ = ann_and_bob(first)
    rooms = [c.app.state.rooms for c in pair]  # type: ignore[attr-defined]
    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["type"] == "snapshot"
        sockets = [c.websocket_connect(f"/ws/games/{gid}?token={ann}").__enter__() for c in pair]
        for ws in sockets:
            assert ws.receive_json()["type"] == "snapshot"
        assert wait_until(lambda: all(0 in r.rooms[gid].elsewhere() for r in rooms))
        deaf = [Deaf(c) for c in pair]
        for ws in sockets:
            ws.__exit__(None, None, None)
        assert wait_until(lambda: all(r.rooms[gid].unsure == {0} for r in rooms))
        for d in deaf:
            d.hear()
        left = next_event(watcher)
        assert left["event"] == {"kind": "left", "seat": 0}
        assert wait_until(lambda: all(not r.rooms[gid].unsure for r in rooms))
        assert wait_until(lambda: connected(second, gid) == [False, False])
        store = rooms[0].store
        # Both checks are done: one "left", and nothing after it.
        assert wait_until(lambda: not any(list(r._tasks) for r in rooms))
        events = first.portal.call(store.events_since, gid, 0)  # type: ignore[union-attr]
        assert [e for _, e in events if e["kind"] == "left"] == [{"kind": "left", "seat": 0}]


def test_a_player_who_left_one_process_is_back_on_the_other_before_it_heard(
    pair: tuple[TestClient, TestClient],
) -> None:
    # A reload through the proxy: Ann's socket closes on the first process (she left, as
    # it records) and opens on the second before the second hears that the first let go.
    # Her stored "left" decides: she is back, with a "joined" (decision 0185).
    first, second = pair
    gid, ann, _ = ann_and_bob(first)
    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["type"] == "snapshot"
        with first.websocket_connect(f"/ws/games/{gid}?token={ann}") as ws:
            assert ws.receive_json()["type"] == "snapshot"
            assert wait_until(lambda: connected(second, gid) == [True, False])
            deaf = Deaf(second)  # it goes on thinking she is on the first
        left = next_event(watcher)
        assert left["event"] == {"kind": "left", "seat": 0}
        with second.websocket_connect(f"/ws/games/{gid}?token={ann}") as again:
            assert again.receive_json()["type"] == "snapshot"
            joined = next_event(watcher)
            assert joined["event"]["kind"] == "joined" and joined["event"]["seat"] == 0
            deaf.hear()
            assert wait_until(lambda: connected(first, gid) == [True, False])
        assert next_event(watcher)["event"] == {"kind": "left", "seat": 0}


def test_a_player_said_to_have_left_by_a_process_that_had_not_heard_is_back(
    pair: tuple[TestClient, TestClient],
) -> None:
    # The other order: Ann opens the game on the second process, then closes it on the
    # first before the first hears of the second. The first records that she left; the
    # second, where she is connected, says she is back (decision 0185).
    first, second = pair
    gid, ann, _ = ann_and_bob(first)
    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["type"] == "snapshot"
        ws = first.websocket_connect(f"/ws/games/{gid}?token={ann}").__enter__()
        assert ws.receive_json()["type"] == "snapshot"
        deaf = Deaf(first)
        with second.websocket_connect(f"/ws/games/{gid}?token={ann}") as again:
            assert again.receive_json()["type"] == "snapshot"
            ws.__exit__(None, None, None)
            assert next_event(watcher)["event"] == {"kind": "left", "seat": 0}
            joined = next_event(watcher)
            assert joined["event"]["kind"] == "joined" and joined["event"]["seat"] == 0
            deaf.hear()
            assert wait_until(lambda: connected(first, gid) == [True, False])
        assert next_event(watcher)["event"] == {"kind": "left", "seat": 0}


def test_what_another_process_announced_expires_and_a_whole_announcement_replaces_it() -> None:
    now = [100.0]
    presence = RedisPresence(None, "me", clock=lambda: now[0])
    gone: list[tuple[str, set[int]]] = []
    presence.on_gone = lambda game_id, seats: gone.append((game_id, seats))

    def say(origin: str, whole: bool, games: dict[str, list[int]]) -> None:
        import json

        presence.heard(json.dumps({"from": origin, "whole": whole, "games": games}))

    say("a", False, {"g": [0]})
    say("b", True, {"g": [1], "h": [0]})
    say("me", True, {"g": [2]})  # its own: not elsewhere
    assert presence.elsewhere("g") == {0, 1} and presence.elsewhere("h") == {0}
    assert gone == []
    say("b", True, {"g": [1]})  # b no longer has h
    assert presence.elsewhere("h") == set() and gone == [("h", {0})]
    say("a", False, {"g": [1]})  # a's socket of seat 0 closed, one of seat 1 opened
    say("a", False, {"g": []})  # and closed: b still has seat 1
    assert presence.elsewhere("g") == {1} and gone[1:] == [("g", {0})]
    now[0] += TTL + 0.1  # b died (kill -9): nothing more from it
    assert presence.elsewhere("g") == set()
    presence.expire()  # what the announcing loop does every EVERY seconds
    assert gone[2:] == [("g", {1})] and presence.theirs == {}
