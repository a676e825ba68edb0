"""The seeks', challenges' and My games' bodies and answers (in the OpenAPI schema).
Requests are strict, as all of the protocol's (server/protocol.py)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr, model_validator

from tabletop.server.protocol import MAX_NAME, ClockIn, Strict, check_option_types

Rating = Annotated[StrictInt, Field(ge=0, le=4000)]
Key = Annotated[StrictStr, Field(max_length=100)]


class Terms(Strict):
    """What is offered: the game, its options, the clock, rated or casual."""

    game: Annotated[StrictStr, Field(max_length=32)]
    options: dict[str, Any] = Field(default_factory=dict)
    clock: ClockIn | None = None
    #: None: rated when the offerer is signed in (lichess's default), casual for a guest.
    rated: StrictBool | None = None

    @model_validator(mode="after")
    def _option_types(self) -> Terms:
        check_option_types(self.game, self.options)
        return self


class SeekIn(Terms):
    """``POST /api/seeks``: a game offered to whoever fits; a guest gives a name."""

    rating_min: Rating | None = None
    rating_max: Rating | None = None
    name: Annotated[StrictStr, Field(max_length=MAX_NAME)] = ""


class ChallengeIn(Terms):
    """``POST /api/challenges``: a game offered to one player (signed in)."""

    username: Annotated[StrictStr, Field(max_length=100)]


class AcceptIn(Strict):
    """``POST /api/seeks/{id}/accept``: a guest's name (a signed-in player plays under
    the user name)."""

    name: Annotated[StrictStr, Field(max_length=MAX_NAME)] = ""


class KeyIn(Strict):
    """The offer's key, shown when it was made: it proves the offer is the asker's."""

    key: Key | None = None


class OfferOut(BaseModel):
    """What every listed offer shows: its id, the terms (game, options, clock, rated) and
    when it was made."""

    id: str
    game: str
    options: dict[str, Any]
    clock: dict[str, Any]
    rated: bool
    created: float


class SeekOut(OfferOut):
    """A seek as the list shows it."""

    name: str
    account: bool
    pool: str | None
    rating: str | None
    rating_min: int | None
    rating_max: int | None


class OfferMade(BaseModel):
    """A new seek or challenge: its id and its key (keep it: it fetches the offerer's seat
    once the offer is accepted, and withdraws it)."""

    id: str
    key: str


class StartedOut(BaseModel):
    """An accepted offer's game: its id, this player's seat and token, the board's address."""

    game: str
    seat: int
    token: str
    url: str


class OfferState(BaseModel):
    """``POST /api/offers/{id}/wait``: where an offer stands; once accepted, the offerer's
    seat and token in its game (``game`` null while it is being made)."""

    status: str
    game: str | None = None
    seat: int | None = None
    token: str | None = None
    url: str | None = None


class ChallengeOut(OfferOut):
    """A challenge to or from the signed-in player."""

    challenger: str
    challenged: str
    status: str
    game_id: str | None


class ChallengesOut(BaseModel):
    """``GET /api/challenges``: the challenges to and from the signed-in player."""

    incoming: list[ChallengeOut]
    outgoing: list[ChallengeOut]


class MyGame(BaseModel):
    """One of the signed-in player's games."""

    game_id: str
    game: str
    status: str
    seat: int
    opponents: list[str]
    your_turn: bool
    ply: int
    result: str | None
    rated: bool
    rating_before: float | None
    rating_after: float | None
    updated: float


class MyGamesOut(BaseModel):
    """``GET /api/account/games``: games in progress ("your turn" first), then finished."""

    playing: list[MyGame]
    finished: list[MyGame]
