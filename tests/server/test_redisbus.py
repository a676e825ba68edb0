"""The bus on both kinds (in-process and Redis), and two server processes' worth of apps
sharing one database through a real Redis: every socket sees every event of its game
once and in order, from whichever app committed it, across a Redis restart."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.cli import main
from tabletop.server.bus import Bus
from tabletop.server.presence import CHANNEL as PRESENCE_CHANNEL
from tabletop.server.redisbus import RedisBus, swallowed_cancel
from tabletop.server.scratch import ScratchRedis, free_port
from tests.server.conftest import ann_and_bob, ann_here_bob_and_watcher_there
from tests.server.live import wait_until

#: A socket that waits for an event that never comes (a lost fan-out) fails the test
#: instead of stalling the suite.
pytestmark = pytest.mark.timeout(180)


BOTH_DATABASES = True


@contextlib.asynccontextmanager
async def a_bus(kind: str, redis_url: str | None) -> AsyncIterator[Bus]:
    if kind == "memory":
        yield Bus()
        return
    assert redis_url is not None
    bus = RedisBus(redis_url)
    await bus.start()
    try:
        yield bus
    finally:
        await bus.close()


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_the_bus_delivers_in_order_and_drops_a_full_queue(
    kind: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue("redis_server").url if kind == "redis" else None

    async def scenario() -> None:
        async with a_bus(kind, url) as bus:
            queue = bus.subscribe("g")
            bus.delivered("g", 0)
            slow = bus.subscribe("g")
            for seq in range(1, 4):
                bus.publish("g", f"frame {seq}", seq)
            assert [queue.get_nowait() for _ in range(3)] == ["frame 1", "frame 2", "frame 3"]
            bus.unsubscribe("g", queue)
            for seq in range(4, 400):
                bus.publish("g", f"frame {seq}", seq)
            assert slow.get_nowait() is None and bus.subscribers("g") == 0

    asyncio.run(scenario())


class Stored:
    """Storage as the rooms keep it, for bus-level tests: the events committed, each then
    published (or, ``lost``, not), and the rooms' replay of what the watchers missed."""

    def __init__(self, publisher: Bus, receiver: RedisBus, queue: asyncio.Queue[str | None]):
        self.publisher, self.receiver, self.queue = publisher, receiver, queue
        self.events: list[str] = []
        self.replays: list[int] = []
        receiver.on_gap = self.replay
        receiver.on_heads = self.heads

    def commit(self, frame: str, lost: bool = False) -> None:
        self.events.append(frame)
        seq = len(self.events)
        if lost:  # committed, but its message never reaches Redis
            Bus.publish(self.publisher, "g", frame)
        else:
            self.publisher.publish("g", frame, seq)

    async def replay(self, topic: str) -> int:
        last = self.receiver.last_of(topic)
        self.replays.append(last)
        for frame in self.events[last:]:
            self.queue.put_nowait(frame)
        return len(self.events)

    async def heads(self, topics: list[str]) -> dict[str, int]:
        return {"g": len(self.events)}


async def frames(queue: asyncio.Queue[str | None], count: int) -> list[str | None]:
    return [await asyncio.wait_for(queue.get(), 30) for _ in range(count)]


def test_redis_carries_numbered_frames_to_other_processes_once(
    redis_server: ScratchRedis,
) -> None:
    async def scenario() -> None:
        async with a_bus("redis", redis_server.url) as one, a_bus("redis", redis_server.url) as two:
            assert isinstance(two, RedisBus)
            mine, theirs = one.subscribe("g"), two.subscribe("g")
            stored = Stored(one, two, theirs)
            one.delivered("g", 0)
            two.delivered("g", 0)
            stored.commit("e1")  # perhaps before two's SUBSCRIBE reached Redis: replayed
            one.publish("g", "watchers", None)  # not numbered: stays in its process
            stored.commit("e2")
            assert await frames(theirs, 2) == ["e1", "e2"]
            stored.commit("e3", lost=True)  # lost on the way: replayed from storage
            stored.commit("e4", lost=True)
            stored.commit("e5")
            stored.commit("e6")
            assert await frames(theirs, 4) == ["e3", "e4", "e5", "e6"]
            await asyncio.sleep(0.2)
            assert theirs.empty() and 2 in stored.replays
            assert [mine.get_nowait() for _ in range(7)] == [
                "e1", "watchers", "e2", "e3", "e4", "e5", "e6"
            ]  # fmt: skip

    asyncio.run(scenario())


def test_a_lost_last_message_is_replayed_by_the_next_readings(
    redis_server: ScratchRedis,
) -> None:
    """No later message reveals the gap: the readings of the stored numbers do."""

    async def scenario() -> None:
        async with a_bus("redis", redis_server.url) as one, a_bus("redis", redis_server.url) as two:
            assert isinstance(two, RedisBus)
            theirs = two.subscribe("g")
            stored = Stored(one, two, theirs)
            two.delivered("g", 0)
            stored.commit("e1")
            assert await frames(theirs, 1) == ["e1"]
            stored.commit("e2", lost=True)
            assert await frames(theirs, 1) == ["e2"]
            assert stored.replays[-1] == 1

    asyncio.run(scenario())


# -- two apps over one database -----------------------------------------------------------------


def events(ws: WebSocketTestSession, until_seq: int, seen: list[int]) -> dict[str, Any]:
    """Read frames until event ``until_seq``, noting each event's number in ``seen``;
    returns the last snapshot read (or an empty dict)."""
    snapshot: dict[str, Any] = {}
    while not seen or seen[-1] < until_seq:
        frame = ws.receive_json()
        if frame["type"] == "event":
            seen.append(frame["seq"])
        elif frame["type"] == "snapshot":
            snapshot = frame
            if frame["seq"] >= until_seq:
                seen.append(frame["seq"])
    return snapshot


def test_players_on_two_processes_and_a_spectator_see_every_move_once(
    pair: tuple[TestClient, TestClient],
) -> None:
    first, second = pair
    gid, ann, bob = ann_and_bob(first)
    seen: dict[str, list[int]] = {"ann": [], "bob": [], "watcher": []}
    with ann_here_bob_and_watcher_there(first, second, gid, ann, bob) as sockets:
        ann_ws, bob_ws, watcher = sockets.values()
        seq = ann_seq = 0
        for ply, move in enumerate(["E5", "C3", "D4", "F6", "G7", "B2"]):
            ws = ann_ws if ply % 2 == 0 else bob_ws
            ws.send_json({"type": "move", "move": move})
            seq = ann_seq = seq + 1
            for name, socket in (("ann", ann_ws), ("bob", bob_ws), ("watcher", watcher)):
                events(socket, ann_seq, seen[name])
        for name, numbers in seen.items():
            assert numbers == sorted(set(numbers)), (name, numbers)  # once each, in order
            assert numbers[-1] == seq, name
    view = second.get(f"/api/games/{gid}").json()
    assert [m["move"] for m in view["moves"]] == ["E5", "C3", "D4", "F6", "G7", "B2"]


def test_a_redis_restart_loses_no_event(
    pair: tuple[TestClient, TestClient], redis_server: ScratchRedis
) -> None:
    first, second = pair
    gid, ann, bob = ann_and_bob(first)
    tokens = [ann, bob]
    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["type"] == "snapshot"
        redis_server.restart()
        for i, move in enumerate(["E5", "C3", "D4"]):  # committed while Redis is away
            answer = first.post(
                f"/api/games/{gid}/moves", json={"token": tokens[i % 2], "move": move}
            )
            assert answer.status_code == 200, answer.text
        numbers: list[int] = []
        snapshot = events(watcher, 3, numbers)
        assert numbers == sorted(set(numbers)) and numbers[-1] == 3
        if snapshot:  # replayed after the reconnect: the snapshot has the moves up to it
            moves = [m["move"] for m in snapshot["game"]["moves"]]
            assert moves == ["E5", "C3", "D4"][: snapshot["seq"]]


def test_a_bad_bus_is_one_line_at_start(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    db = str(tmp_path / "games.db")
    port = free_port()
    for bus, expected in (
        ("http://127.0.0.1/", "--bus http://127.0.0.1/: not a Redis URL"),
        (f"redis://127.0.0.1:{port}/0", f"--bus redis://127.0.0.1:{port}/0: cannot reach Redis"),
    ):
        assert main(["serve", "--db", db, "--port", str(free_port()), "--bus", bus]) == 2
        err = capsys.readouterr().err
        assert expected in err and len(err.splitlines()) == 1, err


def test_a_dropped_publish_is_replayed_from_the_database(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last move's message never reaches Redis (and no later one reveals the gap):
    the sockets of the other process still get it, from the database."""
    first, second = pair
    bus = first.app.state.rooms.bus  # type: ignore[attr-defined]
    publish = bus.client.publish
    dropped: list[str] = []

    async def lossy(channel: str, message: str) -> int:
        if message.split(" ", 2)[1] == "3":
            dropped.append(message)
            return 0
        result: int = await publish(channel, message)
        return result

    monkeypatch.setattr(bus.client, "publish", lossy)
    gid, ann, bob = ann_and_bob(first)
    tokens = [ann, bob]
    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["type"] == "snapshot"
        for i, move in enumerate(["E5", "C3", "D4"]):
            answer = first.post(
                f"/api/games/{gid}/moves", json={"token": tokens[i % 2], "move": move}
            )
            assert answer.status_code == 200, answer.text
        numbers: list[int] = []
        events(watcher, 3, numbers)
        assert numbers == sorted(set(numbers)) and numbers[-1] == 3
    # Its message is sent after the commit: a replay (the subscription's) may bring the
    # event before the sender drops it.
    assert wait_until(lambda: len(dropped) == 1, 30)


def test_a_late_subscription_loses_no_event(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A loaded process sends a game's SUBSCRIBE late: the moves published before Redis
    had it come from the database once it is confirmed (decision record 0150; before,
    the second process's sockets waited for the first move for ever)."""
    import redis.asyncio.client as redis_client

    subscribe = redis_client.PubSub.subscribe

    async def late(self: Any, *channels: Any, **kwargs: Any) -> Any:
        if any(not str(c).endswith("~") for c in channels):
            await asyncio.sleep(0.5)
        return await subscribe(self, *channels, **kwargs)

    monkeypatch.setattr(redis_client.PubSub, "subscribe", late)
    first, second = pair
    gid, ann, bob = ann_and_bob(first)
    with (
        first.websocket_connect(f"/ws/games/{gid}?token={ann}") as ann_ws,
        second.websocket_connect(f"/ws/games/{gid}?token={bob}") as bob_ws,
    ):
        for ws in (ann_ws, bob_ws):
            assert ws.receive_json()["type"] == "snapshot"
        ann_ws.send_json({"type": "move", "move": "E5"})  # before the second subscribed
        numbers: list[int] = []
        events(bob_ws, 1, numbers)
        assert numbers == [1]
        # The replayed event has no delta: a snapshot of the same number brings the view.
        snapshot = bob_ws.receive_json()
        assert (snapshot["type"], snapshot["seq"]) == ("snapshot", 1)
        assert [m["move"] for m in snapshot["game"]["moves"]] == ["E5"]


def lossy_publish(app_client: TestClient, monkeypatch: pytest.MonkeyPatch, lost: set[int]) -> None:
    """The app's bus sends the messages of the event numbers in ``lost`` nowhere."""
    bus = app_client.app.state.rooms.bus  # type: ignore[attr-defined]
    publish = bus.client.publish

    async def lossy(channel: str, message: str) -> int:
        # The presence channel shares the client; its messages carry no event number.
        if channel != PRESENCE_CHANNEL and int(message.split(" ", 2)[1]) in lost:
            return 0
        result: int = await publish(channel, message)
        return result

    monkeypatch.setattr(bus.client, "publish", lossy)


def test_a_replay_that_reads_a_later_event_sends_it_once(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cause of 1, 2, 2, 3 seen under load (decision record 0164): a replay read the
    game (its snapshot number), then the events after the last delivered, and a move
    committed in between came in both the replay and its own message after it."""
    first, second = pair
    lossy_publish(first, monkeypatch, {1})
    store = second.app.state.rooms.store  # type: ignore[attr-defined]
    events_since = store.events_since
    reading, go = threading.Event(), threading.Event()

    async def slow(game_id: str, seq: int) -> list[tuple[int, dict[str, Any]]]:
        if not reading.is_set():
            reading.set()
            await asyncio.to_thread(go.wait, 30)
        result: list[tuple[int, dict[str, Any]]] = await events_since(game_id, seq)
        return result

    monkeypatch.setattr(store, "events_since", slow)
    gid, ann, bob = ann_and_bob(first)
    tokens = [ann, bob]

    def play(i: int, move: str) -> None:
        answer = first.post(f"/api/games/{gid}/moves", json={"token": tokens[i % 2], "move": move})
        assert answer.status_code == 200, answer.text

    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["type"] == "snapshot"
        play(0, "E5")  # its message is lost: the next one (or a reading) starts a replay
        play(1, "C3")
        assert reading.wait(30)  # the replay has read the game, not yet its events
        play(2, "D4")
        go.set()
        play(3, "F6")
        numbers: list[int] = []
        events(watcher, 4, numbers)
        assert numbers == [1, 2, 3, 4]


def test_an_event_made_here_does_not_overtake_a_lost_one_from_elsewhere(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second process commits event 2 (a chat line) before the message of move 1
    (made on the first) came: its sockets get 1 from the database before 2, not 2 alone."""
    first, second = pair
    lossy_publish(first, monkeypatch, {1})
    gid, ann, bob = ann_and_bob(first)
    with (
        second.websocket_connect(f"/ws/games/{gid}?token={bob}") as bob_ws,
        second.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        for ws in (bob_ws, watcher):
            assert ws.receive_json()["type"] == "snapshot"
        answer = first.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "E5"})
        assert answer.status_code == 200, answer.text
        bob_ws.send_json({"type": "chat", "text": "hello"})  # stored as event 2
        for ws in (bob_ws, watcher):
            numbers: list[int] = []
            events(ws, 2, numbers)
            assert numbers == [1, 2], numbers


def test_a_new_socket_ahead_of_the_others_here_has_them_replayed(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A socket opening on the second process reads the game with move 1 whose message
    was lost: the sockets there before it get move 1 too (from the database)."""
    first, second = pair
    lossy_publish(first, monkeypatch, {1})
    gid, ann, bob = ann_and_bob(first)
    with second.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["type"] == "snapshot"
        answer = first.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "E5"})
        assert answer.status_code == 200, answer.text
        with second.websocket_connect(f"/ws/games/{gid}?token={bob}") as bob_ws:
            # Bob's snapshot has move 1 (and no "joined": he never left, which the
            # stored events say after the reload).
            assert bob_ws.receive_json()["seq"] == 1
            bob_ws.send_json({"type": "move", "move": "C3"})
            numbers: list[int] = []
            events(watcher, 2, numbers)
            assert numbers == [1, 2], numbers


def test_a_cancel_swallowed_by_a_read_is_still_seen() -> None:
    """redis-py's timed read can swallow a cancellation; the listening loops ask
    :func:`swallowed_cancel` after each read so that a shutdown still ends them."""
    seen: list[bool] = []

    async def scenario() -> None:
        async def body() -> None:
            seen.append(swallowed_cancel())
            with contextlib.suppress(asyncio.CancelledError):  # what such a read does
                await asyncio.sleep(10)
            seen.append(swallowed_cancel())

        task = asyncio.create_task(body())
        await asyncio.sleep(0)
        task.cancel()
        await task

    asyncio.run(scenario())
    assert seen == [False, True]
