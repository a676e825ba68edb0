"""Lessons: small positions with a goal, played statelessly against scripted replies or
the level-1 computer (decision record 0109).

A game's lessons are data, one file per game (``lessons/<name>.json``): each
lesson is a position in the game's notation (options, the game's set-up record, moves),
a goal from the vocabulary of :mod:`tabletop.play.goals`, a move budget for the stars,
the solution, the replies and its texts as the English msgids of the ``lessons`` catalog
(the browser translates them). A lesson is played by sending the moves so far: the
server replays them through the rules engine, plays the new move, checks it, answers
with the replies and says whether the goal is reached. Nothing is stored; the progress
lives in the browser.

In a *strict* lesson (the default) the player's moves must follow the solution (or an
alternative the lesson accepts): another move is taken back with the lesson's feedback
and costs a star. In a free lesson any legal move is played and the goal decides; the
lesson is lost when the game ends or the player runs past the move limit.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any

from tabletop.core import Game, State, TabletopError, list_games, load_game
from tabletop.core.errors import CodedError
from tabletop.play.goals import GOAL_FIELDS, GOALS, Progress, failed, reached, record_move

#: A lesson's texts, each an English msgid of the ``lessons`` catalog.
TEXT_KEYS = ("title", "text", "goal", "hint", "feedback", "success")
#: The level of the computer that answers in lessons that play against it.
LESSON_LEVEL = 1
#: Moves past the budget a free lesson allows before it is lost.
SPARE_MOVES = 3


class LessonError(CodedError):
    """A request a lesson cannot answer: ``code`` (the protocol's), what was wrong, and its
    specifics (``params``, as an error answer carries them: docs/protocol.md)."""


@dataclass(frozen=True)
class Mistake:
    """Feedback for particular wrong moves (any step)."""

    moves: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Lesson:
    """One lesson of one game (see the module's docstring and lessons.json)."""

    game: str
    id: str
    options: Mapping[str, Any]
    setup: Any
    start_moves: tuple[str, ...]
    goal: Mapping[str, Any]
    budget: int
    solution: tuple[str, ...]
    texts: Mapping[str, str]
    strict: bool = True
    accept: tuple[tuple[str, ...], ...] = ()
    replies: tuple[tuple[str, ...], ...] = ()
    computer: bool = False
    mistakes: tuple[Mistake, ...] = ()
    limit: int = 0

    def start(self) -> State:
        """The lesson's starting position, built by the rules engine."""
        game = load_game(self.game, **self.options)
        state = game.new_state() if self.setup is None else _setup(game, self.setup)
        for move in self.start_moves:
            state.play(move)
        return state

    def accepted(self, state: State, step: int) -> set[str]:
        """The moves (canonical notation in ``state``) a strict lesson accepts as the
        player's move number ``step`` (from 0)."""
        moves = set(self.solution[step : step + 1])
        if step < len(self.accept):
            moves |= set(self.accept[step])
        return {state.format_move(state.parse_move(m)) for m in moves}

    def public(self) -> dict[str, Any]:
        """What the browser gets: the position, the goal and budget, the solution (for
        "show me") and the texts (msgids; the goal's sentence as ``goal_text``)."""
        texts = dict(self.texts)
        return {
            "id": self.id,
            "options": dict(self.options),
            "setup": self.setup,
            "moves": list(self.start_moves),
            "goal": dict(self.goal),
            "budget": self.budget,
            "strict": self.strict,
            "solution": list(self.solution),
            "goal_text": texts.pop("goal"),
            **texts,
        }


def _setup(game: Game, value: Any) -> State:
    reader: Callable[[Any], State] | None = getattr(game, "setup_from_record", None)
    if reader is None:
        raise LessonError("bad-request", f"a {game.name} position has no set-up")
    return reader(value)


@dataclass(frozen=True)
class Course:
    """A game's lessons in order, and the game the last one invites the player to."""

    game: str
    lessons: tuple[Lesson, ...]
    play_options: Mapping[str, Any] = field(default_factory=dict)

    def lesson(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        known = ", ".join(lesson.id for lesson in self.lessons)
        raise LessonError(
            "not-found", f"no lesson {lesson_id[:40]!r} in {self.game}; known: {known}"
        )


#: The lessons' data files, one per game, named by the game (the ``lessons`` catalog's
#: JSON sources: locale/lessons.cfg).
LESSONS_DIR = Path(__file__).resolve().parents[1] / "lessons"


def lessons_path(name: str) -> Path:
    """Where the game ``name`` keeps its lessons."""
    return LESSONS_DIR / f"{name}.json"


@cache
def course(name: str) -> Course:
    """The lessons of the registered game ``name`` (LessonError if it has none)."""
    known = {info.name for info in list_games()}
    if name not in known:
        raise LessonError(
            "unknown-game", f"unknown game {name[:32]!r}; known games: {', '.join(sorted(known))}"
        )
    path = lessons_path(name)
    if not path.exists():
        raise LessonError("not-found", f"{name} has no lessons")
    return read_course(name, json.loads(path.read_text(encoding="utf-8")))


def courses() -> list[Course]:
    """Every registered game's lessons, in the registry's order (games without none)."""
    found = []
    for info in list_games():
        try:
            found.append(course(info.name))
        except LessonError:
            continue
    return found


def read_course(name: str, data: Mapping[str, Any]) -> Course:
    """A game's lessons from its data (ValueError naming the lesson and field at fault)."""
    lessons = []
    for entry in data["lessons"]:
        where = f"{name} lesson {entry.get('id')!r}"
        goal = entry["check"]
        if goal.get("kind") not in GOALS:
            raise ValueError(f"{where}: unknown goal {goal.get('kind')!r}; known: {sorted(GOALS)}")
        missing = GOAL_FIELDS.get(goal["kind"], set()) - set(goal)
        if missing:
            raise ValueError(f"{where}: goal {goal['kind']} needs {sorted(missing)}")
        texts = {key: entry[key] for key in TEXT_KEYS if key in entry}
        if set(texts) != set(TEXT_KEYS):
            raise ValueError(f"{where}: missing texts {sorted(set(TEXT_KEYS) - set(texts))}")
        position = entry["position"]
        lessons.append(
            Lesson(
                game=name,
                id=str(entry["id"]),
                options=dict(position.get("options", {})),
                setup=position.get("setup"),
                start_moves=tuple(position.get("moves", ())),
                goal=dict(goal),
                budget=int(entry["budget"]),
                solution=tuple(entry["solution"]),
                texts=texts,
                strict=bool(entry.get("strict", True)),
                accept=tuple(tuple(step) for step in entry.get("accept", ())),
                replies=tuple(tuple(turn) for turn in entry.get("replies", ())),
                computer=entry.get("opponent") == "computer",
                mistakes=tuple(
                    Mistake(tuple(m["moves"]), str(m["text"])) for m in entry.get("mistakes", ())
                ),
                limit=int(entry.get("limit", int(entry["budget"]) + SPARE_MOVES)),
            )
        )
    ids = [lesson.id for lesson in lessons]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{name}: lesson ids repeat")
    return Course(name, tuple(lessons), dict(data.get("play", {}).get("options", {})))


@dataclass
class Turn:
    """The answer to one request: the position after it, what happened and the texts."""

    state: State
    progress: Progress
    result: str  # "start" | "continue" | "wrong" | "reached" | "failed"
    replies: list[dict[str, Any]] = field(default_factory=list)  # {seat, move} each
    feedback: str | None = None
    stars: int = 0
    start_ply: int = 0  # the moves of the lesson's own position, not sent back

    def as_dict(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "moves": [self.state.format_move(m) for m in self.state.history[self.start_ply :]],
            "replies": self.replies,
            "feedback": self.feedback,
            "stars": self.stars,
            "learner_moves": self.progress.moves,
        }


def stars_for(lesson: Lesson, progress: Progress, mistakes: int) -> int:
    """Three stars for the goal within the budget without a mistake, one less for each
    move over the budget and each mistake, at least one for reaching it."""
    over = max(0, progress.moves - lesson.budget)
    return max(1, 3 - over - mistakes)


def _choose_reply(lesson: Lesson, state: State, number: int) -> str:
    """The reply number ``number`` (from 0) of the other side: the first legal move the
    lesson scripts for it, else the level-1 computer's (a lesson that plays it), else the
    first legal move."""
    legal = {state.format_move(m): m for m in state.legal_moves()}
    script = lesson.replies[number] if number < len(lesson.replies) else ()
    for text in script:
        try:
            move = state.format_move(state.parse_move(text))
        except TabletopError:
            continue
        if move in legal:
            return move
    if lesson.computer:
        from tabletop.ai.levels import agent_for_level

        seed = zlib.crc32(f"{lesson.game}/{lesson.id}/{state.ply}".encode())
        agent = agent_for_level(state.game, LESSON_LEVEL, seed)
        return state.format_move(agent.choose(state))
    return next(iter(legal))


def replay(lesson: Lesson, moves: Sequence[str]) -> tuple[State, Progress, int]:
    """The lesson's start with ``moves`` (the player's and the replies) played, the
    progress counted, and how many replies there were; LessonError names a bad move."""
    state = lesson.start()
    learner = state.to_move
    assert learner is not None, f"{lesson.id}: the lesson starts with the game over"
    progress = Progress(learner)
    replies = 0
    for number, text in enumerate(moves, start=1):
        if state.is_over():
            raise LessonError("bad-request", f"move {number} ({text}): the lesson is over")
        if state.to_move != learner:
            replies += 1
        try:
            record_move(progress, state, text)
        except TabletopError as err:
            raise LessonError("bad-request", f"move {number} ({text}): {err}") from None
    return state, progress, replies


def play(lesson: Lesson, moves: Sequence[str], move: str | None, mistakes: int = 0) -> Turn:
    """One request of a lesson: the position after ``moves``, or ``move`` played there
    with the replies that follow, checked against the goal."""
    state, progress, replies = replay(lesson, moves)
    turn = partial(Turn, start_ply=len(lesson.start_moves))
    if reached(lesson.goal, state, progress):
        if move is not None:
            raise LessonError("bad-request", "the lesson is over: start it again")
        return turn(
            state,
            progress,
            "reached",
            feedback=lesson.texts["success"],
            stars=stars_for(lesson, progress, mistakes),
        )
    if move is None:
        return turn(state, progress, "failed" if failed(state, progress) else "start")
    if state.is_over() or state.to_move != progress.learner:
        raise LessonError("bad-request", "the lesson is over: start it again")
    try:
        text = state.format_move(state.parse_move(move))
    except TabletopError as err:
        raise LessonError("bad-request", f"move {move[:32]!r}: {err}") from None
    if lesson.strict and text not in lesson.accepted(state, progress.moves):
        return turn(state, progress, "wrong", feedback=_feedback(lesson, state, text))
    try:
        record_move(progress, state, text)
    except TabletopError as err:
        params = {"move": text, **err.details()}
        raise LessonError("illegal-move", f"{text}: {err}", params) from None
    answered: list[dict[str, Any]] = []
    while not reached(lesson.goal, state, progress):
        if state.is_over() or state.to_move == progress.learner:
            break
        seat = state.to_move
        reply = _choose_reply(lesson, state, replies + len(answered))
        record_move(progress, state, reply)
        answered.append({"seat": seat, "move": reply})
    if reached(lesson.goal, state, progress):
        stars = stars_for(lesson, progress, mistakes)
        return turn(state, progress, "reached", answered, lesson.texts["success"], stars)
    if failed(state, progress) or (not lesson.strict and progress.moves >= lesson.limit):
        return turn(state, progress, "failed", answered, lesson.texts["feedback"])
    return turn(state, progress, "continue", answered)


def _feedback(lesson: Lesson, state: State, move: str) -> str:
    """The lesson's words for a wrong move: its own for that move, else its general ones."""
    for mistake in lesson.mistakes:
        if move in {state.format_move(state.parse_move(m)) for m in mistake.moves}:
            return mistake.text
    return lesson.texts["feedback"]
