"""The messages of docs/protocol.md as pydantic models: HTTP bodies and WebSocket frames.

Requests are validated strictly (unknown fields are refused), so a typo is
a ``400 bad-request`` naming the field rather than silently ignored.
Responses are described here for the OpenAPI schema; the server builds them
as plain dicts (views.py) for speed.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    model_validator,
)
from pydantic import ValidationError as PydanticValidationError
from pydantic_core import PydanticCustomError

from tabletop.core import TabletopError, game_info

#: WebSocket frames longer than this (characters) are refused with ``too-large``.
MAX_FRAME = 16 * 1024
MAX_NAME = 40


class Strict(BaseModel):
    """Refuses unknown fields, and values of another JSON type (no ``true`` or ``"10"`` for
    a number, no ``1`` for true): what a client sends is what it meant, or a 400."""

    model_config = ConfigDict(extra="forbid", strict=True)


#: Seconds of a clock: a JSON number (whole or not), finite.
Seconds = Annotated[float, Field(allow_inf_nan=False)]

#: The JSON type each kind of game option takes over the API (the terminal's options are text).
JSON_KINDS: dict[type, tuple[tuple[type, ...], str]] = {
    int: ((int,), "a whole number"),
    float: ((int, float), "a number"),
    str: ((str,), "a string"),
    bool: ((bool,), "true or false"),
}


# -- HTTP requests ---------------------------------------------------------------------------
class SeatIn(Strict):
    """One seat of a new game."""

    kind: Literal["person", "computer"] = "person"
    level: Annotated[StrictInt, Field(ge=1, le=10)] | None = None
    name: Annotated[StrictStr, Field(max_length=MAX_NAME)] = ""
    claim: StrictBool = False


class ClockIn(Strict):
    """The clock of a new game; times in seconds."""

    kind: Literal["none", "absolute", "fischer", "byoyomi"] = "none"
    main: Seconds | None = None
    increment: Seconds | None = None
    periods: StrictInt | None = None
    period: Seconds | None = None


class CreateGame(Strict):
    """``POST /api/games``."""

    game: Annotated[StrictStr, Field(max_length=32)]
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[SeatIn], Field(max_length=4)] | None = None
    clock: ClockIn | None = None

    @model_validator(mode="after")
    def _option_types(self) -> CreateGame:
        """Each known option of the game in its own JSON type (unknown games and options
        are left for the game to name in its error)."""
        try:
            specs = {o.name: o.kind for o in game_info(self.game).options}
        except TabletopError:
            return self
        for name, value in self.options.items():
            kind = specs.get(name)
            if kind is None or kind not in JSON_KINDS:
                continue
            types, text = JSON_KINDS[kind]
            if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
                raise PydanticCustomError(
                    "option_type",
                    "options.{name}: expected {text}, not {value}",
                    {"name": name, "text": text, "value": json.dumps(value)[:40]},
                )
        return self


class JoinIn(Strict):
    """``POST /api/games/{id}/join``."""

    seat: StrictInt | None = None
    name: Annotated[StrictStr, Field(max_length=MAX_NAME)] = ""


class MoveIn(Strict):
    """``POST /api/games/{id}/moves``."""

    token: Annotated[StrictStr, Field(max_length=128)]
    move: Annotated[StrictStr, Field(max_length=32)]
    ply: StrictInt | None = None


class HandoverIn(Strict):
    """``POST /api/games/{id}/handover``: the token of the seat to go on elsewhere."""

    token: Annotated[StrictStr, Field(max_length=128)]


class RecordIn(Strict):
    """``POST /api/records``: a record to import for the replay view."""

    format: Literal["json", "sgf"]
    text: Annotated[StrictStr, Field(max_length=1_000_000)]


# -- HTTP responses (for the schema) ------------------------------------------------------------
class ErrorOut(BaseModel):
    """Every 4xx answer."""

    error: str
    message: str


#: What each error status means, for the OpenAPI schema (the body is always an ErrorOut).
ERROR_MEANINGS = {
    400: "Bad input: the message says what and where; nothing changed",
    403: "The token holds no seat of this game, or that seat may not do this",
    404: "No such game (or page)",
    408: "The request's headers or body came too slowly; the connection is closed",
    409: "Not now: not your turn, an illegal move, a seat taken, the game over",
    413: "The request body is too large",
    429: "Too many requests from this address; try again after Retry-After seconds",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for these error statuses."""
    answers: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        answers[status] = {"model": ErrorOut, "description": ERROR_MEANINGS[status]}
        if status == 429:
            seconds = {"description": "Seconds to wait", "schema": {"type": "integer"}}
            answers[status]["headers"] = {"Retry-After": seconds}
    return answers


#: The two kinds of game record (``GET /api/games/{id}/record``).
RECORD_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The record as a download: JSON for every game, SGF for Go",
        "content": {
            "application/json": {"schema": {"type": "object"}},
            "application/x-go-sgf": {"schema": {"type": "string"}},
        },
    }
}


class SeatView(BaseModel):
    """A seat as everyone sees it."""

    seat: int
    name: str
    kind: str
    level: int | None
    claimed: bool
    connected: bool
    colour: str


class GameViewOut(BaseModel):
    """The GameView of docs/protocol.md (``board`` depends on the game)."""

    id: str
    game: str
    title: str
    options: dict[str, Any]
    players: int
    seats: list[SeatView]
    status: Literal["waiting", "playing", "scoring", "finished"]
    seq: int
    ply: int
    to_move: int | None
    moves: list[dict[str, Any]]
    legal: list[str]
    board: dict[str, Any]
    clock: dict[str, Any]
    scoring: dict[str, Any] | None
    undo_request: dict[str, Any] | None
    outcome: dict[str, Any] | None


class SeatCreated(BaseModel):
    """A seat of a new game, with its token and invite link for person seats."""

    seat: int
    kind: str
    name: str
    token: str | None = None
    invite: str | None = None


class CreatedOut(BaseModel):
    """The answer to ``POST /api/games``."""

    id: str
    seats: list[SeatCreated]
    game: GameViewOut


class JoinOut(BaseModel):
    """The answer to ``POST /api/games/{id}/join``."""

    seat: int
    token: str
    invite: str


class HandoverOut(BaseModel):
    """The answer to ``POST /api/games/{id}/handover``: a one-time link to the seat."""

    seat: int
    link: str


class ListedGame(BaseModel):
    """One game of ``GET /api/games``."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    created: float
    ply: int


class ImportedOut(BaseModel):
    """The answer to ``POST /api/records``."""

    id: str


# -- WebSocket: client to server -----------------------------------------------------------------
class MoveMsg(Strict):
    type: Literal["move"]
    move: Annotated[StrictStr, Field(max_length=32)]
    ply: StrictInt | None = None


class ResignMsg(Strict):
    type: Literal["resign"]


class UndoRequestMsg(Strict):
    type: Literal["undo-request"]


class UndoAnswerMsg(Strict):
    type: Literal["undo-answer"]
    accept: StrictBool


class DeadToggleMsg(Strict):
    type: Literal["dead-toggle"]
    point: Annotated[StrictStr, Field(max_length=8)]


class DeadAcceptMsg(Strict):
    type: Literal["dead-accept"]


class ResumeMsg(Strict):
    type: Literal["resume"]


class HintMsg(Strict):
    type: Literal["hint"]


class PingMsg(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[
    MoveMsg
    | ResignMsg
    | UndoRequestMsg
    | UndoAnswerMsg
    | DeadToggleMsg
    | DeadAcceptMsg
    | ResumeMsg
    | HintMsg
    | PingMsg,
    Field(discriminator="type"),
]
_CLIENT = TypeAdapter(ClientMessage)
CLIENT_TYPES = (
    "move",
    "resign",
    "undo-request",
    "undo-answer",
    "dead-toggle",
    "dead-accept",
    "resume",
    "hint",
    "ping",
)


class BadMessage(Exception):
    """A frame the server refuses: ``code`` and ``message`` go back to the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_client(text: str) -> Any:
    """The message in a text frame; BadMessage says what is wrong with it."""
    if len(text) > MAX_FRAME:
        raise BadMessage("too-large", f"a frame is at most {MAX_FRAME} characters")
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadMessage("bad-message", "JSON nested too deeply") from None
    except ValueError as err:
        raise BadMessage("bad-message", f"not JSON: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("bad-message", 'a message is a JSON object with a "type"')
    if data["type"] not in CLIENT_TYPES:
        kind = data["type"][:40]
        raise BadMessage(
            "unknown-type", f"unknown message type {kind!r}; known: {', '.join(CLIENT_TYPES)}"
        )
    try:
        return _CLIENT.validate_python(data)
    except PydanticValidationError as err:
        raise BadMessage("bad-message", describe_errors(err.errors())) from None


def describe_errors(errors: Any) -> str:
    """The first validation error as one line: where and what."""
    if not errors:
        return "invalid input"
    first = errors[0]
    if first.get("type") == "json_invalid":
        return f"malformed JSON: {first.get('ctx', {}).get('error', 'cannot be parsed')}"
    if first.get("type") == "model_attributes_type" and tuple(first.get("loc", ())) == ("body",):
        return "the body must be a JSON object (send Content-Type: application/json)"
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body",))
    message = str(first.get("msg", "invalid"))
    return f"{where}: {message}" if where else message


def frame(message: dict[str, Any]) -> str:
    """A server message as a text frame."""
    return json.dumps(message, separators=(",", ":"))
