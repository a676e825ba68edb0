"""The messages of docs/protocol.md as pydantic models: HTTP bodies and answers, WebSocket
frames both ways, and the error codes with their HTTP statuses.

Requests are validated strictly (unknown fields are refused), so a typo is
a ``400 bad-request`` naming the field rather than silently ignored.
HTTP answers are checked against their models by FastAPI. The server builds
the views (views.py) and its WebSocket frames (the ``*_frame`` functions
below) as plain dicts for speed; tests/server/test_protocol_models.py checks
every kind of them against these models (decision record 0087).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_type_hints

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    model_serializer,
    model_validator,
)
from pydantic import ValidationError as PydanticValidationError
from pydantic_core import PydanticCustomError

from tabletop.core import TabletopError, game_info, list_games
from tabletop.core.errors import CodedError

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

    kind: Literal["none", "absolute", "fischer", "byoyomi", "correspondence"] = "none"
    main: Seconds | None = None
    increment: Seconds | None = None
    periods: StrictInt | None = None
    period: Seconds | None = None
    #: Correspondence: days per move (1, 3 or 7).
    days: StrictInt | None = None


class CreateGame(Strict):
    """``POST /api/games``."""

    game: Annotated[StrictStr, Field(max_length=32)]
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[SeatIn], Field(max_length=4)] | None = None
    clock: ClockIn | None = None
    #: Rated when it can be (two accounts, a rating pool); false: casual, never rated.
    rated: StrictBool = True

    @model_validator(mode="after")
    def _option_types(self) -> CreateGame:
        """Each known option of the game in its own JSON type."""
        check_option_types(self.game, self.options)
        return self


def check_option_types(game: str, options: dict[str, Any]) -> None:
    """Each known option of ``game`` in its own JSON type, else a validation error (unknown
    games and options are left for the game to name in its error). For the models of
    requests that name a game and its options (``POST /api/games``, seeks, challenges)."""
    try:
        specs = {o.name: o.kind for o in game_info(game).options}
    except TabletopError:
        return
    for name, value in options.items():
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
#: The specifics of an error (docs/protocol.md, "Errors"): JSON scalars by name.
ErrorParams = dict[str, str | int | float | bool]


class ErrorOut(BaseModel):
    """Every 4xx answer: the code, an English message, and the specifics (``params``: the
    move, the option, the limit, a ``reason`` naming which refusal of the code) that a
    client words the code with in its own language."""

    error: str
    message: str
    params: ErrorParams = Field(default_factory=dict)


#: Every error code of the protocol with its HTTP status (the WebSocket sends the code
#: alone, in an ``error`` frame). The match layer, the rooms and the scheduler raise them.
ERROR_STATUS: dict[str, int] = {
    "bad-request": 400,
    "bad-message": 400,  # WebSocket only: a frame that is not a message
    "unknown-type": 400,  # WebSocket only
    "bad-login": 401,  # accounts: a wrong user name, password or recovery code
    "signed-out": 401,  # accounts: no session, or it expired
    "cross-site": 403,  # a state-changing request from another site's page
    "bad-token": 403,
    "not-yours": 403,  # seeks and challenges: a key (or account) that is not the offer's
    "invite-used": 403,
    "seat-moved": 403,
    "spectator": 403,
    "computer-seat": 403,
    "unknown-game": 404,
    "unknown-player": 404,
    "unknown-offer": 404,  # no such seek or challenge
    "not-found": 404,
    "method-not-allowed": 405,
    "not-your-turn": 409,
    "illegal-move": 409,
    "seat-taken": 409,
    "name-taken": 409,
    "offer-gone": 409,  # a seek or challenge taken, answered, withdrawn or lapsed
    "game-over": 409,
    "stale": 409,
    "waiting": 409,
    "scoring": 409,
    "busy": 409,
    "superseded": 409,
    "no-hint": 409,
    "bad-chat": 400,  # WebSocket only: an empty or over-long chat line, a control character
    "no-chat": 409,  # WebSocket only: a game against the computer only has no chat
    "hint-failed": 503,
    "unavailable": 503,  # the database cannot be reached (an outage): try again shortly
    "too-large": 413,
    "rate-limited": 429,
}


def status_of(code: str) -> int:
    """The HTTP status of an error code (400 for a code the table does not know)."""
    return ERROR_STATUS.get(code, 400)


#: What each error status means, for the OpenAPI schema (the body is always an ErrorOut).
ERROR_MEANINGS = {
    400: "Bad input: the message says what and where; nothing changed",
    401: "Not signed in, or a wrong user name, password or recovery code",
    403: "The token holds no seat of this game, that seat may not do this, or the request"
    " came from another site's page",
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


def record_responses() -> dict[int | str, dict[str, Any]]:
    """The answers of ``GET /api/games/{id}/record``: JSON for every game, and each game's
    own formats with their content types (SGF for Go)."""
    content: dict[str, Any] = {"application/json": {"schema": {"type": "object"}}}
    owners: dict[str, list[str]] = {}
    for info in list_games():
        for fmt in info.facts.records.values():
            content[fmt.media_type] = {"schema": {"type": "string"}}
            owners.setdefault(fmt.name.upper(), []).append(info.title)
    others = "".join(f", {name} for {' and '.join(games)}" for name, games in owners.items())
    description = f"The record as a download: JSON for every game{others}"
    return {200: {"description": description, "content": content}}


class SeatView(BaseModel):
    """A seat as everyone sees it."""

    seat: int
    name: str
    kind: str
    level: int | None
    claimed: bool
    connected: bool
    side: str
    colour: str


class Exact(BaseModel):
    """An answer model: a field the server sends that the model lacks is an error (in the
    tests), never silently dropped from an HTTP answer."""

    model_config = ConfigDict(extra="forbid")


#: A number as the server writes it: whole numbers stay whole (no ``600`` -> ``600.0``).
Number = int | float


class MoveView(Exact):
    """One move of the game: who played it, in notation, and the mover's time left after;
    ``took``: the other seats' pieces it took off the board (a capture, an ejection),
    absent when none."""

    seat: int | None
    move: str
    clock: Number | None
    took: int | None = None

    @model_serializer(mode="wrap")
    def _absent_when_none(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``took`` is written only when the move took something, as the server sends it."""
        data: dict[str, Any] = handler(self)
        if data.get("took") is None:
            data.pop("took", None)
        return data


class ClockRunning(Exact):
    """What every clock view has beside its settings."""

    remaining: list[Number] | None
    periods_left: list[int] | None
    running: int | None
    server_time: Number


class NoClockView(ClockRunning):
    kind: Literal["none"]


class AbsoluteClockView(ClockRunning):
    kind: Literal["absolute"]
    main: Number


class FischerClockView(ClockRunning):
    kind: Literal["fischer"]
    main: Number
    increment: Number


class ByoyomiClockView(ClockRunning):
    kind: Literal["byoyomi"]
    main: Number
    periods: int
    period: Number


class CorrespondenceClockView(ClockRunning):
    kind: Literal["correspondence"]
    days: int


ClockView = Annotated[
    NoClockView | AbsoluteClockView | FischerClockView | ByoyomiClockView | CorrespondenceClockView,
    Field(discriminator="kind"),
]


class ScoreView(Exact):
    """The points of each side under the current marking, and the sentence to show."""

    black: Number
    white: Number
    text: str


class ScoringView(Exact):
    """A game's count in its scoring phase and after it (Go's dead stones)."""

    dead: list[str]
    pending: bool
    accepted: list[int]
    owners: list[str]
    score: ScoreView
    detail: dict[str, Any]


class UndoRequestView(Exact):
    """A waiting undo request: who asked, who agreed so far."""

    seat: int
    accepted: list[int]


class RematchView(Exact):
    """The rematch asked for after the game: the seats that asked, the new game once
    every person did (server/rematch.py)."""

    offers: list[int]
    game: str | None


class OutcomeView(Exact):
    """The result of a finished game."""

    winners: list[int]
    returns: list[Number]
    reason: str
    detail: dict[str, Any]
    text: str


def _board_models() -> tuple[Any, ...]:
    """Each game's board model: the TypedDict its board view returns (core/facts.py)."""
    return tuple(get_type_hints(info.facts.board_view)["return"] for info in list_games())


if TYPE_CHECKING:
    BoardView = dict[str, Any]
else:
    #: The ``board`` of a GameView: one model per game, told apart by ``kind``.
    BoardView = Annotated[Union[_board_models()], Field(discriminator="kind")]  # noqa: UP007


class GameViewOut(Exact):
    """The GameView of docs/protocol.md (``board`` depends on the game)."""

    id: str
    game: str
    title: str
    options: dict[str, Any]
    players: int
    summary: str
    records: list[str]
    pass_move: bool
    seats: list[SeatView]
    status: Literal["waiting", "playing", "scoring", "finished"]
    seq: int
    ply: int
    to_move: int | None
    moves: list[MoveView]
    legal: list[str]
    board: BoardView
    clock: ClockView
    scoring: ScoringView | None
    undo_request: UndoRequestView | None
    outcome: OutcomeView | None
    watchers: int
    rematch: RematchView | None


class SeatCreated(Exact):
    """A seat of a new game, with its token and invite link for person seats."""

    seat: int
    kind: str
    name: str
    token: str | None = None
    invite: str | None = None


class CreatedOut(Exact):
    """The answer to ``POST /api/games``."""

    id: str
    seats: list[SeatCreated]
    game: GameViewOut


class JoinOut(Exact):
    """The answer to ``POST /api/games/{id}/join``."""

    seat: int
    token: str
    invite: str


class HandoverOut(Exact):
    """The answer to ``POST /api/games/{id}/handover``: a one-time link to the seat."""

    seat: int
    link: str


class ListedSeat(Exact):
    """A seat as the lobby shows it."""

    seat: int
    name: str
    kind: str
    level: int | None
    claimed: bool
    side: str
    colour: str


class ListedGame(Exact):
    """One game of ``GET /api/games``; ``clock`` is its setting (as when creating);
    ``title`` and ``summary`` (the variant in a few words) make the lobby's line."""

    id: str
    game: str
    title: str
    summary: str
    options: dict[str, Any]
    seats: list[ListedSeat]
    clock: dict[str, Any]
    status: str
    created: Number
    ply: int


class ChoiceLabel(Exact):
    """A choice of an option and its word for players."""

    value: Any
    label: str


class CatalogOption(Exact):
    """One option of a game in the catalog: its rules (``help`` is the command line's
    terse text) and its player's words (``label``, ``explanation``, ``choice_labels``);
    ``main`` options are shown beside the presets, the others under "more options", but
    for those that change the number of players (``sets_players``): the presets set them."""

    name: str
    kind: str
    default: Any
    default_text: str | None
    help: str
    choices: list[Any] | None
    minimum: Number | None
    maximum: Number | None
    label: str
    explanation: str
    choice_labels: list[ChoiceLabel] | None
    main: bool
    sets_players: bool


class CatalogPreset(Exact):
    """A named starting point of a game (its option values), the seats it makes and the
    options that cannot differ from their defaults in it (``inapplicable``)."""

    name: str
    label: str
    explanation: str
    options: dict[str, Any]
    players: int
    sides: list[str]
    colours: list[str]
    inapplicable: list[str]


class CatalogGame(Exact):
    """One game of the catalog: its players, options and presets; ``tagline`` (what the
    game is, in a line) and ``preview`` (its start position's board view, players and
    colours) for the home page."""

    name: str
    title: str
    tagline: str
    preview: dict[str, Any]
    players: list[int]
    options: list[CatalogOption]
    presets: list[CatalogPreset]


class LevelWords(Exact):
    """A computer level described for players."""

    level: int
    words: str


class ClockPreset(Exact):
    """A clock of the create form: its name, label, explanation and setting."""

    name: str
    label: str
    explanation: str
    clock: dict[str, Any]


class CatalogOut(Exact):
    """``GET /api/catalog``: the games, the computer levels (with words) and the clock kinds
    and presets."""

    games: list[CatalogGame]
    levels: list[int]
    level_words: list[LevelWords]
    clocks: list[str]
    clock_presets: list[ClockPreset]


class ImportedOut(Exact):
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


class RematchMsg(Strict):
    """After the game: offer a rematch, or accept the one offered (the same message)."""

    type: Literal["rematch"]


class ChatMsg(Strict):
    """A line of chat, to the sender's side: the players', or the spectators' (its length
    and characters are checked by server/chat/words.py, which says what is wrong)."""

    type: Literal["chat"]
    text: StrictStr


class ChatMuteMsg(Strict):
    """A player mutes (or hears again) the other players' chat in this game."""

    type: Literal["chat-mute"]
    mute: StrictBool


ClientMessage = Annotated[
    MoveMsg
    | ResignMsg
    | UndoRequestMsg
    | UndoAnswerMsg
    | DeadToggleMsg
    | DeadAcceptMsg
    | ResumeMsg
    | HintMsg
    | PingMsg
    | RematchMsg
    | ChatMsg
    | ChatMuteMsg,
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
    "rematch",
    "chat",
    "chat-mute",
)


class BadMessage(CodedError):
    """A frame the server refuses: ``code``, ``message`` and ``params`` go back to the client."""


def parse_client(text: str) -> Any:
    """The message in a text frame; BadMessage says what is wrong with it."""
    if len(text) > MAX_FRAME:
        raise BadMessage(
            "too-large", f"a frame is at most {MAX_FRAME} characters", {"limit": MAX_FRAME}
        )
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
            "unknown-type",
            f"unknown message type {kind!r}; known: {', '.join(CLIENT_TYPES)}",
            {"type": kind},
        )
    try:
        return _CLIENT.validate_python(data)
    except PydanticValidationError as err:
        errors = err.errors()
        raise BadMessage("bad-message", describe_errors(errors), error_params(errors)) from None


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


def error_params(errors: Any) -> dict[str, Any]:
    """The first validation error's place as an error's params: ``{"field": "options.size"}``
    (and the option's name for an option of the wrong JSON type); empty when it has none."""
    if not errors:
        return {}
    first = errors[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body",))
    if not where or first.get("type") in ("json_invalid", "model_attributes_type"):
        return {}
    params: dict[str, Any] = {"field": where[:80]}
    option = first.get("ctx", {}).get("name") if first.get("type") == "option_type" else None
    if isinstance(option, str):
        params["field"] = f"options.{option}"[:80]
    return params


# -- WebSocket: server to client ------------------------------------------------------------------
class SeatFrame(Exact):
    """To the socket whose invite or hand-over link just claimed ``seat``: its own token."""

    type: Literal["seat"]
    seat: int
    token: str


class SnapshotFrame(Exact):
    """The whole view, for ``you`` (a seat, or None for a spectator)."""

    type: Literal["snapshot"]
    seq: int
    you: int | None
    game: GameViewOut


class EventFrame(Exact):
    """One event with its sequence number; the last event of an action carries the delta."""

    type: Literal["event"]
    seq: int
    event: dict[str, Any]
    delta: dict[str, Any] | None


class HintMove(Exact):
    """One candidate of a hint."""

    move: str
    visits: int
    share: Number
    value: Number
    chance: Number


class HintFrame(Exact):
    """The analysis a seat asked for (see play/computer.py ``hint``)."""

    type: Literal["hint"]
    moves: list[HintMove]
    values: list[Number]
    wins: list[Number]
    line: list[str]


class ErrorFrame(Exact):
    """A refusal: it changed nothing and goes only to the client that caused it."""

    type: Literal["error"]
    code: str
    message: str
    params: ErrorParams = Field(default_factory=dict)


class RematchFrame(Exact):
    """To each socket of a player once the rematch starts: the new game, the player's
    seat there and its token (each player moved one seat on)."""

    type: Literal["rematch"]
    game: str
    seat: int
    token: str


class WatchersFrame(Exact):
    """To everyone watching a game when a spectator comes or goes: how many watch now."""

    type: Literal["watchers"]
    count: int


class ChatLine(Exact):
    """One line of chat: its event number, who said it (a seat, or None: a spectator),
    their name, the text as sent (to be shown as text, never as HTML), when (Unix time)."""

    seq: int
    seat: int | None
    name: str
    text: str
    at: Number


class ChatFrame(Exact):
    """To a socket when it (re)connects, after its snapshot (when there is something in
    it), and after its seat hears the others again: its side's chat so far and whether
    its seat muted the other players."""

    type: Literal["chat"]
    channel: Literal["players", "spectators"]
    muted: bool
    lines: list[ChatLine]


class PongFrame(Exact):
    """The answer to a ping."""

    type: Literal["pong"]


ServerMessage = Annotated[
    SeatFrame
    | SnapshotFrame
    | EventFrame
    | HintFrame
    | ErrorFrame
    | PongFrame
    | RematchFrame
    | WatchersFrame
    | ChatFrame,
    Field(discriminator="type"),
]
SERVER_MESSAGE = TypeAdapter(ServerMessage)


def frame(message: dict[str, Any]) -> str:
    """A server message as a text frame."""
    return json.dumps(message, separators=(",", ":"))


# The server's frames are built here, as dicts (json.dumps is several times faster than
# a model's dump on the move path); the test suite checks each kind against its model.
def seat_frame(seat: int, token: str) -> str:
    """A :class:`SeatFrame`."""
    return frame({"type": "seat", "seat": seat, "token": token})


def snapshot_frame(seq: int, you: int | None, game: dict[str, Any]) -> str:
    """A :class:`SnapshotFrame` of the view ``game``."""
    return frame({"type": "snapshot", "seq": seq, "you": you, "game": game})


_NUMBERED = re.compile(r'\{"type":"(event|snapshot)","seq":(\d+)')


def numbered(text: str) -> tuple[str, int] | None:
    """The kind ("event" or "snapshot") and number of a frame made here, else None."""
    match = _NUMBERED.match(text)
    return None if match is None else (match.group(1), int(match.group(2)))


def event_frame(seq: int, event: dict[str, Any], delta: dict[str, Any] | None) -> str:
    """An :class:`EventFrame`."""
    return frame({"type": "event", "seq": seq, "event": event, "delta": delta})


def hint_frame(result: dict[str, Any]) -> str:
    """A :class:`HintFrame` of a worker's hint (play/computer.py)."""
    return frame({"type": "hint", **result})


def rematch_frame(game: str, seat: int, token: str) -> str:
    """A :class:`RematchFrame`."""
    return frame({"type": "rematch", "game": game, "seat": seat, "token": token})


def watchers_frame(count: int) -> str:
    """A :class:`WatchersFrame`."""
    return frame({"type": "watchers", "count": count})


def chat_frame(channel: str, muted: bool, lines: list[dict[str, Any]]) -> str:
    """A :class:`ChatFrame`."""
    return frame({"type": "chat", "channel": channel, "muted": muted, "lines": lines})


def error_frame(code: str, message: str, params: dict[str, Any] | None = None) -> str:
    """An :class:`ErrorFrame`; ``params`` the specifics (see :class:`ErrorOut`)."""
    return frame({"type": "error", "code": code, "message": message, "params": params or {}})


PONG = frame({"type": "pong"})
