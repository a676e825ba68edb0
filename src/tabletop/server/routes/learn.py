"""The lessons: ``/learn`` and ``/learn/{game}`` in the player's language, and the API that
plays a lesson statelessly (decision record 0109).

``GET /api/learn`` lists the games with lessons, ``GET /api/learn/{game}`` gives a game's
lessons (positions, goals, texts as msgids of the ``lessons`` catalog, each start drawn),
and ``POST /api/learn/{game}/{lesson}`` replays the moves sent, plays the new one, checks it
against the lesson (play/lessons.py) and answers with the replies and the position. The
pages render their titles in the page's language; their script does the rest.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from tabletop.core import game_info, load_game
from tabletop.play.lessons import Course, LessonError, course, courses, play
from tabletop.server.errors import ApiError, error_response
from tabletop.server.position_protocol import CourseOut, CourseSummary, LessonIn, LessonOut
from tabletop.server.positions import position_view

router = APIRouter()


def _course(game: str) -> Course:
    try:
        return course(game[:32].strip().lower())
    except LessonError as err:
        raise ApiError(err.code, err.message) from None


@router.get("/api/learn", response_model=list[CourseSummary])
async def learn_index() -> list[dict[str, Any]]:
    """Every game with lessons: its name, title and the lessons' ids in order."""
    return [
        {
            "game": c.game,
            "title": game_info(c.game).title,
            "lessons": [lesson.id for lesson in c.lessons],
        }
        for c in courses()
    ]


@router.get("/api/learn/{game}", response_model=CourseOut)
async def learn_course(game: str) -> dict[str, Any]:
    """A game's lessons in order, each with its start position drawn."""
    found = _course(game)
    return {
        "game": found.game,
        "title": game_info(found.game).title,
        "play_options": dict(found.play_options),
        "play_players": load_game(found.game, **found.play_options).num_players,
        "lessons": [
            {**lesson.public(), "start": position_view(lesson.start())} for lesson in found.lessons
        ],
    }


@router.post("/api/learn/{game}/{lesson_id}", response_model=LessonOut)
async def learn_move(game: str, lesson_id: str, body: LessonIn) -> dict[str, Any]:
    """Replay the lesson's moves, play ``move`` and answer what happened (a reply of the
    level-1 computer is searched off the event loop)."""
    try:
        lesson = _course(game).lesson(lesson_id)
        turn = await asyncio.to_thread(play, lesson, body.moves, body.move, body.mistakes)
    except LessonError as err:
        raise ApiError(err.code, err.message[:500], params=err.params) from None
    return {**turn.as_dict(), "view": position_view(turn.state)}


def _page(request: Request, name: str, **context: Any) -> Response:
    """A lessons page in the request's language; its own words come from the ``lessons``
    catalog, the layout's from the app's."""
    pages = getattr(request.app.state, "pages", None)
    if pages is None:
        return error_response(404, "not-found", "the browser app is not installed")
    return pages.render(request, name, domain="lessons", **context)  # type: ignore[no-any-return]


@router.get("/learn", include_in_schema=False)
async def learn_page(request: Request) -> Response:
    """The index of the lessons: every game with its lessons."""
    games = [{"game": c.game, "title": game_info(c.game).title, "course": c} for c in courses()]
    return _page(request, "learn_index.html", games=games)


@router.get("/learn/{game}", include_in_schema=False)
async def learn_game_page(request: Request, game: str) -> Response:
    """One game's lessons: the list, and the lesson being played (learn-game.js)."""
    try:
        found = course(game[:32].strip().lower())
    except LessonError:
        return _not_found(request)
    return _page(
        request, "learn_game.html", game=found.game, title=game_info(found.game).title, course=found
    )


def _not_found(request: Request) -> Response:
    pages = request.app.state.pages
    return pages.render(request, "404.html", status=404)  # type: ignore[no-any-return]
