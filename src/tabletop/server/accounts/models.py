"""The accounts API's bodies and answers (in the OpenAPI schema). Requests are strict, as
all of the protocol's (server/protocol.py): unknown fields and other JSON types are a 400.
Lengths here only bound what is read; the rules (server/accounts/names.py) say what is
wrong with a name or password in their own words."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StrictInt, StrictStr

from tabletop.server.protocol import Strict

Username = Annotated[StrictStr, Field(max_length=100, description="3-20 of A-Z a-z 0-9 - _")]
Password = Annotated[StrictStr, Field(max_length=1000, description="at least 8 characters")]


class Credentials(Strict):
    """``POST /api/accounts`` and ``POST /api/session``."""

    username: Username
    password: Password


class PasswordChange(Strict):
    """``POST /api/account/password`` (signed in)."""

    old_password: Password
    new_password: Password


class Recovery(Strict):
    """``POST /api/account/recover``: the recovery code shown at registration sets a new
    password (and is used up: a new code is shown instead)."""

    username: Username
    recovery_code: Annotated[StrictStr, Field(max_length=100)]
    new_password: Password


class HeldSeat(Strict):
    """A seat this browser holds: its game and token."""

    game: Annotated[StrictStr, Field(max_length=32)]
    token: Annotated[StrictStr, Field(max_length=100)]


class HeldSeats(Strict):
    """``POST /api/account/games``: the seats a browser holds, to link to the account."""

    seats: Annotated[list[HeldSeat], Field(max_length=200)]


class RegisteredOut(BaseModel):
    """A new account (now signed in) and its recovery code, shown this once."""

    username: str
    recovery_code: str


class SessionOut(BaseModel):
    """Who is signed in (None: nobody)."""

    username: str | None


class LinkedOut(BaseModel):
    """How many of the seats given were linked to the account now."""

    linked: StrictInt


class RatingOut(BaseModel):
    """One pool's Glicko-2 rating; ``shown`` as players read it (``1500?`` provisional)."""

    rating: float
    rd: float
    volatility: float
    games: int
    provisional: bool
    shown: str


class RatingPoint(BaseModel):
    """A pool's rating after one rated game."""

    at: float
    rating: float
    rd: float
    game_id: str


class RecentGame(BaseModel):
    """One of a player's games, newest first."""

    game_id: str
    game: str
    status: str
    seat: int
    opponents: list[str]
    result: str | None
    rated: bool
    pool: str | None
    rating_before: float | None
    rating_after: float | None
    ended: float | None


class ProfileOut(BaseModel):
    """``GET /api/players/{username}``: a player's public profile."""

    username: str
    created: float
    ratings: dict[str, RatingOut]
    history: dict[str, list[RatingPoint]]
    recent: list[RecentGame]
