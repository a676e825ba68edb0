"""Rooms: a player who left a 3 or 4 player game is still replaced across a restart; only
the games needed stay in memory.

The restart tests run the server app twice over the same database file, as a
restarted server does; the second one's clock stands later, for the time the
server was down.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server.app import create_app
from tabletop.server.limits import Limits
from tabletop.server.rooms import Rooms
from tests.server.conftest import new_game
from tests.server.test_ws import until


def server(db: str, pool: ThreadPoolExecutor, grace: float, later: float = 0.0) -> TestClient:
    """A test client of a server over ``db`` whose clock is ``later`` seconds ahead."""
    app = create_app(db, executor=pool, grace=grace, web_dir=None, now=lambda: time.time() + later)
    return TestClient(app)


def wait_for(
    client: TestClient, gid: str, done: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The game's view once ``done`` holds for it (polled; a bound, not a timing check)."""
    for _ in range(400):
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if done(view):
            return view
        time.sleep(0.025)
    raise AssertionError(f"not reached: {view}")


def kinds(view: dict[str, Any]) -> list[str]:
    return [s["kind"] for s in view["seats"]]


def test_a_leaver_whose_grace_ran_out_while_the_server_was_down_is_replaced(db: str) -> None:
    with ThreadPoolExecutor(1) as pool:
        with server(db, pool, grace=60) as client:
            created = new_game(
                client,
                game="abalone",
                options={"players": 3},
                seats=[{}, {"claim": True}, {"claim": True}],
            )
            gid, token = created["id"], created["seats"][0]["token"]
            with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
                assert until(ws, "snapshot")["you"] == 0
            # The player left; the server stops (its shutdown records the departure) 59 s
            # before their seat would have gone to a computer.
        with server(db, pool, grace=60, later=61) as client:
            view = wait_for(client, gid, lambda v: v["seats"][0]["kind"] == "computer")
            # The two who never came back after the restart have their own full grace.
            assert kinds(view)[1:] == ["person", "person"]
            wait_for(client, gid, lambda v: v["ply"] == 1)  # the computer plays for seat 0


def test_players_without_a_connection_after_a_restart_count_as_left(db: str) -> None:
    with ThreadPoolExecutor(1) as pool:
        with server(db, pool, grace=60) as client:
            created = new_game(
                client, game="abalone", options={"players": 3}, seats=[{"claim": True}] * 3
            )
            gid = created["id"]
            assert client.get(f"/api/games/{gid}").json()["status"] == "playing"
        with server(db, pool, grace=0.2) as client:
            # Every person is replaced but the last one, who is never replaced.
            view = wait_for(client, gid, lambda v: kinds(v).count("computer") == 2)
            assert view["status"] == "playing"


def test_a_leavers_deadline_is_stored_and_goes_when_they_return(client: TestClient) -> None:
    created = new_game(
        client, game="abalone", options={"players": 3}, seats=[{}, {"claim": True}, {"claim": True}]
    )
    gid, token = created["id"], created["seats"][0]["token"]
    store = client.app.state.store  # type: ignore[attr-defined]

    def stored_leaving() -> Any:
        return client.portal.call(store.load, gid)[0]["leaving"]  # type: ignore[union-attr]

    with client.websocket_connect(f"/ws/games/{gid}") as spectator:
        spectator.receive_json()
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            token = ws.receive_json()["token"]  # the seat's own token, for coming back
            until(spectator, "joined")
            assert stored_leaving() == {}
        until(spectator, "left")
        assert set(stored_leaving()) == {"0"}
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            assert until(ws, "snapshot")["you"] == 0
            until(spectator, "joined")
            assert stored_leaving() == {}


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


def test_a_room_used_while_it_was_loaded_again_stays_the_one_room(tmp_path: Any) -> None:
    """A caller still holding a room dropped from memory plays on it while another caller
    loads the game again: the load must hand out that same room, not a second copy one
    move behind (whose next move would be stored under a number already taken)."""
    from tabletop.core import load_game
    from tabletop.play.match import Match, SeatSpec
    from tabletop.server.bus import Bus
    from tabletop.server.store import Store, database_url

    async def scenario() -> None:
        store = Store(database_url(str(tmp_path / "g.db")))
        await store.start()
        rooms = Rooms(store, Bus(), ThreadPoolExecutor(1))
        match = Match(load_game("go", size=9), [SeatSpec(), SeatSpec()])
        match.claim(0), match.claim(1)
        held, _ = await rooms.create(match)
        rooms.forget(held)  # dropped from memory, as the idle bound does
        gate = asyncio.Event()
        replay = rooms.off_loop

        async def slow_off_loop(work: Any, *args: Any, **kwargs: Any) -> Any:
            await gate.wait()
            return await replay(work, *args, **kwargs)

        rooms.off_loop = slow_off_loop  # type: ignore[method-assign]
        loading = asyncio.create_task(rooms.get(held.id))
        await asyncio.sleep(0.05)  # the load waits at the gate
        await rooms.act(held, lambda m: m.play(0, "E5", None))
        gate.set()
        loaded = await loading
        assert loaded is held
        assert rooms.rooms[held.id] is held
        await rooms.act(loaded, lambda m: m.play(1, "C3", None))
        assert loaded.match.ply == 2
        await rooms.close()
        await store.close()

    asyncio.run(scenario())


def test_a_move_stored_under_a_taken_number_is_refused_as_stale(tmp_path: Any) -> None:
    """Whatever the way a copy falls behind storage, its next move is refused with the
    protocol's "stale" (reload), never an internal error, and nothing changes."""
    from tabletop.core import load_game
    from tabletop.play.match import Match, MatchError, SeatSpec
    from tabletop.server.bus import Bus
    from tabletop.server.store import Store, database_url

    async def scenario() -> None:
        store = Store(database_url(str(tmp_path / "g.db")))
        await store.start()
        rooms = Rooms(store, Bus(), ThreadPoolExecutor(1))
        match = Match(load_game("go", size=9), [SeatSpec(), SeatSpec()])
        match.claim(0), match.claim(1)
        room, _ = await rooms.create(match)
        await rooms.act(room, lambda m: m.play(0, "E5", None))
        room.seq -= 1  # a copy one event behind storage
        with pytest.raises(MatchError) as refused:
            await rooms.act(room, lambda m: m.play(1, "C3", None))
        assert refused.value.code == "stale"
        again = await rooms.get(room.id)
        assert again is not None and again.match.ply == 1
        await rooms.close()
        await store.close()

    asyncio.run(scenario())
