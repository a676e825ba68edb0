"""The rematch after a game (server/rematch.py), and the move list's marks of captures."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient

from tabletop.server import protocol as p
from tabletop.server.app import create_app
from tests.server.conftest import UNLIMITED, new_game
from tests.server.test_ws import two_players, until


def place(ws: Any) -> dict[str, Any]:
    """The ``rematch`` frame (not the event of that name)."""
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "rematch":
            return message
    raise AssertionError("no rematch frame")


def test_both_players_ask_and_move_on_to_a_game_with_colours_swapped(client: TestClient) -> None:
    gid, ann, bob = two_players(client, clock={"kind": "fischer", "main": 300, "increment": 5})
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={ann}") as a,
        client.websocket_connect(f"/ws/games/{gid}?token={bob}") as b,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        own = until(a, "seat")["token"]  # the seat's own token (the invite is used up)
        until(b, "snapshot")
        a.send_json({"type": "rematch"})
        assert until(a, "error")["code"] == "bad-request"  # the game is not over
        a.send_json({"type": "resign"})
        until(b, "resign")
        a.send_json({"type": "rematch"})
        offer = until(b, "rematch-offer")
        assert offer["event"] == {"kind": "rematch-offer", "seat": 0}
        assert offer["delta"]["set"]["rematch"] == {"offers": [0], "game": None}
        a.send_json({"type": "rematch"})
        assert "already" in until(a, "error")["message"]
        b.send_json({"type": "rematch"})
        started = until(watcher, "rematch")
        new_id = started["event"]["game"]
        ann_there = place(a)
        bob_there = place(b)
        p.SERVER_MESSAGE.validate_python(ann_there)
        assert (ann_there["game"], ann_there["seat"]) == (new_id, 1)
        assert (bob_there["game"], bob_there["seat"]) == (new_id, 0)
    view = client.get(f"/api/games/{new_id}").json()
    assert view["status"] == "playing"
    assert [s["name"] for s in view["seats"]] == ["Bob", "Ann"]
    assert view["clock"]["kind"] == "fischer" and view["clock"]["increment"] == 5
    assert view["options"] == client.get(f"/api/games/{gid}").json()["options"]
    # The token works there: Bob, now Black, moves first.
    moved = client.post(
        f"/api/games/{new_id}/moves", json={"token": bob_there["token"], "move": "E5"}
    )
    assert moved.status_code == 200, moved.text
    # A player who comes back to the old game later is sent the place too.
    with client.websocket_connect(f"/ws/games/{gid}?token={ann_there['token']}") as late:
        assert late.receive_json()["code"] == "bad-token"  # that token is of the new game
    with client.websocket_connect(f"/ws/games/{gid}?token={own}") as back:
        assert place(back)["token"] == ann_there["token"]


def test_against_the_computer_one_ask_starts_it(client: TestClient) -> None:
    created = new_game(client, seats=[{"claim": True}, {"kind": "computer", "level": 1}])
    gid, token = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as a:
        until(a, "snapshot")
        a.send_json({"type": "resign"})
        until(a, "resign")
        a.send_json({"type": "rematch"})
        there = place(a)
    view = client.get(f"/api/games/{there['game']}").json()
    assert there["seat"] == 1
    assert [s["kind"] for s in view["seats"]] == ["computer", "person"]


def test_a_spectator_cannot_ask_and_is_counted(client: TestClient) -> None:
    gid, _, _ = two_players(client)
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        snapshot = until(watcher, "snapshot")
        assert snapshot["game"]["watchers"] == 1
        watcher.send_json({"type": "rematch"})
        assert until(watcher, "error")["code"] == "spectator"
        with client.websocket_connect(f"/ws/games/{gid}") as second:
            assert until(second, "snapshot")["game"]["watchers"] == 2
            assert until(watcher, "watchers") == {"type": "watchers", "count": 2}
        assert until(watcher, "watchers") == {"type": "watchers", "count": 1}


def test_a_capture_is_marked_in_the_move_list(client: TestClient) -> None:
    gid, ann, bob = two_players(client)
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={ann}") as a,
        client.websocket_connect(f"/ws/games/{gid}?token={bob}") as b,
    ):
        until(a, "snapshot")
        until(b, "snapshot")
        # White's A1 is taken by Black's B1 after A2.
        for sock, move in [(a, "A2"), (b, "A1"), (a, "B1")]:
            sock.send_json({"type": "move", "move": move})
            until(sock, "move")
    moves = client.get(f"/api/games/{gid}").json()["moves"]
    assert [m.get("took") for m in moves] == [None, None, 1]


def test_a_rematch_goes_on_after_a_restart(db: str, executor: ThreadPoolExecutor) -> None:
    """The offer, the new game and each player's place there are kept in storage: a
    server restarted between the offer and the accept, and again after it, still makes
    the rematch and gives a player who comes back to the old game a token that works."""

    def serve() -> TestClient:
        app = create_app(db, executor=executor, grace=0.2, web_dir=None, limits=UNLIMITED)
        return TestClient(app)

    with serve() as client:
        gid, ann_link, bob_link = two_players(client)
        with (
            client.websocket_connect(f"/ws/games/{gid}?token={ann_link}") as a,
            client.websocket_connect(f"/ws/games/{gid}?token={bob_link}") as b,
        ):
            ann = until(a, "seat")["token"]
            bob = until(b, "seat")["token"]
            a.send_json({"type": "resign"})
            until(b, "resign")
            a.send_json({"type": "rematch"})
            until(b, "rematch-offer")
    with serve() as client:  # restarted: the offer is still there
        assert client.get(f"/api/games/{gid}").json()["rematch"] == {"offers": [0], "game": None}
        with (
            client.websocket_connect(f"/ws/games/{gid}?token={ann}") as a,
            client.websocket_connect(f"/ws/games/{gid}?token={bob}") as b,
        ):
            assert until(b, "snapshot")["game"]["rematch"]["offers"] == [0]
            b.send_json({"type": "rematch"})
            bob_there = place(b)
            ann_there = place(a)
        new_id = bob_there["game"]
        assert (ann_there["game"], ann_there["seat"], bob_there["seat"]) == (new_id, 1, 0)
    with serve() as client:  # restarted again: Ann comes back to the old game
        with client.websocket_connect(f"/ws/games/{gid}?token={ann}") as back:
            again = place(back)
        assert again == ann_there
        assert client.get(f"/api/games/{gid}").json()["rematch"]["game"] == new_id
        for token, move in [(bob_there["token"], "E5"), (again["token"], "D4")]:
            moved = client.post(f"/api/games/{new_id}/moves", json={"token": token, "move": move})
            assert moved.status_code == 200, moved.text
        # The old invite links were used up: they hold no place in the rematch.
        with client.websocket_connect(f"/ws/games/{gid}?token={ann_link}") as stale:
            assert stale.receive_json()["type"] == "error"
