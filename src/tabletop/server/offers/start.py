"""The game an accepted offer starts: both seats claimed at once, the offerer's token the
one its key derives (so the game is made while the offerer is away, and storage keeps
only hashes), the accepting player's a fresh one, both seats linked to their accounts
from the first move (decision record 0125), casual unless the offer was rated."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Row

from tabletop.core import load_game
from tabletop.play.clock import TimeControl
from tabletop.play.match import Match, SeatSpec
from tabletop.server.accounts.seats import link_seat, make_casual
from tabletop.server.rooms import Rooms, new_token
from tabletop.server.store import hash_token


def offer_token(key: str, offer_id: str) -> str:
    """The offerer's seat token in the game of offer ``offer_id``, from the offer's key:
    only the holder of the key can work it out."""
    digest = hmac.new(key.encode(), f"offer:{offer_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


@dataclass(frozen=True)
class Taker:
    """Who accepts an offer: an account (its id) or a guest, and the name shown."""

    account_id: int | None
    name: str


@dataclass(frozen=True)
class Started:
    """A started game: its id, the offerer's seat, and the taker's seat and token."""

    game_id: str
    offer_seat: int
    taker_seat: int
    taker_token: str


async def start_game(rooms: Rooms, offer: Row[Any], taker: Taker) -> Started:
    """Make the game of ``offer`` (claimed already) with ``taker`` in the other seat; sides
    drawn at random (lichess's default)."""
    game = load_game(offer.game, **json.loads(offer.options))
    clock = TimeControl.from_dict(json.loads(offer.clock))
    offer_seat = secrets.randbelow(2)
    taker_seat = 1 - offer_seat
    names = {offer_seat: offer.name, taker_seat: taker.name}
    seats = [SeatSpec("person", None, names[s]) for s in range(2)]
    seed = int.from_bytes(os.urandom(4), "big") >> 1
    match = Match(game, seats, clock, now=rooms.now, seed=seed, propose_dead=None)
    for seat in range(2):
        match.claim(seat, names[seat])
    room, _ = await rooms.create(match, person_tokens=False)
    token = new_token()
    for seat, key in ((offer_seat, offer.seat_hash), (taker_seat, hash_token(token))):
        await rooms.store.replace_token(room.id, seat, key, [])
        room.hashes[seat] = key
    engine = rooms.store.engine
    if not offer.rated:
        await make_casual(engine, room.id)
    for seat, account in ((offer_seat, offer.account_id), (taker_seat, taker.account_id)):
        if account is not None:
            await link_seat(engine, room.id, seat, int(account), 0)
    return Started(room.id, offer_seat, taker_seat, token)
