"""A database outage while serving: clear 503s and error frames, never a 500, and
recovery without a restart (on a PostgreSQL of the test's own, stopped and started)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import exc
from starlette.websockets import WebSocketDisconnect

from tabletop.server.app import create_app
from tabletop.server.errors import is_outage
from tabletop.server.scratch import ScratchError, ScratchPostgres
from tabletop.server.serve import upgrade_database
from tests.server.conftest import UNLIMITED, new_game


def test_outages_are_told_from_faults() -> None:
    assert is_outage(ConnectionRefusedError(111, "refused"))
    assert is_outage(exc.OperationalError("select", {}, Exception("gone")))
    assert is_outage(exc.TimeoutError("pool"))
    assert not is_outage(exc.IntegrityError("insert", {}, Exception("duplicate")))
    assert not is_outage(ValueError("a bug"))


@pytest.fixture
def own_postgres() -> Iterator[ScratchPostgres]:
    try:
        server = ScratchPostgres(durable=True).start()  # commits survive the immediate stop
    except ScratchError as err:
        pytest.skip(str(err))
    try:
        server.psql("create database games")
        upgrade_database(server.url_of("games"))
        yield server
    finally:
        server.stop()


@pytest.mark.timeout(180)
def test_a_database_outage_is_a_503_and_passes(own_postgres: ScratchPostgres) -> None:
    pool = ThreadPoolExecutor(1)
    app = create_app(own_postgres.url_of("games"), executor=pool, web_dir=None, limits=UNLIMITED)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            seats = [{"name": "A", "claim": True}, {"name": "B", "claim": True}]
            game = new_game(client, seats=seats)
            token = game["seats"][0]["token"]
            with (
                client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as ws,
                client.websocket_connect(f"/ws/games/{game['id']}") as watcher,
            ):
                assert ws.receive_json()["type"] == "snapshot"
                assert watcher.receive_json()["type"] == "snapshot"
                own_postgres.stop(remove=False)
                answer = client.post("/api/games", json={"game": "go"})
                assert answer.status_code == 503, answer.text
                assert answer.json()["error"] == "unavailable"
                assert answer.headers["retry-after"] == "2"
                ws.send_json({"type": "move", "move": "E5"})
                # Nothing was stored, and the game's copy in memory had the move: every
                # socket of it is told and closed, to reconnect to the game as stored
                # (decision record 0166).
                for socket in (ws, watcher):
                    frame = socket.receive_json()
                    while frame["type"] != "error":  # the watchers' count, and the like
                        frame = socket.receive_json()
                    assert frame["code"] == "unavailable"
                    with pytest.raises(WebSocketDisconnect) as closed:
                        socket.receive_json()
                    assert closed.value.code == 4408
            own_postgres.restart()
            assert client.post("/api/games", json={"game": "go"}).status_code == 201
            assert client.get(f"/api/games/{game['id']}").status_code == 200
    finally:
        pool.shutdown()
