"""The WebSocket per game: snapshots, events in order, catch-up, seats, spectators, errors."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.server.app import create_app
from tests.server.conftest import new_game

BOTH_DATABASES = True


def two_players(client: TestClient, **body: Any) -> tuple[str, str, str]:
    created = new_game(client, seats=[{"name": "Ann"}, {"name": "Bob"}], **body)
    return created["id"], created["seats"][0]["token"], created["seats"][1]["token"]


def until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """Read messages until an event of ``kind`` (or a message of that type) arrives."""
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind or message.get("event", {}).get("kind") == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_invite_links_claim_seats_and_moves_reach_everyone(client: TestClient) -> None:
    gid, ann, bob = two_players(client)
    with (
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
        client.websocket_connect(f"/ws/games/{gid}?token={ann}&name=Ann") as a,
    ):
        # The invite link claims the seat: the socket gets the seat's own new token first.
        first = a.receive_json()
        assert first["type"] == "seat" and first["seat"] == 0 and first["token"] != ann
        snapshot = a.receive_json()
        assert snapshot["type"] == "snapshot" and snapshot["you"] == 0
        assert snapshot["game"]["seats"][0] | {"connected": True} == {
            **snapshot["game"]["seats"][0],
            "claimed": True,
            "name": "Ann",
        }
        assert spectator.receive_json()["you"] is None
        joined = until(spectator, "joined")
        assert joined["event"] == {"kind": "joined", "seat": 0, "name": "Ann"}
        with client.websocket_connect(f"/ws/games/{gid}?token={bob}") as b:
            assert b.receive_json()["type"] == "seat"
            assert b.receive_json()["you"] == 1
            assert until(a, "joined")["delta"]["set"]["status"] == "playing"
            a.send_json({"type": "move", "move": "e5", "ply": 0})
            got = until(b, "move")
            assert got["event"] == {"kind": "move", "seat": 0, "move": "E5"}
            assert got["seq"] == got["delta"]["set"]["seq"] == 3
            assert until(spectator, "move")["seq"] == 3
            spectator.send_json({"type": "move", "move": "D4"})
            assert spectator.receive_json()["code"] == "spectator"
            spectator.send_json({"type": "ping"})
            assert spectator.receive_json() == {"type": "pong"}
            b.send_json({"type": "move", "move": "D4"})
            a.send_json({"type": "move", "move": "D4"})
            assert until(a, "error")["code"] in ("not-your-turn", "illegal-move")


def test_reconnect_receives_what_it_missed(client: TestClient) -> None:
    gid, ann, bob = two_players(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={ann}") as a:
        a.receive_json()
        with client.websocket_connect(f"/ws/games/{gid}?token={bob}") as b:
            bob = b.receive_json()["token"]  # the seat's own token, for coming back
            b.receive_json()
            a.send_json({"type": "move", "move": "E5"})
            seq = until(b, "move")["seq"]
            b.send_json({"type": "move", "move": "C3"})
            until(b, "move")
        with client.websocket_connect(f"/ws/games/{gid}?token={bob}&since={seq}") as b:
            missed = [b.receive_json()]
            while missed[-1]["type"] != "snapshot":
                missed.append(b.receive_json())
            *events, snapshot = missed
            # C3, Bob's leaving, his coming back: for the record (no delta); then the view.
            assert [m["seq"] for m in events] == list(range(seq + 1, seq + 1 + len(events)))
            assert events[0]["event"]["kind"] == "move" and events[0]["event"]["move"] == "C3"
            assert all(m["delta"] is None for m in events)
            assert snapshot["seq"] == events[-1]["seq"]
    with client.websocket_connect(f"/ws/games/{gid}?since=999") as late:
        assert late.receive_json()["type"] == "snapshot"
    # A since that is not a plain number (a superscript is a digit to isdigit(), not
    # to int()) is ignored: the client gets the snapshot.
    for odd in ("%C2%B2", "-1", "1e3", "x"):
        with client.websocket_connect(f"/ws/games/{gid}?since={odd}") as odd_client:
            assert odd_client.receive_json()["type"] == "snapshot"


def test_forged_tokens_unknown_games_and_bad_frames(client: TestClient) -> None:
    gid, ann, _ = two_players(client)
    with client.websocket_connect(f"/ws/games/{gid}?token=forged") as ws:
        assert ws.receive_json() == {
            "type": "error",
            "code": "bad-token",
            "message": "this token holds no seat of this game",
            "params": {},
        }
    with client.websocket_connect("/ws/games/unknown") as ws:
        assert ws.receive_json()["code"] == "unknown-game"
    with client.websocket_connect(f"/ws/games/{gid}?token={ann}") as ws:
        before = until(ws, "snapshot")["game"]
        for text, code in [
            ("x" * 20_000, "too-large"),
            ("[1, 2]", "bad-message"),
            ('{"type": "teleport"}', "unknown-type"),
            ('{"type": "move"}', "bad-message"),
            ('{"type": "move", "move": 5}', "bad-message"),
            ('{"type": "undo-answer", "accept": "yes"}', "bad-message"),
            ('{"type": "move", "move": "E5"}', "waiting"),
        ]:
            ws.send_text(text)
            assert ws.receive_json()["code"] == code, text
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["code"] == "bad-message"
    after = client.get(f"/api/games/{gid}").json()
    assert after["moves"] == before["moves"] and after["ply"] == 0


def against_the_computer(client: TestClient) -> str:
    """The socket address of a person's seat in a new 5x5 Go game against level 1."""
    created = new_game(
        client, options={"size": 5}, seats=[{"claim": True}, {"kind": "computer", "level": 1}]
    )
    return f"/ws/games/{created['id']}?token={created['seats'][0]['token']}"


def test_the_computer_answers_and_undo_is_free(client: TestClient) -> None:
    with client.websocket_connect(against_the_computer(client)) as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "C3"})
        until(ws, "move")
        reply = until(ws, "move")
        assert reply["event"]["seat"] == 1
        ws.send_json({"type": "hint"})
        hint = until(ws, "hint")
        assert hint["moves"] and {"move", "share", "value", "chance", "visits"} <= set(
            hint["moves"][0]
        )
        assert len(hint["wins"]) == 2 and abs(sum(hint["wins"]) - 1.0) < 1e-3
        ws.send_json({"type": "undo-request"})
        undo = until(ws, "undo")
        assert undo["event"] == {"kind": "undo", "plies": 2} and undo["delta"]["set"]["ply"] == 0
        assert undo["delta"]["moves"] == {"keep": 0, "add": []}


@pytest.mark.parametrize("failures", [1, 2])
def test_a_computer_whose_search_fails_still_moves(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, failures: int
) -> None:
    """Once: the move is thought again in a thread. Twice: the first legal move is played.
    Either way the game goes on instead of waiting for ever."""
    from tabletop.play import computer

    calls: list[int] = []

    def failing_think(job: dict[str, Any]) -> str:
        calls.append(1)
        if len(calls) <= failures:
            raise RuntimeError("worker died")
        return computer.think(job)

    monkeypatch.setattr("tabletop.server.rooms.think", failing_think)
    with client.websocket_connect(against_the_computer(client)) as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "C3"})
        until(ws, "move")
        reply = until(ws, "move")
        assert reply["event"]["seat"] == 1 and reply["delta"]["set"]["to_move"] == 0
    assert len(calls) == 2


def test_a_hint_that_fails_is_an_error_frame_and_the_game_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing_hint(job: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("worker died")

    monkeypatch.setattr("tabletop.server.rooms.hint", failing_hint)
    with client.websocket_connect(against_the_computer(client)) as ws:
        ws.receive_json()
        ws.send_json({"type": "hint"})
        assert until(ws, "error")["code"] == "hint-failed"
        ws.send_json({"type": "move", "move": "C3"})  # the same connection plays on
        assert until(ws, "move")["event"]["seat"] == 0


def test_no_hint_without_a_computer(client: TestClient) -> None:
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    token = created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{created['id']}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "no-hint"


def test_flag_fall_ends_the_game(client: TestClient) -> None:
    created = new_game(
        client, seats=[{"claim": True}, {"claim": True}], clock={"kind": "absolute", "main": 0.3}
    )
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        ws.receive_json()
        timeout = until(ws, "timeout")
        assert timeout["event"] == {"kind": "timeout", "seat": 0}
        end = until(ws, "end")
        assert end["delta"]["set"]["status"] == "finished"
        assert end["delta"]["set"]["outcome"]["reason"] == "timeout"


def test_a_player_who_leaves_a_three_player_game_is_replaced(client: TestClient) -> None:
    created = new_game(
        client, game="abalone", options={"players": 3}, seats=[{}, {"claim": True}, {"claim": True}]
    )
    gid, token = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        assert until(ws, "snapshot")["you"] == 0
    with client.websocket_connect(f"/ws/games/{gid}") as spectator:
        spectator.receive_json()
        replaced = until(spectator, "replaced")
        assert replaced["event"] == {"kind": "replaced", "seat": 0, "level": 3}
        assert replaced["delta"]["set"]["seats"][0]["kind"] == "computer"
        until(spectator, "move")  # the computer plays for seat 0


def test_restarted_server_has_the_game_and_its_clock(db: str) -> None:
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db, executor=pool, web_dir=None)) as client,
    ):
        created = new_game(
            client,
            seats=[{"claim": True}, {"claim": True}],
            clock={"kind": "fischer", "main": 600, "increment": 5},
        )
        gid, token = created["id"], created["seats"][0]["token"]
        client.post(f"/api/games/{gid}/moves", json={"token": token, "move": "E5"})
        before = client.get(f"/api/games/{gid}").json()
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db, executor=pool, web_dir=None)) as client,
    ):
        after = client.get(f"/api/games/{gid}").json()
        assert after["moves"] == before["moves"] and after["seq"] == before["seq"]
        assert after["clock"]["running"] == 1
        assert after["clock"]["remaining"][0] == before["clock"]["remaining"][0]
        assert after["clock"]["remaining"][1] <= before["clock"]["remaining"][1]
        other = created["seats"][1]["token"]
        view = client.post(f"/api/games/{gid}/moves", json={"token": other, "move": "C3"}).json()
        assert view["ply"] == 2


def test_a_move_sent_while_a_hint_waits_is_played_and_the_hint_is_dropped(db: str) -> None:
    release = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        pool.submit(release.wait, 10)  # the only worker is busy until released
        app = create_app(db, executor=pool, web_dir=None)
        with TestClient(app) as client:
            created = new_game(client, seats=[{}, {"kind": "computer", "level": 1}])
            gid, token = created["id"], created["seats"][0]["token"]
            with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
                assert until(ws, "snapshot")["game"]["status"] == "playing"
                ws.send_json({"type": "hint"})
                ws.send_json({"type": "move", "move": "E5", "ply": 0})
                # The socket is not held up by the hint waiting for a worker.
                played = ws.receive_json()
                assert played["event"] == {"kind": "move", "seat": 0, "move": "E5"}
                release.set()
                dropped, reply = ws.receive_json(), ws.receive_json()
                assert dropped["type"] == "error" and dropped["code"] == "stale"
                assert reply["event"]["kind"] == "move" and reply["event"]["seat"] == 1
