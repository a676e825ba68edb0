"""Chat over the game's WebSocket: who reads which side, text kept as sent, limits, muting,
lines kept with the game and given again to a socket that (re)connects."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletop.server.app import create_app
from tabletop.server.limits import RateLimiter
from tests.server.conftest import UNLIMITED, new_game
from tests.server.test_ws import until

BOTH_DATABASES = True

HOSTILE = [
    "<script>alert('x')</script>",
    '<img src=x onerror="alert(1)">',
    "'); DROP TABLE chat_lines; --",
    '&lt;b&gt; & "quotes" \\ "kind":"chat"',
    "Merhaba 🙂 ğüşıöç – Größe – één",
]


def players(client: TestClient) -> tuple[str, str, str]:
    """A Go game of Ann and Bob (both seats claimed): its id and their tokens."""
    created = new_game(
        client, seats=[{"claim": True, "name": "Ann"}, {"claim": True, "name": "Bob"}]
    )
    return created["id"], created["seats"][0]["token"], created["seats"][1]["token"]


def opened(client: TestClient, gid: str, token: str | None = None, **query: str) -> Any:
    params = "&".join(
        f"{k}={v}" for k, v in ({"token": token} if token else {}).items() | query.items()
    )
    return client.websocket_connect(f"/ws/games/{gid}" + (f"?{params}" if params else ""))


def said(ws: WebSocketTestSession, text: str) -> None:
    ws.send_json({"type": "chat", "text": text})


def next_chat(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next chat event this socket gets (whole or without its words)."""
    message = until(ws, "chat")
    assert message["type"] == "event", message
    event: dict[str, Any] = message["event"]
    return event


def quiet(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Everything the socket gets before the answer to a ping."""
    ws.send_json({"type": "ping"})
    got = []
    while (message := ws.receive_json())["type"] != "pong":
        got.append(message)
    return got


def test_players_read_the_players_and_spectators_the_spectators(client: TestClient) -> None:
    gid, ann, bob = players(client)
    with (
        opened(client, gid, ann) as a,
        opened(client, gid, bob) as b,
        opened(client, gid, name="Sue") as s,
    ):
        for ws in (a, b, s):
            until(ws, "snapshot")
        said(a, "good luck")
        line = {"kind": "chat", "channel": "players", "seat": 0, "name": "Ann", "text": "good luck"}
        for ws in (a, b):
            event = next_chat(ws)
            assert {k: event[k] for k in line} == line and event["at"] > 0
        assert next_chat(s) == {"kind": "chat"}  # its number, not its words
        said(s, "nice game")
        event = next_chat(s)
        assert (event["seat"], event["name"], event["text"]) == (None, "Sue", "nice game")
        for ws in (a, b):
            assert next_chat(ws) == {"kind": "chat"}
        said(b, "you too")
        assert next_chat(a)["text"] == "you too"
        assert next_chat(s) == {"kind": "chat"}


@pytest.mark.parametrize("text", HOSTILE)
def test_a_line_is_kept_exactly_as_sent_for_the_client_to_show_as_text(
    client: TestClient, text: str
) -> None:
    gid, ann, bob = players(client)
    with opened(client, gid, ann) as a, opened(client, gid, bob) as b:
        until(a, "snapshot")
        until(b, "snapshot")
        said(a, text)
        assert next_chat(b)["text"] == text
    with opened(client, gid, bob) as b:
        until(b, "snapshot")
        history = b.receive_json()
        assert history["type"] == "chat" and [x["text"] for x in history["lines"]] == [text]


@pytest.mark.parametrize(
    ("text", "params"),
    [
        ("", {"reason": "chat-empty"}),
        ("   \t ", {"reason": "chat-empty"}),
        ("tab\there", {"reason": "chat-control", "at": 4, "char": "U+0009"}),
        ("    ", {"reason": "chat-empty"}),
        ("x" * 501, {"reason": "chat-long", "max": 500, "length": 501}),
        (" " + "é" * 501 + " ", {"reason": "chat-long", "max": 500, "length": 501}),
        ("bell\x07", {"reason": "chat-control", "at": 5, "char": "U+0007"}),
        ("two\nlines", {"reason": "chat-control", "at": 4, "char": "U+000A"}),
        ("abc\u202edcba", {"reason": "chat-control", "at": 4, "char": "U+202E"}),
        ("nul\x00", {"reason": "chat-control", "at": 4, "char": "U+0000"}),
        ("c1\x9b", {"reason": "chat-control", "at": 3, "char": "U+009B"}),
    ],
)
def test_hostile_lines_get_one_clear_error_and_change_nothing(
    client: TestClient, text: str, params: dict[str, Any]
) -> None:
    gid, ann, bob = players(client)
    with opened(client, gid, ann) as a:
        until(a, "snapshot")
        said(a, text)
        error = a.receive_json()
        assert (error["type"], error["code"], error["params"]) == ("error", "bad-chat", params)
        assert quiet(a) == []  # one frame, nothing after it
    with opened(client, gid, bob, since="0") as b:  # every event of the game, then no lines
        got = []
        while (message := b.receive_json())["type"] != "snapshot":
            got.append(message["event"]["kind"])
        assert "chat" not in got
        assert quiet(b) == []


def test_the_longest_line_and_odd_frames(client: TestClient) -> None:
    gid, ann, bob = players(client)
    with opened(client, gid, ann) as a, opened(client, gid, bob) as b:
        until(a, "snapshot")
        until(b, "snapshot")
        said(a, "  " + "ü" * 500 + "  ")
        assert next_chat(b)["text"] == "ü" * 500  # trimmed, then counted
        next_chat(a)
        for frame, code in [
            ({"type": "chat"}, "bad-message"),
            ({"type": "chat", "text": 5}, "bad-message"),
            ({"type": "chat", "text": "hi", "to": "all"}, "bad-message"),
            ({"type": "chat-mute", "mute": "yes"}, "bad-message"),
        ]:
            a.send_text(json.dumps(frame))
            assert a.receive_json()["code"] == code, frame
        a.send_text('{"type": "chat", "text": "\\ud800"}')  # a lone surrogate
        error = a.receive_json()
        assert error["params"] == {"reason": "chat-control", "at": 1, "char": "U+D800"}


def test_a_flood_gets_one_error_and_the_limit_is_per_client(
    db: str, executor: ThreadPoolExecutor
) -> None:
    app = create_app(db, executor=executor, web_dir=None, limits=UNLIMITED)
    with TestClient(app) as client:
        # A clock that stands still: the bucket never refills during the test.
        app.state.limits.chat = RateLimiter(20, 5, clock=lambda: 0.0)
        gid, ann, bob = players(client)
        with opened(client, gid, ann) as a, opened(client, gid, bob) as b:
            until(a, "snapshot")
            until(b, "snapshot")
            for n in range(3):
                said(a, f"line {n}")
            for n in range(2):
                said(b, f"answer {n}")  # the same client (one address): its bucket too
            texts = {next_chat(a)["text"] for _ in range(5)}
            assert texts == {"line 0", "line 1", "line 2", "answer 0", "answer 1"}
            said(a, "one too many")
            error = a.receive_json()
            assert error["code"] == "rate-limited"
            assert error["params"] == {"reason": "chat-flood", "seconds": 3}
            for n in range(20):
                said(a, f"flood {n}")
            assert quiet(a) == []  # told once
            said(a, "")  # a bad line is still said to be bad
            assert a.receive_json()["params"]["reason"] == "chat-empty"
        # Only the five lines were stored: nothing of the flood, nor the bad line. (The
        # sockets' closing may add "left" events meanwhile: they are not counted.)
        stored = client.portal.call(app.state.rooms.store.events_since, gid, 0)
        lines = sorted(event["text"] for _, event in stored if event["kind"] == "chat")
        assert lines == ["answer 0", "answer 1", "line 0", "line 1", "line 2"]


def test_a_player_mutes_the_others_for_that_game(client: TestClient) -> None:
    gid, ann, bob = players(client)
    with opened(client, gid, ann) as a, opened(client, gid, bob) as b:
        until(a, "snapshot")
        until(b, "snapshot")
        said(a, "before")
        assert next_chat(b)["text"] == "before"
        b.send_json({"type": "chat-mute", "mute": True})
        told = until(b, "chat-mute")["event"]
        assert told == {"kind": "chat-mute", "seat": 1, "mute": True}
        history = until(b, "chat")
        assert (history["type"], history["muted"], history["lines"]) == ("chat", True, [])
        assert until(a, "chat-mute")["event"] == {"kind": "chat-mute"}  # Ann is not told
        said(a, "muted?")
        assert next_chat(b) == {"kind": "chat"}
        said(b, "my own line")
        assert next_chat(b)["text"] == "my own line"
        assert [next_chat(a)["text"] for _ in range(2)] == ["muted?", "my own line"]
    with opened(client, gid, bob) as b:  # stored per seat: still muted on a new socket
        until(b, "snapshot")
        history = b.receive_json()
        assert history["muted"] and [x["text"] for x in history["lines"]] == ["my own line"]
        b.send_json({"type": "chat-mute", "mute": False})
        history = until(b, "chat")
        while history["type"] != "chat":
            history = until(b, "chat")
        texts = [x["text"] for x in history["lines"]]
        assert not history["muted"] and texts == ["before", "muted?", "my own line"]
    with opened(client, gid, name="Sue") as s:
        until(s, "snapshot")
        s.send_json({"type": "chat-mute", "mute": True})
        assert s.receive_json()["code"] == "spectator"


def test_lines_are_kept_with_the_game_and_given_to_a_socket_that_reconnects(
    db: str, executor: ThreadPoolExecutor
) -> None:
    with TestClient(create_app(db, executor=executor, web_dir=None, limits=UNLIMITED)) as client:
        gid, ann, bob = players(client)
        with opened(client, gid, ann) as a, opened(client, gid, name="Sue") as s:
            until(a, "snapshot")
            seq = until(s, "snapshot")["seq"]
            said(a, "first")
            said(s, "watching")
            next_chat(a)
        # Caught up by number: the spectator's own line whole, the players' without words.
        with opened(client, gid, since=str(seq), name="Sue") as s:
            events = [s.receive_json()["event"] for _ in range(2)]
            assert events[0] == {"kind": "chat"}
            assert events[1]["text"] == "watching"
    with TestClient(create_app(db, executor=executor, web_dir=None, limits=UNLIMITED)) as client:
        with opened(client, gid, bob) as b:  # after a restart
            until(b, "snapshot")
            history = b.receive_json()
            assert history["channel"] == "players"
            assert [(x["seat"], x["name"], x["text"]) for x in history["lines"]] == [
                (0, "Ann", "first")
            ]
        with opened(client, gid) as s:
            until(s, "snapshot")
            history = s.receive_json()
            assert history["channel"] == "spectators"
            assert [(x["seat"], x["name"], x["text"]) for x in history["lines"]] == [
                (None, "Sue", "watching")
            ]


def test_no_chat_in_a_game_against_the_computer_only(client: TestClient) -> None:
    created = new_game(
        client, options={"size": 5}, seats=[{"claim": True}, {"kind": "computer", "level": 1}]
    )
    gid, token = created["id"], created["seats"][0]["token"]
    with opened(client, gid, token) as a, opened(client, gid) as s:
        until(a, "snapshot")
        until(s, "snapshot")
        for ws in (a, s):
            said(ws, "hello")
            assert until(ws, "error")["code"] == "no-chat"
        a.send_json({"type": "chat-mute", "mute": True})
        assert until(a, "error")["code"] == "no-chat"


@pytest.mark.timeout(90)
def test_lines_cross_processes_on_the_redis_bus_each_to_its_side(
    db: str, executor: ThreadPoolExecutor, redis_server: Any
) -> None:
    """Ann's socket on one process, Bob's and a spectator's on another: the same
    publish path as moves carries the lines, and each side reads only its own."""

    def app() -> TestClient:
        made = create_app(
            db, executor=executor, web_dir=None, limits=UNLIMITED, bus=redis_server.url
        )
        return TestClient(made)

    with app() as first, app() as second:
        gid, ann, bob = players(first)
        with (
            opened(first, gid, ann) as a,
            opened(second, gid, bob) as b,
            opened(second, gid, name="Sue") as s,
        ):
            for ws in (a, b, s):
                until(ws, "snapshot")
            said(a, "from the first process")
            assert next_chat(b)["text"] == "from the first process"
            assert next_chat(s) == {"kind": "chat"}
            said(s, "from the second")
            assert next_chat(s)["text"] == "from the second"
            assert next_chat(a)["text"] == "from the first process"  # its own line
            assert next_chat(a) == {"kind": "chat"}  # the spectator's, without words
