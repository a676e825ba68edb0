"""A server app over a fresh SQLite file, computer moves in a thread (no process start-up)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server.app import create_app
from tabletop.server.limits import Limits

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


@pytest.fixture
def db(tmp_path: Path) -> str:
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


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """POST /api/games and return the answer (asserting 201)."""
    body.setdefault("game", "go")
    body.setdefault("options", {"size": 9})
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    result: dict[str, Any] = answer.json()
    return result
