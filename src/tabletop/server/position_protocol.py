"""The messages of ``POST /api/position`` (and the lessons built on it) as pydantic models,
in the style of server/protocol.py: requests strict and bounded, answers exact."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from tabletop.server.protocol import BoardView, Exact, OutcomeView, Strict

#: A move in notation, as the other requests bound it.
MoveText = Annotated[StrictStr, Field(max_length=32)]


class PositionIn(Strict):
    """``POST /api/position``: a game with its options, its set-up record (None: the start
    position) and moves in notation played from it (decision record 0108)."""

    game: Annotated[StrictStr, Field(max_length=32)]
    options: Annotated[dict[str, Any], Field(max_length=16)] = Field(default_factory=dict)
    setup: Any = None
    moves: Annotated[list[MoveText], Field(max_length=200)] = Field(default_factory=list)


class PositionSeat(Exact):
    """A seat of a position: the side as the game names it and the colour it is drawn in."""

    seat: int
    side: str
    colour: str


class PositionOut(Exact):
    """A position as the browser draws it: the game's board view (the GameView's ``board``),
    whose turn, the legal moves and the result once it ended."""

    game: str
    options: dict[str, Any]
    players: int
    seats: list[PositionSeat]
    pass_move: bool
    status: Literal["playing", "finished"]
    ply: int
    to_move: int | None
    moves: list[str]
    legal: list[str]
    board: BoardView
    outcome: OutcomeView | None


# -- the lessons (decision record 0109) ----------------------------------------------------------
class LessonIn(Strict):
    """``POST /api/learn/{game}/{lesson}``: the moves played so far in the lesson (the
    player's and the replies, as the last answer gave them), the player's new move (none:
    just the position) and the mistakes made so far (they cost stars)."""

    moves: Annotated[list[MoveText], Field(max_length=200)] = Field(default_factory=list)
    move: MoveText | None = None
    mistakes: Annotated[StrictInt, Field(ge=0, le=100)] = 0


class LessonReply(Exact):
    """A reply the lesson played for another seat."""

    seat: int
    move: str


class LessonOut(Exact):
    """The answer: what happened (``start``, ``continue``, ``wrong``: the move was taken
    back, ``reached``, ``failed``), the moves now (send them back next time), the replies
    just played, the lesson's words for it (a msgid of the ``lessons`` catalog), the stars
    once the goal is reached, and the position as the browser draws it."""

    result: Literal["start", "continue", "wrong", "reached", "failed"]
    moves: list[str]
    replies: list[LessonReply]
    feedback: str | None
    stars: int
    learner_moves: int
    view: PositionOut


class LessonGoal(BaseModel):
    """A lesson's goal: a kind from play/goals.py and its fields (count, moves)."""

    model_config = ConfigDict(extra="allow")
    kind: str


class LessonEntry(Exact):
    """One lesson as the browser gets it: the position, the goal and budget, the solution
    for "show me", and its texts as msgids of the ``lessons`` catalog."""

    id: str
    options: dict[str, Any]
    setup: Any
    moves: list[str]
    goal: LessonGoal
    budget: int
    strict: bool
    solution: list[str]
    title: str
    text: str
    hint: str
    feedback: str
    success: str
    goal_text: str
    start: PositionOut


class CourseOut(Exact):
    """``GET /api/learn/{game}``: the game's lessons in order and the options of the game
    the last one invites the player to play against the computer."""

    game: str
    title: str
    play_options: dict[str, Any]
    lessons: list[LessonEntry]


class CourseSummary(Exact):
    """One game of ``GET /api/learn``."""

    game: str
    title: str
    lessons: list[str]
