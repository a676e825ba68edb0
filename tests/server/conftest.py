"""A server app over a fresh SQLite file, computer moves in a thread (no process start-up).

A test module that sets ``BOTH_DATABASES = True`` runs its tests that use ``db`` (or
``client``) on SQLite and on PostgreSQL: a throwaway cluster started once per test
process (tabletop.server.scratch), a new database per test copied from one already
migrated. Without PostgreSQL installed (.ci/ensure-postgres) those runs are skipped.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.server.app import create_app
from tabletop.server.limits import Limits
from tabletop.server.scratch import ScratchError, ScratchPostgres, ScratchRedis
from tabletop.server.serve import upgrade_database

#: One test client plays every seat and makes every game: no per-client rate limits
#: (test_limits.py makes its own apps to test them).
UNLIMITED = Limits(
    requests_per_minute=0,
    games_per_minute=0,
    waiting_games=0,
    imports_per_minute=0,
    hints_per_minute=0,
    logins_per_minute=0,
)


#: The databases a BOTH_DATABASES module runs on.
DATABASES = ("sqlite", "postgresql")

_names = itertools.count()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if getattr(metafunc.module, "BOTH_DATABASES", False) and "db" in metafunc.fixturenames:
        metafunc.parametrize("db", DATABASES, indirect=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[ScratchPostgres]:
    """A PostgreSQL of this test process, with a database ``migrated`` at the newest
    revision to copy."""
    try:
        server = ScratchPostgres().start()
    except ScratchError as err:
        pytest.skip(str(err))
    try:
        server.psql("create database migrated")
        upgrade_database(server.url_of("migrated"))
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[ScratchRedis]:
    """A Redis of this test process."""
    try:
        server = ScratchRedis().start()
    except ScratchError as err:
        pytest.skip(str(err))
    try:
        yield server
    finally:
        server.stop()


def postgres_database(server: ScratchPostgres) -> str:
    """A new database at the newest revision (a copy of ``migrated``: no migration run)."""
    name = f"t{next(_names)}"
    server.psql(f"create database {name} template migrated")
    return server.url_of(name)


@pytest.fixture
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The server's ``--db``: a new SQLite file, or a new PostgreSQL database."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return postgres_database(request.getfixturevalue("postgres"))
    return str(tmp_path / "games.db")


@pytest.fixture
def executor() -> Iterator[ThreadPoolExecutor]:
    pool = ThreadPoolExecutor(1)
    yield pool
    pool.shutdown(wait=True)


@pytest.fixture
def client(db: str, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    app = create_app(db, executor=executor, grace=0.2, web_dir=None, limits=UNLIMITED)
    with TestClient(app) as test_client:
        yield test_client


@contextmanager
def two_apps(db: str, bus: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server apps over one database ``db`` and one Redis ``bus``: two processes."""
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db, executor=pool, web_dir=None, limits=UNLIMITED, bus=bus)) as first,
        TestClient(
            create_app(db, executor=pool, web_dir=None, limits=UNLIMITED, bus=bus)
        ) as second,
    ):
        yield first, second


@pytest.fixture
def pair(db: str, redis_server: ScratchRedis) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps over the test's database and the session's Redis (see :func:`two_apps`)."""
    with two_apps(db, redis_server.url) as both:
        yield both


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """POST /api/games and return the answer (asserting 201)."""
    body.setdefault("game", "go")
    body.setdefault("options", {"size": 9})
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    result: dict[str, Any] = answer.json()
    return result


def ann_and_bob(client: TestClient, **body: Any) -> tuple[str, str, str]:
    """A new Go game with Ann and Bob claimed: (its id, Ann's token, Bob's token)."""
    created = new_game(
        client, seats=[{"name": "Ann", "claim": True}, {"name": "Bob", "claim": True}], **body
    )
    ann, bob = (s["token"] for s in created["seats"])
    return created["id"], ann, bob


@contextmanager
def ann_here_bob_and_watcher_there(
    first: TestClient, second: TestClient, gid: str, ann: str, bob: str
) -> Iterator[dict[str, WebSocketTestSession]]:
    """Ann's socket on ``first``, Bob's and a spectator's on ``second``, each past its
    first snapshot: the sockets by name (ann, bob, watcher)."""
    with (
        first.websocket_connect(f"/ws/games/{gid}?token={ann}") as ann_ws,
        second.websocket_connect(f"/ws/games/{gid}?token={bob}") as bob_ws,
        second.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        sockets = {"ann": ann_ws, "bob": bob_ws, "watcher": watcher}
        for ws in sockets.values():
            assert ws.receive_json()["type"] == "snapshot"
        yield sockets
