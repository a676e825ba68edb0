"""Rooms: a worker pool that breaks is replaced; only the games needed stay in memory."""

from __future__ import annotations

import asyncio
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server.app import create_app
from tabletop.server.limits import Limits
from tabletop.server.rooms import Rooms
from tests.server.conftest import new_game


class BrokenPool(Executor):
    """A pool whose worker was killed: it refuses every job, as ProcessPoolExecutor does."""

    def __init__(self) -> None:
        self.shut = False

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise BrokenExecutor("a worker process died")

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.shut = True


def rooms_with(executor: Executor, renew: Any) -> Rooms:
    return Rooms(None, None, executor, renew_executor=renew)  # type: ignore[arg-type]


def add_one(job: dict[str, Any]) -> int:
    return int(job["x"]) + 1


def test_a_broken_pool_is_replaced_and_the_job_done_in_the_new_one() -> None:
    broken = BrokenPool()
    with ThreadPoolExecutor(1) as fresh:
        rooms = rooms_with(broken, lambda: fresh)
        assert asyncio.run(rooms._in_pool(add_one, {"x": 1})) == 2
        assert rooms.executor is fresh and broken.shut


def test_a_pool_given_from_outside_is_not_replaced() -> None:
    rooms = rooms_with(BrokenPool(), None)
    with pytest.raises(BrokenExecutor):
        asyncio.run(rooms._in_pool(add_one, {"x": 1}))


# -- only what is needed stays in memory ---------------------------------------------------------
def app_with(db: str, pool: ThreadPoolExecutor, **limits: Any) -> TestClient:
    settings = {"games_burst": 1000, "waiting_games": 1000, **limits}
    return TestClient(create_app(db, executor=pool, web_dir=None, limits=Limits(**settings)))


def test_idle_rooms_are_bounded_and_games_still_answer(
    db: str, executor: ThreadPoolExecutor
) -> None:
    with app_with(db, executor, idle_rooms=3) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        ids = [new_game(client)["id"] for _ in range(10)]
        assert len(rooms.rooms) <= 3
        for gid in ids:  # reading a game loads it again, and does not pin it
            assert client.get(f"/api/games/{gid}").json()["status"] == "waiting"
            assert client.get(f"/api/games/{gid}/record").status_code == 200
        assert len(rooms.rooms) <= 3
        assert set(rooms.rooms) == set(ids[-3:])


def test_a_watched_game_or_a_running_clock_stays(db: str, executor: ThreadPoolExecutor) -> None:
    with app_with(db, executor, idle_rooms=0) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        both = [{"claim": True}, {"claim": True}]
        clocked = new_game(client, seats=both, clock={"kind": "absolute", "main": 600})["id"]
        plain = new_game(client, seats=both)
        assert set(rooms.rooms) == {clocked}
        gid, token = plain["id"], plain["seats"][0]["token"]
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            ws.receive_json()
            assert gid in rooms.rooms
            ws.send_json({"type": "resign"})
            while ws.receive_json().get("event", {}).get("kind") != "end":
                pass
        for _ in range(100):
            if gid not in rooms.rooms:
                break
            client.get("/api/catalog")  # lets the departure task run
        assert set(rooms.rooms) == {clocked}
        assert client.get(f"/api/games/{gid}").json()["status"] == "finished"


def test_a_restart_loads_only_games_that_go_on_by_themselves(db: str) -> None:
    both = [{"claim": True}, {"claim": True}]
    with ThreadPoolExecutor(1) as pool, app_with(db, pool) as client:
        waiting = new_game(client)["id"]
        no_clock = new_game(client, seats=both)["id"]
        clocked = new_game(client, seats=both, clock={"kind": "absolute", "main": 600})["id"]
        finished = new_game(client, seats=both)
        token = finished["seats"][0]["token"]
        with client.websocket_connect(f"/ws/games/{finished['id']}?token={token}") as ws:
            ws.receive_json()
            ws.send_json({"type": "resign"})
            while ws.receive_json().get("event", {}).get("kind") != "end":
                pass
    with ThreadPoolExecutor(1) as pool, app_with(db, pool) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        assert set(rooms.rooms) == {clocked}
        for gid in (waiting, no_clock, finished["id"]):
            assert client.get(f"/api/games/{gid}").status_code == 200


def test_idle_rooms_are_bounded_by_their_moves_too(db: str, executor: ThreadPoolExecutor) -> None:
    with app_with(db, executor, idle_plies=10) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        record = '{"game": "go", "options": {"size": 9}, "moves": ["E5", "C3", "D4", "F6"]}'
        ids = []
        for _ in range(5):
            answer = client.post("/api/records", json={"format": "json", "text": record})
            ids.append(answer.json()["id"])
        client.get("/api/catalog")  # the next turn of the event loop: the trim
        assert set(rooms.rooms) == set(ids[-2:])  # 3 games of 4 moves are more than 10
        assert rooms.idle_weight == 8
        assert client.get(f"/api/games/{ids[0]}").json()["ply"] == 4


def test_games_are_replayed_off_the_event_loop_one_at_a_time(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several replaying threads at once would each take the interpreter from the
    event loop in turn: loads wait for each other instead."""
    import threading
    import time

    from tabletop.core import load_game
    from tabletop.play.match import Match, SeatSpec
    from tabletop.server.bus import Bus
    from tabletop.server.store import Store, database_url

    running: list[int] = []
    most = 0
    guard = threading.Lock()
    replay = Match.from_dict

    def slow_replay(data: Any, **kwargs: Any) -> Match:
        nonlocal most
        assert threading.current_thread() is not threading.main_thread()
        with guard:
            running.append(1)
            most = max(most, len(running))
        time.sleep(0.02)
        with guard:
            running.pop()
        return replay(data, **kwargs)

    async def scenario() -> None:
        store = Store(database_url(str(tmp_path / "g.db")))
        await store.start()
        rooms = Rooms(store, Bus(), ThreadPoolExecutor(1))
        ids = []
        for _ in range(4):
            match = Match(load_game("go", size=9), [SeatSpec(), SeatSpec()])
            room, _ = await rooms.create(match)
            rooms.forget(room)
            ids.append(room.id)
        monkeypatch.setattr(Match, "from_dict", slow_replay)
        loaded = await asyncio.gather(*(rooms.get(gid) for gid in ids))
        assert all(room is not None for room in loaded)
        await rooms.close()
        await store.close()

    asyncio.run(scenario())
    assert most == 1
