"""Reviews over HTTP: start one, join it, watch its progress, read the stored document, a
restart, the limits, and a computer move never waiting behind a review."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tabletop.server.app import create_app
from tabletop.server.review_job import run_review
from tests.server.conftest import UNLIMITED, new_game
from tests.server.test_api import error

#: A short finished 9x9 game (White won by resignation).
SGF = "(;GM[1]FF[4]SZ[9]KM[6.5]RE[W+R];B[ee];W[cc];B[gg];W[gc];B[cg])"
#: How long a test waits for something that takes a moment (never a timing threshold).
PATIENCE = 120.0


class Gate:
    """A review job that reports its first position, then waits to be let go, then runs
    the real review (counting how many times a review was run)."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.runs: list[str] = []

    def __call__(self, job: dict[str, Any], report: Callable[[Any], None] | None) -> dict[str, Any]:
        self.runs.append(job["game_id"])
        if report is not None:
            report((job["game_id"], 1, 6))
        if not self.open.wait(PATIENCE):
            raise TimeoutError("the gate was never opened")
        return run_review(job, report)


def make_app(db: str, executor: ThreadPoolExecutor, **kwargs: Any) -> FastAPI:
    return create_app(
        db, executor=executor, web_dir=None, limits=UNLIMITED, review_level=1, **kwargs
    )


@pytest.fixture
def app(db: str, executor: ThreadPoolExecutor) -> FastAPI:
    return make_app(db, executor)


@pytest.fixture
def review_client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def upload(client: TestClient, text: str = SGF) -> str:
    answer = client.post("/api/records", json={"format": "sgf", "text": text})
    assert answer.status_code == 201, answer.text
    game_id: str = answer.json()["id"]
    return game_id


def wait_for(client: TestClient, game_id: str, *statuses: str, done: int = 0) -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        answer: dict[str, Any] = client.get(f"/api/games/{game_id}/review").json()
        if answer["status"] in statuses and answer["done"] >= done:
            return answer
        time.sleep(0.05)
    raise AssertionError(f"the review never became {statuses}: {answer}")


def test_review_runs_once_for_two_askers_and_is_kept(
    app: FastAPI, review_client: TestClient
) -> None:
    gate = Gate()
    app.state.reviews.job = gate
    gid = upload(review_client)
    assert review_client.get(f"/api/games/{gid}/review").json()["status"] == "none"
    first = review_client.post(f"/api/games/{gid}/review").json()
    assert first["status"] in ("queued", "running")
    running = wait_for(review_client, gid, "running", done=1)
    assert (running["done"], running["total"]) == (1, 6)  # progress from the worker
    second = review_client.post(f"/api/games/{gid}/review").json()  # joins the first
    assert second["status"] == "running"
    gate.open.set()
    done = wait_for(review_client, gid, "done")
    assert gate.runs == [gid]
    document = done["review"]
    assert document["game"] == "go" and [p["ply"] for p in document["plies"]] == [1, 2, 3, 4, 5]
    assert done["done"] == done["total"] == 6
    for ply in document["plies"]:
        assert abs(sum(ply["chances_after"]) - 1) < 1e-3
        assert len(ply["ownership"]) == 81 and isinstance(ply["score"], float)
    # Asked again, the kept review is answered without another run; the game is unchanged.
    again = review_client.post(f"/api/games/{gid}/review").json()
    assert again["status"] == "done" and again["review"] == document and gate.runs == [gid]
    view = review_client.get(f"/api/games/{gid}").json()
    assert view["status"] == "finished" and len(view["moves"]) == 5


def test_best_line_positions(review_client: TestClient) -> None:
    gid = upload(review_client)
    error(review_client.get(f"/api/games/{gid}/review/line?ply=1"), 400, "bad-request")
    review_client.post(f"/api/games/{gid}/review")
    document = wait_for(review_client, gid, "done")["review"]
    ply = document["plies"][2]
    before = review_client.get(f"/api/games/{gid}/review/line?ply=3").json()
    assert before["ply"] == 2 and before["moves"] == ["E5", "C7"]
    steps = len(ply["line"])
    after = review_client.get(f"/api/games/{gid}/review/line?ply=3&steps={steps}").json()
    assert after["moves"] == ["E5", "C7", *ply["line"]]
    message = error(
        review_client.get(f"/api/games/{gid}/review/line?ply=3&steps={steps + 1}"),
        400,
        "bad-request",
    )
    assert f"{steps} moves" in message
    assert "moves 1 to 5" in error(
        review_client.get(f"/api/games/{gid}/review/line?ply=9"), 400, "bad-request"
    )


def test_only_finished_games_are_reviewed(review_client: TestClient) -> None:
    created = new_game(review_client, seats=[{"name": "Ann", "claim": True}, {"name": "Bo"}])
    message = error(review_client.post(f"/api/games/{created['id']}/review"), 400, "bad-request")
    assert "finished" in message
    error(review_client.post("/api/games/nosuchgame/review"), 404, "unknown-game")
    error(review_client.get("/api/games/nosuchgame/review"), 404, "unknown-game")


def test_a_bad_upload_names_the_problem_and_the_move(review_client: TestClient) -> None:
    illegal = "(;GM[1]FF[4]SZ[9];B[ee];W[ee])"
    answer = review_client.post("/api/records", json={"format": "sgf", "text": illegal})
    message = error(answer, 400, "bad-request")
    assert "2" in message and "E5" in message.upper()


def test_limits_per_client_and_queue(db: str, executor: ThreadPoolExecutor) -> None:
    app = create_app(db, executor=executor, web_dir=None, limits=UNLIMITED, review_level=1)
    gate = Gate()
    app.state.reviews.job = gate
    app.state.reviews.per_client = 1
    with TestClient(app) as client:
        first, second = upload(client), upload(client)
        client.post(f"/api/games/{first}/review")
        message = error(client.post(f"/api/games/{second}/review"), 429, "rate-limited")
        assert "1 reviews" in message
        assert client.get(f"/api/games/{second}/review").json()["status"] == "none"
        app.state.reviews.per_client = 5
        app.state.reviews.max_waiting = 0
        wait_for(client, first, "running")
        error(client.post(f"/api/games/{second}/review"), 409, "busy")
        app.state.reviews.max_waiting = 4
        queued = client.post(f"/api/games/{second}/review").json()
        assert queued["status"] == "queued" and queued["ahead"] == 0
        gate.open.set()
        wait_for(client, first, "done")
        wait_for(client, second, "done")


def test_a_review_under_way_at_a_restart_runs_again(db: str, tmp_path: Path) -> None:
    gate = Gate()
    with ThreadPoolExecutor(1) as executor:
        app = make_app(db, executor)
        app.state.reviews.job = gate
        with TestClient(app) as client:
            gid = upload(client)
            client.post(f"/api/games/{gid}/review")
            wait_for(client, gid, "running")
        # The server stopped mid-review: the next one queues it again and finishes it.
        gate.open.set()
        again = make_app(db, executor)
        with TestClient(again) as client:
            done = wait_for(client, gid, "done")
    assert len(done["review"]["plies"]) == 5


def test_a_computer_move_does_not_wait_behind_a_review(
    app: FastAPI, review_client: TestClient
) -> None:
    gate = Gate()
    app.state.reviews.job = gate
    gid = upload(review_client)
    review_client.post(f"/api/games/{gid}/review")
    wait_for(review_client, gid, "running")
    created = new_game(
        review_client,
        seats=[{"name": "Ann", "claim": True}, {"kind": "computer", "level": 1}],
    )
    game = created["id"]
    token = created["seats"][0]["token"]
    answer = review_client.post(f"/api/games/{game}/moves", json={"token": token, "move": "E5"})
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + PATIENCE
    while len(review_client.get(f"/api/games/{game}").json()["moves"]) < 2:
        assert time.monotonic() < deadline, "the computer never answered"
        time.sleep(0.05)
    # The computer answered while the review was still running.
    assert review_client.get(f"/api/games/{gid}/review").json()["status"] == "running"
    gate.open.set()
    wait_for(review_client, gid, "done")
