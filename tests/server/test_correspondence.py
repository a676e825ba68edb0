"""Correspondence games: days per move kept by the server, a flag that falls while nobody is
connected, and across a restart of the server.

The server's clock is a test's own (``now``): days pass by moving it, never by sleeping. The
timers read it again at least every ``wake`` seconds, which these tests make short.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server.app import create_app
from tests.server.conftest import UNLIMITED, new_game
from tests.server.test_rooms import wait_for

DAY = 24 * 3600.0
BOTH = [{"claim": True, "name": "Ada"}, {"claim": True, "name": "Bo"}]


class Later:
    """The server's clock: the real time, plus days a test adds."""

    def __init__(self) -> None:
        self.shift = 0.0

    def __call__(self) -> float:
        return time.time() + self.shift


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(1) as executor:
        yield executor


def server(db: str, pool: ThreadPoolExecutor, now: Later) -> TestClient:
    app = create_app(db, executor=pool, grace=60, web_dir=None, limits=UNLIMITED, now=now)
    return TestClient(app)


def short_wakes(client: TestClient) -> None:
    client.app.state.rooms.wake = 0.02  # type: ignore[attr-defined]


def play(client: TestClient, created: dict[str, Any], seat: int, move: str) -> dict[str, Any]:
    token = created["seats"][seat]["token"]
    answer = client.post(f"/api/games/{created['id']}/moves", json={"token": token, "move": move})
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


def test_the_clock_kind_is_offered_and_shown(db: str, pool: ThreadPoolExecutor) -> None:
    with server(db, pool, Later()) as client:
        presets = client.get("/api/catalog").json()["clock_presets"]
        kept = {p["name"]: p["clock"] for p in presets}
        assert kept["3d"] == {"kind": "correspondence", "days": 3}
        assert "correspondence" in client.get("/api/catalog").json()["clocks"]
        created = new_game(client, seats=BOTH, clock={"kind": "correspondence", "days": 7})
        view = play(client, created, 0, "E5")
        clock = view["clock"]
        assert (clock["kind"], clock["days"], clock["running"]) == ("correspondence", 7, 1)
        assert clock["remaining"] == [7 * DAY, pytest.approx(7 * DAY, abs=5)]


@pytest.mark.parametrize("days", [0, 2, 30, "3", True, 1.5])
def test_other_days_are_refused_with_the_choices(
    db: str, pool: ThreadPoolExecutor, days: Any
) -> None:
    with server(db, pool, Later()) as client:
        body = {"game": "go", "options": {"size": 9}, "seats": BOTH}
        answer = client.post(
            "/api/games", json={**body, "clock": {"kind": "correspondence", "days": days}}
        )
        assert answer.status_code in (400, 422), answer.text
        error = answer.json()
        if isinstance(days, int) and not isinstance(days, bool):
            assert error["params"] == {
                "value": str(days),
                "allowed": "1, 3, 7",
                "reason": "clock-days",
            }
        assert client.get("/api/games").json() == []


def test_a_flag_falls_while_nobody_is_connected(db: str, pool: ThreadPoolExecutor) -> None:
    now = Later()
    with server(db, pool, now) as client:
        short_wakes(client)
        created = new_game(client, seats=BOTH, clock={"kind": "correspondence", "days": 1})
        gid = created["id"]
        play(client, created, 0, "E5")
        now.shift = 20 * 3600.0  # a slow answer within the day: every move has the whole day
        view = play(client, created, 1, "C3")
        assert view["clock"]["remaining"][1] == DAY
        now.shift += DAY - 60  # a minute before black's day is up: still playing
        assert client.get(f"/api/games/{gid}").json()["status"] == "playing"
        now.shift += 61
        view = wait_for(client, gid, lambda v: v["status"] == "finished")
        assert view["outcome"]["reason"] == "timeout"
        assert view["outcome"]["winners"] == [1]


def test_a_deadline_passed_while_the_server_was_down_is_applied_at_start(
    db: str, pool: ThreadPoolExecutor
) -> None:
    now = Later()
    with server(db, pool, now) as client:
        created = new_game(client, seats=BOTH, clock={"kind": "correspondence", "days": 3})
        gid = created["id"]
        play(client, created, 0, "E5")
        play(client, created, 1, "C3")
    now.shift = 2 * DAY  # down for two days: black has one left after the restart
    with server(db, pool, now) as client:
        short_wakes(client)
        view = client.get(f"/api/games/{gid}").json()
        assert view["status"] == "playing"
        assert view["clock"]["remaining"][0] == pytest.approx(DAY, abs=60)
    now.shift = 3 * DAY + 1  # down again past black's deadline
    with server(db, pool, now) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        assert gid in rooms.rooms  # re-armed from the database at start
        view = wait_for(client, gid, lambda v: v["status"] == "finished")
        assert (view["outcome"]["reason"], view["outcome"]["winners"]) == ("timeout", [1])
