"""Request bodies are strict: a value of another JSON type is a 400 naming the field, never
coerced (``true`` or ``"10"`` for seconds, ``"9"`` for a board size, ``1`` for true)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import new_game


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"clock": {"kind": "absolute", "main": True}}, "clock.main"),
        ({"clock": {"kind": "absolute", "main": "10"}}, "clock.main"),
        ({"clock": {"kind": "fischer", "main": 10, "increment": "1"}}, "clock.increment"),
        ({"clock": {"kind": "byoyomi", "main": 10, "periods": 3.0, "period": 5}}, "clock.periods"),
        ({"options": {"size": "9"}}, "options.size: expected a whole number"),
        ({"options": {"size": True}}, "options.size: expected a whole number"),
        ({"options": {"size": 9.0}}, "options.size: expected a whole number"),
        ({"options": {"komi": "6.5"}}, "options.komi: expected a number"),
        ({"options": {"rules": 1}}, "options.rules: expected a string"),
        ({"seats": [{"claim": 1}, {}]}, "seats.0.claim"),
        ({"seats": [{"kind": "computer", "level": "3"}, {}]}, "seats.0.level"),
        ({"seats": [{"name": 5}, {}]}, "seats.0.name"),
    ],
)
def test_values_of_another_type_are_refused(
    client: TestClient, body: dict[str, object], where: str
) -> None:
    answer = client.post("/api/games", json={"game": "go", **body})
    assert answer.status_code == 400 and where in answer.json()["message"], answer.text


def test_clock_seconds_must_be_finite(client: TestClient) -> None:
    text = '{"game": "go", "clock": {"kind": "absolute", "main": NaN}}'
    answer = client.post("/api/games", content=text, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "clock.main" in answer.json()["message"]


def test_values_of_the_right_type_still_pass(client: TestClient) -> None:
    created = new_game(
        client,
        options={"size": 9, "komi": 7},  # a whole number is a number
        clock={"kind": "fischer", "main": 300, "increment": 2.5},
        seats=[{"claim": True, "name": "Ann"}, {"kind": "computer", "level": 1}],
    )
    assert created["game"]["options"]["komi"] == 7.0


def test_join_and_move_bodies_are_strict(client: TestClient) -> None:
    created = new_game(client)
    gid = created["id"]
    for body in ({"seat": "0"}, {"seat": True}, {"name": 3}):
        answer = client.post(f"/api/games/{gid}/join", json=body)
        assert answer.status_code == 400, answer.text
    token = created["seats"][0]["token"]
    for body in ({"token": token, "move": "E5", "ply": "0"}, {"token": token, "move": 5}):
        answer = client.post(
            f"/api/games/{gid}/moves",
            content=json.dumps(body),
            headers={"content-type": "application/json"},
        )
        assert answer.status_code == 400, answer.text
    assert client.get(f"/api/games/{gid}").json()["ply"] == 0


def test_the_openapi_schema_declares_the_errors_and_the_sgf_type(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    moves = paths["/api/games/{game_id}/moves"]["post"]["responses"]
    assert {"400", "403", "404", "409", "413", "429"} <= set(moves)
    assert "Retry-After" in moves["429"]["headers"]
    assert "409" in paths["/api/games/{game_id}/join"]["post"]["responses"]
    assert {"413", "429"} <= set(paths["/api/records"]["post"]["responses"])
    record = paths["/api/games/{game_id}/record"]["get"]["responses"]["200"]["content"]
    assert {"application/json", "application/x-go-sgf"} <= set(record)
