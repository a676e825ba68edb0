"""Seats changing hands: single-use invite links, lobby joins, hand-over links to another
device, and a token checked again on every action (decision record 0065)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.conftest import new_game

BOTH_DATABASES = True


def until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """Read messages until one of type ``kind`` or an event of that kind arrives."""
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind or message.get("event", {}).get("kind") == kind:
            return message
    raise AssertionError(f"no {kind} message")


def game_with_invite(client: TestClient) -> tuple[str, str, str]:
    """A Go game: Ann (seat 0) claimed by its creator, seat 1 open. (id, Ann's token, invite)."""
    created = new_game(client, seats=[{"claim": True, "name": "Ann"}, {}])
    return created["id"], created["seats"][0]["token"], created["seats"][1]["token"]


def test_an_invite_link_claims_its_seat_once(client: TestClient) -> None:
    gid, ann, invite = game_with_invite(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={invite}&name=Bob") as bob:
        seat = bob.receive_json()
        assert seat["type"] == "seat" and seat["seat"] == 1 and seat["token"] != invite
        assert bob.receive_json()["you"] == 1
        # The same link opened again (another browser): it only watches, and says why.
        with client.websocket_connect(f"/ws/games/{gid}?token={invite}&name=Eve") as eve:
            error = eve.receive_json()
            assert error["type"] == "error" and error["code"] == "invite-used"
            assert "used" in error["message"] and "watching" in error["message"]
            snapshot = eve.receive_json()
            assert snapshot["type"] == "snapshot" and snapshot["you"] is None
            assert snapshot["game"]["seats"][1]["name"] == "Bob"
            client.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "E5"})
            until(eve, "move")
            eve.send_json({"type": "move", "move": "D4", "ply": 1})
            assert until(eve, "error")["code"] == "spectator"
        # The used link is no token for HTTP either; the seat's new token is.
        stale = client.post(f"/api/games/{gid}/moves", json={"token": invite, "move": "D4"})
        assert stale.status_code == 403 and stale.json()["error"] == "bad-token"
        assert until(bob, "move")["event"]["move"] == "E5"
        bob.send_json({"type": "move", "move": "D4", "ply": 1})
        assert until(bob, "move")["event"] == {"kind": "move", "seat": 1, "move": "D4"}
    # Coming back with the new token holds the seat.
    with client.websocket_connect(f"/ws/games/{gid}?token={seat['token']}") as again:
        snapshot = again.receive_json()
        assert snapshot["type"] == "snapshot" and snapshot["you"] == 1
    moves = client.get(f"/api/games/{gid}").json()["moves"]
    assert [(m["seat"], m["move"]) for m in moves] == [(0, "E5"), (1, "D4")]


def test_a_lobby_join_uses_up_the_invite_link(client: TestClient) -> None:
    gid, _, invite = game_with_invite(client)
    joined = client.post(f"/api/games/{gid}/join", json={"name": "Bob"}).json()
    assert joined["seat"] == 1
    with client.websocket_connect(f"/ws/games/{gid}?token={invite}") as late:
        assert late.receive_json()["code"] == "invite-used"
        assert late.receive_json()["you"] is None
    again = client.post(f"/api/games/{gid}/join", json={"name": "Eve"})
    assert again.status_code == 409 and again.json()["error"] == "seat-taken"


def test_a_seat_goes_on_on_another_device(client: TestClient) -> None:
    gid, ann, invite = game_with_invite(client)
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={ann}") as old,
        client.websocket_connect(f"/ws/games/{gid}?token={invite}&name=Bob") as bob,
    ):
        assert old.receive_json()["you"] == 0
        until(bob, "snapshot")
        answer = client.post(f"/api/games/{gid}/handover", json={"token": ann})
        assert answer.status_code == 200, answer.text
        seat, link = answer.json()["seat"], answer.json()["link"]
        assert seat == 0 and link.startswith(f"/game/{gid}?token=")
        hand = link.split("token=")[1]
        # Until the link is opened, the old device keeps the seat.
        old.send_json({"type": "move", "move": "E5", "ply": 0})
        until(old, "move")
        with client.websocket_connect(f"/ws/games/{gid}?token={hand}") as new:
            fresh = new.receive_json()
            assert fresh["type"] == "seat" and fresh["seat"] == 0
            assert new.receive_json()["you"] == 0
            # Everyone hears that the seat changed hands; the old device is told and watches.
            changed = until(bob, "seat-changed")
            assert changed["event"] == {"kind": "seat-changed", "seat": 0, "name": "Ann"}
            until(old, "seat-changed")
            told = old.receive_json()
            assert told["type"] == "error" and told["code"] == "seat-moved"
            downgraded = old.receive_json()
            assert downgraded["type"] == "snapshot" and downgraded["you"] is None
            bob.send_json({"type": "move", "move": "D4", "ply": 1})
            until(new, "move")
            old.send_json({"type": "move", "move": "C3", "ply": 2})
            assert until(old, "error")["code"] == "spectator"
            new.send_json({"type": "move", "move": "C3", "ply": 2})
            while (got := until(bob, "move"))["event"]["move"] != "C3":
                pass
            assert got["event"]["seat"] == 0
            # The old token and the used link only watch now, saying why.
            for token, code in ((ann, "seat-moved"), (hand, "invite-used")):
                with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
                    assert ws.receive_json()["code"] == code
                    assert ws.receive_json()["you"] is None
            stale = client.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "A1"})
            assert stale.status_code == 403
    view = client.get(f"/api/games/{gid}").json()
    assert [m["move"] for m in view["moves"]] == ["E5", "D4", "C3"]
    assert view["seats"][0]["name"] == "Ann"


def test_hand_over_links_are_refused_without_a_seat(client: TestClient) -> None:
    gid, ann, invite = game_with_invite(client)
    forged = client.post(f"/api/games/{gid}/handover", json={"token": "forged"})
    assert forged.status_code == 403 and forged.json()["error"] == "bad-token"
    # An open seat's token is its invite link already.
    open_seat = client.post(f"/api/games/{gid}/handover", json={"token": invite})
    assert open_seat.status_code == 400 and "invite" in open_seat.json()["message"]
    # A newer link replaces one not yet opened.
    first = client.post(f"/api/games/{gid}/handover", json={"token": ann}).json()["link"]
    client.post(f"/api/games/{gid}/handover", json={"token": ann})
    with client.websocket_connect(first.replace("/game/", "/ws/games/")) as ws:
        assert ws.receive_json()["code"] == "bad-token"
    unknown = client.post("/api/games/nosuchgame00/handover", json={"token": ann})
    assert unknown.status_code == 404


def test_every_action_checks_the_token_again(client: TestClient) -> None:
    """A socket whose token stopped holding its seat by any path acts no more."""
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    gid, ann = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={ann}") as ws:
        assert ws.receive_json()["you"] == 0
        room = client.app.state.rooms.rooms[gid]  # type: ignore[attr-defined]
        room.hashes[0] = "0" * 64  # the seat's token replaced behind this socket's back
        ws.send_json({"type": "move", "move": "E5", "ply": 0})
        told = ws.receive_json()
        assert told["type"] == "error" and told["code"] == "seat-moved"
        assert ws.receive_json()["you"] is None
        ws.send_json({"type": "move", "move": "E5", "ply": 0})
        assert ws.receive_json()["code"] == "spectator"
    assert client.get(f"/api/games/{gid}").json()["ply"] == 0
