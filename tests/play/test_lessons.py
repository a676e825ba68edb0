"""The lessons (decision record 0109): every lesson's solution, replayed through the rules
engine, reaches its goal within its budget; wrong moves get the lesson's feedback; the data
is checked when read; the goal checks know no game by name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import list_games
from tabletop.play import goals, lessons
from tabletop.play.lessons import Lesson, LessonError, course, courses, play, read_course

ALL = [pytest.param(lesson, id=f"{c.game}/{lesson.id}") for c in courses() for lesson in c.lessons]


def play_solution(lesson: Lesson) -> lessons.Turn:
    """Play the lesson's solution as the browser does: each move with the moves so far."""
    moves: list[str] = []
    turn = play(lesson, moves, None)
    assert turn.result == "start", (turn.result, turn.feedback)
    for move in lesson.solution:
        turn = play(lesson, moves, move)
        assert turn.result in ("continue", "reached"), (move, turn.result, turn.feedback)
        moves = turn.as_dict()["moves"]
    return turn


def test_every_game_has_at_least_eight_lessons() -> None:
    assert {c.game for c in courses()} == {info.name for info in list_games()}
    for c in courses():
        assert len(c.lessons) >= 8, c.game


@pytest.mark.parametrize("lesson", ALL)
def test_every_solution_reaches_its_goal_with_three_stars(lesson: Lesson) -> None:
    turn = play_solution(lesson)
    assert turn.result == "reached"
    assert turn.stars == 3 and turn.progress.moves <= lesson.budget
    assert turn.feedback == lesson.texts["success"]
    # Sent again, the same moves are still the goal reached (the page reloaded).
    again = play(lesson, turn.as_dict()["moves"], None)
    assert again.result == "reached" and again.stars == 3


@pytest.mark.parametrize("lesson", [p for p in ALL if p.values[0].strict])  # type: ignore[union-attr]
def test_a_wrong_move_gets_the_feedback_and_is_taken_back(lesson: Lesson) -> None:
    start = lesson.start()
    accepted = lesson.accepted(start, 0)
    wrong = next(m for m in map(start.format_move, start.legal_moves()) if m not in accepted)
    turn = play(lesson, [], wrong)
    assert turn.result == "wrong" and turn.as_dict()["moves"] == []
    assert turn.feedback in {lesson.texts["feedback"], *(m.text for m in lesson.mistakes)}


def test_mistakes_and_extra_moves_cost_stars() -> None:
    lesson = course("go").lesson("capture")
    assert play(lesson, [], "E4", mistakes=1).stars == 2
    assert play(lesson, [], "E4", mistakes=5).stars == 1
    free = course("quoridor").lesson("steps")
    moves: list[str] = []
    for move in ["d1", "e1", "e2", "e3"]:
        turn = play(free, moves, move)
        moves = turn.as_dict()["moves"]
    turn = play(free, moves, "e4")
    assert turn.result == "reached" and turn.stars == 1  # two moves over the budget


def test_a_free_lesson_is_lost_past_its_limit_or_when_the_game_ends() -> None:
    racing = course("quoridor").lesson("racing")
    moves: list[str] = []
    turn = play(racing, moves, "e5")  # the wrong way: North wins the race
    while turn.result == "continue":
        moves = turn.as_dict()["moves"]
        turn = play(racing, moves, turn.state.format_move(turn.state.legal_moves()[0]))
    assert turn.result == "failed" and turn.feedback == racing.texts["feedback"]


def test_replies_name_their_seat() -> None:
    lesson = course("abalone").lesson("three-players")
    turn = play(lesson, [], "f6g7")
    assert turn.replies == [{"seat": 1, "move": "a5a4"}, {"seat": 2, "move": "e9e8"}]


@pytest.mark.parametrize(
    ("moves", "move", "words"),
    [
        (["Z9"], None, "move 1 (Z9): "),
        (["E4"], "D4", "the lesson is over"),
        ([], "nonsense", "move 'nonsense'"),
    ],
)
def test_bad_requests_name_what_is_wrong(moves: list[str], move: str | None, words: str) -> None:
    lesson = course("go").lesson("capture")
    with pytest.raises(LessonError, match=re.escape(words)):
        play(lesson, moves, move)


def test_unknown_games_and_lessons() -> None:
    with pytest.raises(LessonError, match="unknown game 'chess'"):
        course("chess")
    with pytest.raises(LessonError, match="no lesson 'nope' in go; known: placing"):
        course("go").lesson("nope")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"check": {"kind": "checkmate"}}, "unknown goal 'checkmate'"),
        ({"check": {"kind": "reach"}}, "goal reach needs \\['moves'\\]"),
        ({"hint": None}, "missing texts \\['hint'\\]"),
    ],
)
def test_lesson_data_is_checked_when_read(change: dict[str, object], words: str) -> None:
    entry = {
        "id": "x",
        "title": "T",
        "text": "T",
        "goal": "G",
        "hint": "H",
        "feedback": "F",
        "success": "S",
        "position": {},
        "check": {"kind": "play"},
        "budget": 1,
        "solution": [],
    }
    entry.update(change)
    entry = {k: v for k, v in entry.items() if v is not None}
    with pytest.raises(ValueError, match=words):
        read_course("go", {"lessons": [entry]})


def test_the_goal_checks_know_no_game_by_name() -> None:
    names = {info.name for info in list_games()}
    for module in (goals, lessons):
        source = Path(module.__file__ or "").read_text()
        assert not any(f'"{name}"' in source or f"'{name}'" in source for name in names)


def test_the_last_oust_lesson_is_a_puzzle_of_several_captures_in_order() -> None:
    """Oust's last lesson (issue 10: it used to end in two moves against a level-1 blunder):
    nine white stones in five groups, cleared in one turn of five captures, each placement
    capturing a group smaller than the grown black group; no reply comes in between."""
    lesson = course("oust").lessons[-1]
    assert lesson.goal["kind"] == "win" and len(lesson.solution) >= 5
    moves: list[str] = []
    for number, move in enumerate(lesson.solution):
        turn = play(lesson, moves, move)
        assert turn.replies == [], f"move {number + 1} ({move}) let White reply"
        last = number == len(lesson.solution) - 1
        assert (turn.result == "reached") == last, (move, turn.result)
        moves = turn.as_dict()["moves"]
    # A puzzle, not a walk: of every order of capturing placements, one clears the board.
    assert winning_turns(lesson.start(), len(lesson.solution)) == [tuple(lesson.solution)]


def winning_turns(state: Any, depth: int) -> list[tuple[str, ...]]:
    """Every sequence of up to ``depth`` placements that keep the turn (captures) and win."""
    found: list[tuple[str, ...]] = []
    mover = state.to_move

    def search(here: Any, path: tuple[str, ...]) -> None:
        if here.is_over():
            outcome = here.outcome()
            if outcome is not None and mover in outcome.winners:
                found.append(path)
            return
        if len(path) == depth:
            return
        for move in here.legal_moves():
            after = here.copy()
            after.play(move)
            if after.is_over() or after.to_move == mover:
                search(after, (*path, str(move)))

    search(state, ())
    return found
