"""An app with accounts, its clock in the test's hands, and helpers to register and play."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tabletop.server.app import create_app
from tests.server.conftest import UNLIMITED
from tests.server.test_ws import until


class Clock:
    """The server's time, moved by the test."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(db: str, executor: ThreadPoolExecutor, clock: Clock) -> FastAPI:
    return create_app(db, executor=executor, web_dir=None, limits=UNLIMITED, now=clock)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def browser(app: FastAPI) -> TestClient:
    """Another browser (its own cookies) on the running app."""
    return TestClient(app)


def register(client: Any, username: str, password: str = "a long password") -> str:
    """Register (the client is then signed in); the recovery code."""
    answer = client.post("/api/accounts", json={"username": username, "password": password})
    assert answer.status_code == 201, answer.text
    code: str = answer.json()["recovery_code"]
    return code


def rated_game(
    first: TestClient, second: TestClient, *, rated: bool = True, **options: Any
) -> tuple[str, str, str]:
    """A 2-player Go game made by ``first`` (seat 0) and joined by ``second`` (seat 1):
    (id, first's token, second's token)."""
    body: dict[str, Any] = {
        "game": "go",
        "options": options or {"size": 9},
        "seats": [{"claim": True}, {}],
        "rated": rated,
    }
    made = first.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    joined = second.post(f"/api/games/{gid}/join", json={})
    assert joined.status_code == 200, joined.text
    return gid, made.json()["seats"][0]["token"], joined.json()["token"]


def play(client: Any, gid: str, token: str, move: str) -> None:
    answer = client.post(f"/api/games/{gid}/moves", json={"token": token, "move": move})
    assert answer.status_code == 200, answer.text


def resign(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """``token``'s seat resigns; the ``end`` event."""
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        until(ws, "snapshot")
        ws.send_json({"type": "resign"})
        return until(ws, "end")
