"""Per-client limits: token buckets in bounded memory, 429 with Retry-After, client addresses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from tabletop.server.app import create_app
from tabletop.server.limits import Limits, RateLimiter, client_address, client_key
from tests.server.conftest import new_game
from tests.server.test_api import error


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_its_burst_then_one_per_interval() -> None:
    clock = FakeClock()
    limiter = RateLimiter(per_minute=60, burst=3, clock=clock)
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take("a") == pytest.approx(1.0)
    assert limiter.take("b") == 0.0  # another client has its own bucket
    clock.now = 1.0
    assert limiter.take("a") == 0.0
    assert limiter.take("a") > 0


@given(
    st.lists(st.tuples(st.floats(0, 5), st.integers(0, 3)), max_size=60),
    st.integers(1, 5),
    st.floats(1, 120),
)
def test_no_client_gets_more_than_burst_plus_rate_times_time(
    steps: list[tuple[float, int]], burst: int, per_minute: float
) -> None:
    clock = FakeClock()
    limiter = RateLimiter(per_minute, burst, clock=clock)
    allowed = [0, 0, 0, 0]
    for pause, key in steps:
        clock.now += pause
        if limiter.take(str(key)) == 0.0:
            allowed[key] += 1
    for count in allowed:
        assert count <= burst + clock.now * per_minute / 60 + 1e-9


def test_memory_is_bounded_by_forgetting_the_least_recent_client() -> None:
    limiter = RateLimiter(per_minute=1, burst=1, clients=100)
    for i in range(1000):
        limiter.take(f"10.0.{i // 256}.{i % 256}")
    assert len(limiter) == 100


def test_zero_per_minute_is_no_limit() -> None:
    limiter = RateLimiter(per_minute=0, burst=1)
    assert all(limiter.take("a") == 0.0 for _ in range(100))
    assert len(limiter) == 0


def test_forwarded_addresses_count_only_from_a_trusted_proxy() -> None:
    assert client_address("203.0.113.9", "198.51.100.1", ()) == "203.0.113.9"
    assert client_address("127.0.0.1", "198.51.100.1", ()) == "127.0.0.1"
    trusted = ("127.0.0.1",)
    assert client_address("127.0.0.1", "198.51.100.1", trusted) == "198.51.100.1"
    # The client may write its own X-Forwarded-For; the proxy appends what it saw.
    assert client_address("127.0.0.1", "1.2.3.4, 198.51.100.1", trusted) == "198.51.100.1"
    assert client_address("127.0.0.1", None, trusted) == "127.0.0.1"


def test_an_ipv6_client_is_its_64_network() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:198.51.100.7") == "198.51.100.7"
    assert client_key("testclient") == "testclient"


@pytest.fixture
def limited(db: str, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    limits = Limits(
        games_burst=3,
        games_per_minute=1,
        waiting_games=2,
        imports_burst=2,
        imports_per_minute=1,
        import_bytes=2_000,
        import_plies=4,
        hints_burst=1,
        hints_per_minute=1,
    )
    app = create_app(db, executor=executor, web_dir=None, limits=limits)
    with TestClient(app) as test_client:
        yield test_client


def started_game(client: TestClient) -> Any:
    return client.post(
        "/api/games",
        json={
            "game": "go",
            "options": {"size": 9},
            "seats": [{"claim": True}, {"claim": True}],
        },
    )


def test_creating_games_too_fast_is_429_with_retry_after(limited: TestClient) -> None:
    for _ in range(3):
        assert started_game(limited).status_code == 201
    answer = started_game(limited)
    message = error(answer, 429, "rate-limited")
    assert "new games" in message
    assert int(answer.headers["retry-after"]) >= 1
    # Another client (a trusted proxy is not configured: the header is not believed).
    forged = limited.post(
        "/api/games",
        json={"game": "go", "seats": [{"claim": True}, {"claim": True}]},
        headers={"X-Forwarded-For": "198.51.100.1"},
    )
    error(forged, 429, "rate-limited")


def test_games_waiting_for_players_are_capped_per_client(limited: TestClient) -> None:
    new_game(limited)
    new_game(limited)
    message = error(limited.post("/api/games", json={"game": "go"}), 429, "rate-limited")
    assert "waiting for players" in message


def test_a_trusted_proxy_names_the_client(db: str, executor: ThreadPoolExecutor) -> None:
    limits = Limits(games_burst=1, games_per_minute=1, trusted_proxies=("testclient",))
    app = create_app(db, executor=executor, web_dir=None, limits=limits)
    body = {"game": "go", "seats": [{"claim": True}, {"claim": True}]}
    with TestClient(app) as client:
        for address in ("198.51.100.1", "198.51.100.2"):
            headers = {"X-Forwarded-For": address}
            assert client.post("/api/games", json=body, headers=headers).status_code == 201
            error(client.post("/api/games", json=body, headers=headers), 429, "rate-limited")


def test_records_are_limited_in_rate_size_and_moves(limited: TestClient) -> None:
    long = json.dumps(
        {"game": "go", "options": {"size": 9}, "moves": ["A1", "B1", "C1", "D1", "E1"]}
    )
    assert "at most 4" in error(
        limited.post("/api/records", json={"format": "json", "text": long}), 413, "too-large"
    )
    big = json.dumps({"game": "go", "options": {"size": 9}, "moves": [], "pad": "x" * 3000})
    assert "at most 2000 bytes" in error(
        limited.post("/api/records", json={"format": "json", "text": big}), 413, "too-large"
    )
    short = json.dumps({"game": "go", "options": {"size": 9}, "moves": ["A1"]})
    error(limited.post("/api/records", json={"format": "json", "text": short}), 429, "rate-limited")


def test_hints_are_limited_per_client(limited: TestClient) -> None:
    created = limited.post(
        "/api/games",
        json={
            "game": "go",
            "options": {"size": 5},
            "seats": [{"claim": True}, {"kind": "computer", "level": 1}],
        },
    ).json()
    path = f"/ws/games/{created['id']}?token={created['seats'][0]['token']}"
    with limited.websocket_connect(path) as ws:
        assert ws.receive_json()["type"] == "snapshot"
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["type"] == "hint"
        ws.send_json({"type": "hint"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["code"] == "rate-limited"
        assert "try again in" in refused["message"]


def test_the_schema_declares_429(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "429" in paths["/api/games"]["post"]["responses"]
    assert "429" in paths["/api/records"]["post"]["responses"]


def test_a_client_over_its_rate_is_refused_before_its_body_is_read(
    db: str, executor: ThreadPoolExecutor
) -> None:
    limits = Limits(requests_burst=3, requests_per_minute=1)
    app = create_app(db, executor=executor, web_dir=None, limits=limits)
    with TestClient(app) as client:
        for _ in range(3):
            assert client.get("/api/catalog").status_code == 200
        # Not even parsed: a malformed body is refused for the rate, not the JSON.
        answer = client.post(
            "/api/games", content=b"{bad", headers={"content-type": "application/json"}
        )
        assert "too many requests" in error(answer, 429, "rate-limited")
        assert int(answer.headers["retry-after"]) >= 1
        error(client.get("/api/games/anything"), 429, "rate-limited")
        assert client.get("/openapi.json").status_code == 200  # only /api/ counts
