"""Hostile input: whatever a client sends, the answer is a clear error and nothing changes."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tabletop.server.protocol import CLIENT_TYPES
from tests.server.conftest import UNLIMITED, new_game

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and Infinity too: Python's JSON reader takes them
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ["type", "move", "ply", "accept", "point", "token", "extra"]


def messages(types: list[str]) -> st.SearchStrategy[str]:
    """Text frames: any text, any JSON, and objects with a message type and odd fields."""
    return st.one_of(
        st.text(max_size=200),
        json_values.map(json.dumps),
        st.fixed_dictionaries(
            {"type": st.sampled_from([*types, "MOVE", "", "x" * 100])},
            optional={f: json_values for f in FIELDS[1:]},
        ).map(json.dumps),
    )


#: For the seat not to move, in a game without computers, only resign would change anything.
hostile_messages = messages([t for t in CLIENT_TYPES if t != "resign"])


def post_json(client: TestClient, path: str, body: Any) -> Any:
    """POST ``body`` as JSON, NaN and Infinity included (the client's own encoder refuses them;
    a hostile client's does not)."""
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


def stable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what changes by itself (the server's time)."""
    return {k: v for k, v in view.items() if k != "clock"}


SETTINGS = settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_hostile_frames_get_errors_and_change_nothing(client: TestClient) -> None:
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    gid, token = created["id"], created["seats"][1]["token"]  # White: not to move
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        ws.receive_json()
        before = stable(client.get(f"/api/games/{gid}").json())

        @SETTINGS
        @given(hostile_messages)
        def check(text: str) -> None:
            ws.send_text(text)
            reply = ws.receive_json()
            if reply["type"] == "error":
                assert reply["code"] and reply["message"]
                assert stable(client.get(f"/api/games/{gid}").json()) == before
            else:
                assert reply["type"] in ("pong", "event", "hint"), reply

        check()


def test_spectators_change_nothing_whatever_they_send(client: TestClient) -> None:
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    gid = created["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.receive_json()
        before = stable(client.get(f"/api/games/{gid}").json())

        @SETTINGS
        @given(messages(list(CLIENT_TYPES)))
        def check(text: str) -> None:
            ws.send_text(text)
            assert ws.receive_json()["type"] in ("error", "pong")

        check()
        assert stable(client.get(f"/api/games/{gid}").json()) == before


def test_hostile_http_bodies_get_4xx_and_change_nothing(client: TestClient) -> None:
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    gid = created["id"]
    before = stable(client.get(f"/api/games/{gid}").json())
    paths = [
        "/api/games",
        f"/api/games/{gid}/join",
        f"/api/games/{gid}/moves",
        "/api/records",
        "/api/games/unknown/moves",
    ]

    @SETTINGS
    @given(st.sampled_from(paths), json_values)
    def check(path: str, body: Any) -> None:
        answer = post_json(client, path, body)
        assert answer.status_code < 500, answer.text
        if answer.status_code >= 400:
            error = answer.json()
            assert set(error) == {"error", "message", "params"} and error["message"]
            assert isinstance(error["params"], dict)
        if path != "/api/games" and path != "/api/records":
            assert stable(client.get(f"/api/games/{gid}").json()) == before

    check()


@settings(max_examples=60)
@given(
    st.sampled_from(["go", "abalone", "oust", "quoridor", "chess", ""]),
    st.dictionaries(
        st.sampled_from(["size", "players", "board", "side", "komi", "x"]), json_values
    ),
    st.one_of(
        st.none(),
        st.lists(
            st.dictionaries(st.sampled_from(["kind", "level", "name"]), json_values), max_size=5
        ),
    ),
    st.one_of(
        st.none(),
        st.dictionaries(
            st.sampled_from(["kind", "main", "increment", "periods", "period"]), json_values
        ),
    ),
)
def test_hostile_game_creation_is_a_4xx_or_a_game(
    game: str, options: dict[str, Any], seats: Any, clock: Any
) -> None:
    from concurrent.futures import ThreadPoolExecutor
    from tempfile import TemporaryDirectory

    from tabletop.server.app import create_app

    body = {"game": game, "options": options, "seats": seats, "clock": clock}
    with TemporaryDirectory() as tmp, ThreadPoolExecutor(1) as pool:
        app = create_app(f"{tmp}/db.sqlite", executor=pool, web_dir=None, limits=UNLIMITED)
        with TestClient(app) as client:
            answer = post_json(client, "/api/games", body)
            assert answer.status_code in (201, 400), answer.text


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (the value itself included)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*prefix, index))
    return found


def _changed(value: Any, path: tuple[Any, ...], new: Any, delete: bool) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    *parents, last = path
    target = copy
    for key in parents:
        target = target[key]
    if delete:
        del target[last]
    else:
        target[last] = new
    return copy


def test_broken_records_are_refused_or_replay_never_a_500(client: TestClient) -> None:
    created = new_game(client, seats=[{"claim": True}, {"claim": True}])
    gid, token = created["id"], created["seats"][0]["token"]
    client.post(f"/api/games/{gid}/moves", json={"token": token, "move": "E5"})
    token1 = created["seats"][1]["token"]
    client.post(f"/api/games/{gid}/moves", json={"token": token1, "move": "C3"})
    record = client.get(f"/api/games/{gid}/record").json()
    record["outcome"] = {
        "winners": [1],
        "returns": [-1, 1],
        "reason": "resignation",
        "detail": {"resigned": 0},
    }
    paths = _paths(record)

    @SETTINGS
    @given(
        st.lists(
            st.tuples(st.sampled_from(paths), json_values, st.booleans()), min_size=1, max_size=3
        )
    )
    # Once stored, then a 500 on its page: an outcome's detail given as a list of pairs.
    @example(changes=[(("outcome", "detail"), [[None, None]], False)])
    def check(changes: list[tuple[tuple[Any, ...], Any, bool]]) -> None:
        broken: Any = record
        for path, new, delete in changes:
            try:
                broken = _changed(broken, path, new, delete and bool(path))
            except (KeyError, IndexError, TypeError):
                continue  # an earlier change took that place away
        text = json.dumps(broken)
        answer = client.post("/api/records", json={"format": "json", "text": text})
        assert answer.status_code in (201, 400), answer.text
        if answer.status_code == 201:
            rid = answer.json()["id"]
            for path in (
                f"/api/games/{rid}",
                f"/api/games/{rid}/record",
                f"/api/games/{rid}?ply=0",
                f"/api/games/{rid}/record?format=sgf",
            ):
                assert client.get(path).status_code < 500, path

    check()


def test_a_record_naming_a_seat_that_does_not_exist_is_refused(client: TestClient) -> None:
    gid = new_game(client)["id"]
    record = client.get(f"/api/games/{gid}/record").json()
    for outcome, message in [
        ({"winners": [5], "returns": [1, -1], "reason": "resignation"}, "names seat 5"),
        ({"winners": [-1], "returns": [1, -1], "reason": "resignation"}, "names seat -1"),
        ({"winners": [0], "returns": [1, -1, 0], "reason": "timeout"}, "3 returns for 2 seats"),
        (
            {"winners": [0], "returns": [1, -1], "reason": "timeout", "detail": {"flagged": 9}},
            "names seat 9",
        ),
    ]:
        text = json.dumps({**record, "outcome": outcome})
        answer = client.post("/api/records", json={"format": "json", "text": text})
        assert answer.status_code == 400 and message in answer.json()["message"], answer.text
