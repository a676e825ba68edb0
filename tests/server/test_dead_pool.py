"""Go's dead-stone proposal is worked out in the worker pool, never on the event loop
(decision record 0075).

The pool here holds every proposal at a gate the test opens, so the test decides
when it arrives: meanwhile the server must answer other requests.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.play.computer import propose
from tabletop.server.app import create_app
from tests.server.conftest import UNLIMITED, new_game
from tests.server.test_rooms import wait_for
from tests.server.test_ws import until

# 9x9, Chinese, komi 7: walls D1-D9 (Black) and F1-F9 (White), Black H5 alone in
# White's area and White B5 in Black's; two passes end play. Dead: exactly B5 and H5.
BLACK = [f"D{row}" for row in range(1, 10)] + ["H5", "pass"]
WHITE = [f"F{row}" for row in range(1, 10)] + ["B5", "pass"]
OPTIONS = {"size": 9, "rules": "chinese", "komi": 7}


class GatedPool(Executor):
    """A thread pool whose dead-stone proposals wait for the test to open the gate."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.gate = threading.Event()
        self.started = 0
        self.finished = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if fn is not propose:
            return self.pool.submit(fn, *args, **kwargs)

        def gated() -> Any:
            with self.lock:
                self.started += 1
            self.gate.wait(timeout=60)
            try:
                return fn(*args, **kwargs)
            finally:
                with self.lock:
                    self.finished += 1

        return self.pool.submit(gated)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.gate.set()
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


@pytest.fixture
def gated() -> Iterator[GatedPool]:
    pool = GatedPool()
    yield pool
    pool.shutdown()


def app_client(db: str, pool: Executor) -> TestClient:
    return TestClient(create_app(db, executor=pool, grace=60, web_dir=None, limits=UNLIMITED))


def until_true(condition: Callable[[], bool]) -> None:
    for _ in range(1200):
        if condition():
            return
        time.sleep(0.025)
    raise AssertionError("not reached")


def play_to_scoring(client: TestClient) -> tuple[str, list[str], dict[str, Any]]:
    """A game played to the two passes; its id, tokens and the answer to the last pass."""
    created = new_game(
        client, options=OPTIONS, seats=[{"claim": True, "name": "B"}, {"claim": True}]
    )
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    answer: dict[str, Any] = {}
    for b, w in zip(BLACK, WHITE, strict=True):
        for seat, move in ((0, b), (1, w)):
            reply = client.post(
                f"/api/games/{gid}/moves", json={"token": tokens[seat], "move": move}
            )
            assert reply.status_code == 200, reply.text
            answer = reply.json()
    return gid, tokens, answer


def test_the_server_answers_while_the_dead_stones_are_worked_out(db: str, gated: GatedPool) -> None:
    with app_client(db, gated) as client:
        other = new_game(client)["id"]
        created = new_game(client, options=OPTIONS, seats=[{"claim": True}, {"claim": True}])
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            assert until(ws, "snapshot")["game"]["status"] == "playing"
            answer: dict[str, Any] = {}
            for b, w in zip(BLACK, WHITE, strict=True):
                for seat, move in ((0, b), (1, w)):
                    reply = client.post(
                        f"/api/games/{gid}/moves", json={"token": tokens[seat], "move": move}
                    )
                    assert reply.status_code == 200, reply.text
                    answer = reply.json()
            # The second pass is answered at once: the scoring phase waits for its proposal.
            assert answer["status"] == "scoring"
            assert answer["scoring"]["pending"] is True and answer["scoring"]["dead"] == []
            scoring = until(ws, "scoring")
            assert scoring["event"] == {"kind": "scoring", "dead": [], "pending": True}
            # The proposal is being worked out in the pool, and the server answers meanwhile.
            until_true(lambda: gated.started == 1)
            assert client.get(f"/api/games/{other}").status_code == 200
            assert client.get(f"/api/games/{gid}").json()["scoring"]["pending"] is True
            # Accepting waits for the proposal.
            ws.send_json({"type": "dead-accept"})
            refused = until(ws, "error")
            assert refused["code"] == "scoring"
            gated.gate.set()
            arrived = until(ws, "proposal")
            assert arrived["event"] == {"kind": "proposal", "dead": ["B5", "H5"]}
            shown = arrived["delta"]["set"]["scoring"]
            assert shown["dead"] == ["B5", "H5"] and shown["pending"] is False
            # Dead stones count for the side around them: B5 is Black's, H5 White's.
            assert shown["owners"][4][1] == "0" and shown["owners"][4][7] == "1"
        view = client.get(f"/api/games/{gid}").json()
        assert view["scoring"]["dead"] == ["B5", "H5"] and not view["scoring"]["pending"]


def test_a_proposal_for_a_phase_that_has_gone_is_dropped(db: str, gated: GatedPool) -> None:
    with app_client(db, gated) as client:
        gid, tokens, answer = play_to_scoring(client)
        assert answer["scoring"]["pending"] is True
        until_true(lambda: gated.started == 1)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            until(ws, "snapshot")
            ws.send_json({"type": "resume"})  # play goes on while the proposal is worked out
            until(ws, "resume")
        gated.gate.set()
        until_true(lambda: gated.finished == 1)
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        until_true(lambda: rooms.rooms[gid].proposal is None)
        view = client.get(f"/api/games/{gid}").json()
        assert view["status"] == "playing" and view["scoring"] is None
        with client.websocket_connect(f"/ws/games/{gid}?since=0") as ws:
            kinds = []
            while (message := ws.receive_json())["type"] != "snapshot":
                kinds.append(message["event"]["kind"])
        phase = [k for k in kinds if k in ("scoring", "resume", "proposal")]
        assert phase == ["scoring", "resume"]  # no proposal for the phase that has gone


def test_a_restarted_server_works_out_a_pending_proposal(db: str, tmp_path: Path) -> None:
    gated = GatedPool()
    try:
        with app_client(db, gated) as client:
            gid, _, answer = play_to_scoring(client)
            assert answer["scoring"]["pending"] is True
            until_true(lambda: gated.started == 1)  # stopped before it is worked out
    finally:
        gated.shutdown()
    with ThreadPoolExecutor(1) as pool, app_client(db, pool) as client:
        view = wait_for(client, gid, lambda v: not v["scoring"]["pending"])
        assert view["status"] == "scoring"
        assert view["scoring"]["dead"] == ["B5", "H5"]


class FailingProposals(Executor):
    """A pool whose dead-stone proposals fail, as a worker that dies would."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.failed = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if fn is not propose:
            return self.pool.submit(fn, *args, **kwargs)
        self.failed += 1
        failed: Future[Any] = Future()
        failed.set_exception(RuntimeError("the worker died"))
        return failed

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_a_proposal_whose_worker_fails_is_worked_out_again(db: str) -> None:
    pool = FailingProposals()
    try:
        with app_client(db, pool) as client:
            gid, _, answer = play_to_scoring(client)
            assert answer["scoring"]["pending"] is True
            view = wait_for(client, gid, lambda v: not v["scoring"]["pending"])
            assert pool.failed == 1
            # Not an empty proposal: the second try, in a thread, found the dead stones.
            assert view["scoring"]["dead"] == ["B5", "H5"]
    finally:
        pool.shutdown()
