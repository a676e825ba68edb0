"""The lessons' API and pages (decision record 0109): the games and their lessons, a lesson
played move by move statelessly, clear 4xx errors, /learn and /learn/<game> in the
player's language."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.play.lessons import courses
from tabletop.server.app import create_app
from tabletop.server.position_protocol import CourseOut, LessonOut


def post(client: TestClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    assert LessonOut.model_validate(data).model_dump(mode="json") == data
    return data


def test_the_games_with_lessons(client: TestClient) -> None:
    games = client.get("/api/learn").json()
    assert [g["game"] for g in games] == ["abalone", "go", "oust", "quoridor"]
    assert all(len(g["lessons"]) >= 8 for g in games)


@pytest.mark.parametrize("game", ["abalone", "go", "oust", "quoridor"])
def test_a_games_lessons_with_their_start_positions(client: TestClient, game: str) -> None:
    data = client.get(f"/api/learn/{game}").json()
    assert CourseOut.model_validate(data).model_dump(mode="json") == data
    for lesson in data["lessons"]:
        assert lesson["start"]["board"]["kind"] == game and lesson["start"]["legal"]
        assert lesson["goal_text"] and lesson["title"] and lesson["solution"]


def test_a_lesson_played_move_by_move(client: TestClient) -> None:
    path = "/api/learn/go/ko"
    start = post(client, path, {})
    assert start["result"] == "start" and start["moves"] == [] and start["view"]["to_move"] == 0
    wrong = post(client, path, {"move": "F5"})
    assert wrong["result"] == "wrong" and "ko rule" in wrong["feedback"]
    assert wrong["moves"] == []
    first = post(client, path, {"move": "B7", "mistakes": 1})
    assert first["result"] == "continue" and first["replies"] == [{"seat": 1, "move": "B9"}]
    done = post(client, path, {"moves": first["moves"], "move": "F5", "mistakes": 1})
    assert done["result"] == "reached" and done["stars"] == 2
    assert done["feedback"] == "You won the ko: a threat first, then the capture."


def test_every_solution_reaches_the_goal_through_the_api(client: TestClient) -> None:
    for c in courses():
        for lesson in c.lessons:
            moves: list[str] = []
            answer: dict[str, Any] = {}
            for move in lesson.solution:
                answer = post(client, f"/api/learn/{c.game}/{lesson.id}", {"moves": moves, "move": move})
                moves = answer["moves"]
            assert answer["result"] == "reached" and answer["stars"] == 3, (c.game, lesson.id)


@pytest.mark.parametrize(
    ("path", "body", "status", "words"),
    [
        ("/api/learn/chess/x", {}, 404, "unknown game 'chess'"),
        ("/api/learn/go/nope", {}, 404, "no lesson 'nope' in go"),
        ("/api/learn/go/capture", {"moves": ["E4"], "move": "D4"}, 400, "the lesson is over"),
        ("/api/learn/go/capture", {"moves": ["Q99"]}, 400, "move 1 (Q99): "),
        ("/api/learn/go/capture", {"moves": ["E4"] * 201}, 400, "at most 200"),
        ("/api/learn/go/capture", {"mistakes": -1}, 400, "mistakes: "),
        ("/api/learn/go/capture", {"move": "x" * 40}, 400, "move: "),
        ("/api/learn/go/capture", {"token": "x"}, 400, "token: Extra inputs"),
    ],
)
def test_bad_requests_get_a_clear_error(
    client: TestClient, path: str, body: dict[str, Any], status: int, words: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["message"]
    assert client.get("/api/learn/chess").status_code == 404


@pytest.fixture(scope="module")
def pages() -> Iterator[TestClient]:
    with ThreadPoolExecutor(1) as pool, TestClient(create_app(":memory:", executor=pool)) as c:
        yield c


def test_the_index_page_lists_every_game_and_lesson(pages: TestClient) -> None:
    text = pages.get("/learn?lang=en").text
    assert "Learn to play" in text and '<html lang="en">' in text
    for c in courses():
        assert f'href="/learn/{c.game}"' in text
        for lesson in c.lessons:
            assert lesson.texts["title"] in text


def test_a_game_page_and_an_unknown_one(pages: TestClient) -> None:
    page = pages.get("/learn/quoridor?lang=en")
    assert page.status_code == 200 and "Learn Quoridor" in page.text
    assert "/static/js/learn-game.js" in page.text
    missing = pages.get("/learn/chess", headers={"accept": "text/html"})
    assert missing.status_code == 404
