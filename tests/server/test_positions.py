"""``POST /api/position``: the board view of ``{game, options, setup, moves}`` for every game,
and one clear 4xx quoting what was wrong for bad input (decision record 0108)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server.position_protocol import PositionOut
from tests.conformance.test_setups import SETUPS


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_every_games_setup_and_moves_give_its_board_view(client: TestClient, name: str) -> None:
    options, setup = SETUPS[name]
    start = client.post("/api/position", json={"game": name, "options": options, "setup": setup})
    assert start.status_code == 200, start.text
    view = start.json()
    assert view["ply"] == 0 and view["status"] == "playing" and view["legal"]
    assert view["board"]["kind"] == name
    move = view["legal"][len(view["legal"]) // 2]
    body = {"game": name, "options": options, "setup": setup, "moves": [move]}
    after = client.post("/api/position", json=body).json()
    assert after["ply"] == 1 and after["moves"] == [move]
    assert PositionOut.model_validate(after).model_dump(mode="json") == after


def test_the_start_position_without_a_setup(client: TestClient) -> None:
    view = client.post("/api/position", json={"game": "go", "options": {"size": 9}}).json()
    assert view["to_move"] == 0 and len(view["legal"]) == 82
    assert [s["colour"] for s in view["seats"]] == ["black", "white"]


def test_a_capture_shows_on_the_board(client: TestClient) -> None:
    body = {
        "game": "go",
        "options": {"size": 9},
        "setup": {"black": ["D5", "C4", "E4"], "white": ["D4"], "to_move": "black"},
        "moves": ["D3"],
    }
    view = client.post("/api/position", json=body).json()
    assert "D4" not in {k.upper() for k in view["board"]["stones"]}
    assert view["to_move"] == 1


def test_a_finished_position_has_its_outcome(client: TestClient) -> None:
    body = {"game": "quoridor", "setup": {"pawns": ["e8", "a5"], "to_move": 0}, "moves": ["e9"]}
    view = client.post("/api/position", json=body).json()
    assert view["status"] == "finished" and view["legal"] == []
    assert view["outcome"]["winners"] == [0]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 404, "unknown game 'chess'"),
        ({"game": "go", "options": {"size": 99}}, 400, "size"),
        ({"game": "go", "options": {"size": "9"}}, 400, "options.size: expected a whole number"),
        ({"game": "go", "options": {"size": 9}, "moves": ["E5", "E5"]}, 400, "move 2 (E5): "),
        ({"game": "go", "options": {"size": 9}, "moves": ["Z99"]}, 400, "move 1 (Z99)"),
        ({"game": "go", "setup": {"black": ["A1"], "white": ["A2", "B1"]}}, 400, "no liberty"),
        ({"game": "go", "setup": [1, 2]}, 400, "setup"),
        ({"game": "oust", "setup": {"black": "a1", "to_move": "red"}}, 400, "to_move='red'"),
        ({"game": "abalone", "setup": {"marbles": {"0": ["z9"]}}}, 400, "'z9' is not a cell"),
        ({"game": "quoridor", "setup": {"pawns": ["e1"]}}, 400, "2 pawns needed"),
        ({"game": "go", "moves": ["D4"] * 201}, 400, "moves: List should have at most 200"),
        ({"game": "go", "setup": {"black": ["A1"] * 2000}}, 413, "at most 4000 characters"),
        ({"game": "go", "moves": "D4"}, 400, "moves: Input should be a valid list"),
        ({"game": "go", "colour": "red"}, 400, "colour: Extra inputs are not permitted"),
    ],
)
def test_bad_positions_get_one_message_quoting_what_was_wrong(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    answer = client.post("/api/position", json=body)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["message"], answer.json()
