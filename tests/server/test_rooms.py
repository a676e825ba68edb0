"""Rooms across a restart: a player who left a 3 or 4 player game is still replaced.

Each test runs the server app twice over the same database file, as a
restarted server does; the second one's clock stands later, for the time the
server was down.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient

from tabletop.server.app import create_app
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
