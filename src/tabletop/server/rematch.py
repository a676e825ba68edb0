"""A rematch after a game: every person who played asks for one (the first asking is the
offer, the others accepting it), then a new game starts with the same game, options and
clock, each player moved one seat on (two players swap colours), the accounts seated as
before and the game rated or casual as before, and each player's
sockets get their seat and token there in a ``rematch`` frame (docs/protocol.md).

The offers and the new game live in the room and in storage (decision records 0091 and
0100), so a rematch goes on after the room left memory or the server restarted. A
player's token in the new game is derived from its token in the old one (an HMAC), so
storage keeps only hashes, as for every token, and a socket opened later on the old game
with its seat's token is given its place there again.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.play.match import Event, Match, MatchError, SeatSpec
from tabletop.server.accounts.seats import carry_to_rematch
from tabletop.server.protocol import rematch_frame
from tabletop.server.store import Store, hash_token

if TYPE_CHECKING:
    from tabletop.server.rooms import Holder, Room, Rooms


@dataclass
class Rematch:
    """A finished game's rematch: the seats that asked (in order), the hash of each one's
    token in the new game (see :func:`token_there`), and the new game once all asked."""

    offers: list[int] = field(default_factory=list)
    keys: dict[int, str] = field(default_factory=dict)
    game: str | None = None

    def view(self) -> dict[str, Any] | None:
        """The GameView's ``rematch``: None before anyone asked."""
        return {"offers": list(self.offers), "game": self.game} if self.offers else None

    def to_dict(self) -> dict[str, Any]:
        keys = {str(k): v for k, v in self.keys.items()}
        return {"offers": self.offers, "keys": keys, "game": self.game}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rematch:
        keys = {int(k): str(v) for k, v in dict(data.get("keys") or {}).items()}
        return cls([int(s) for s in data.get("offers") or []], keys, data.get("game"))


def token_there(token: str, game_id: str) -> str:
    """The token in the rematch of game ``game_id`` of the seat whose token there is
    ``token``: only a holder of that token can work it out, and storage keeps its hash."""
    digest = hmac.new(token.encode(), f"rematch:{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


async def load(store: Store, room: Room) -> None:
    """Give a room loaded from storage its rematch, if its game is over and had one."""
    if room.match.status != "finished":
        return
    kept = await store.rematch(room.id)
    if kept is not None:
        room.rematch = Rematch.from_dict(kept)


def seat_after(seat: int, players: int) -> int:
    """The seat a player of ``seat`` takes in the rematch: the next one round the table."""
    return (seat + 1) % players


def rematch_seats(match: Match) -> list[SeatSpec]:
    """The seats of the rematch: each seat's player (person or computer) moved one seat on.

    A person shown under the seat's default name (no name given) gets the default
    name of the new seat, so no one plays White as "Black"."""
    n = len(match.seats)
    defaults = match.game.seat_names
    seats = [SeatSpec()] * n
    for old, spec in enumerate(match.seats):
        name = "" if spec.kind == "person" and spec.name == defaults[old] else spec.name
        seats[seat_after(old, n)] = SeatSpec(spec.kind, spec.level, name)
    return seats


async def offer(rooms: Rooms, room: Room, holder: Holder) -> None:
    """The seat of ``holder`` asks for a rematch; the last person to ask starts it."""
    async with room.lock:
        seat = rooms.holding(room, holder)
        match = room.match
        rematch = room.rematch
        if match.status != "finished":
            raise MatchError(
                "bad-request", "a rematch is offered once the game is over", reason="rematch-early"
            )
        if rematch.game is not None:
            raise MatchError(
                "bad-request", "the rematch has started already", reason="rematch-started"
            )
        if seat in rematch.offers:
            raise MatchError(
                "bad-request",
                "you have offered a rematch already: waiting",
                reason="rematch-offered",
            )
        if holder.token is None:
            raise MatchError(
                "bad-request",
                "this seat has no token to carry into a rematch",
                reason="rematch-token",
            )
        rematch.offers.append(seat)
        rematch.keys[seat] = hash_token(token_there(holder.token, room.id))
        people = [s for s, spec in enumerate(match.seats) if spec.kind == "person"]
        ready = all(s in rematch.offers for s in people)
        events: list[Event] = [{"kind": "rematch-offer", "seat": seat}]
        if ready:
            game_id = await _start(rooms, room)
            events.append({"kind": "rematch", "game": game_id})
        else:
            await rooms.store.save_rematch(room.id, rematch.to_dict())
        # The events carry the view's new ``rematch`` to everyone watching.
        await rooms.act_locked(room, lambda m: events)
        if ready:
            for other in list(room.holders):
                _tell(room, other)
    rooms.touch(room)


async def _start(rooms: Rooms, room: Room) -> str:
    """Make the new game (every person seat claimed by its player, its token the one
    :func:`token_there` gives that player) and keep the rematch in storage."""
    match = room.match
    seats = rematch_seats(match)
    seed = int.from_bytes(os.urandom(4), "big") >> 1
    new = Match(match.game, seats, match.clock.spec, now=rooms.now, seed=seed, propose_dead=None)
    for seat, spec in enumerate(seats):
        if spec.kind == "person":
            new.claim(seat, spec.name)
    created, _ = await rooms.create(new, person_tokens=False)
    n = len(match.seats)
    for old, key in room.rematch.keys.items():
        await rooms.store.replace_token(created.id, seat_after(old, n), key, [])
        created.hashes[seat_after(old, n)] = key
    # The same accounts in the same seats' players, rated or casual as before (issue 12).
    await carry_to_rematch(rooms.store.engine, room.id, created.id, lambda s: seat_after(s, n))
    room.rematch.game = created.id
    await rooms.store.save_rematch(room.id, room.rematch.to_dict())
    return created.id


def _tell(room: Room, holder: Holder) -> None:
    """Send ``holder`` its seat and token in the rematch, if it holds a seat here whose
    player is in the rematch with this token."""
    seat, token, game = holder.seat, holder.token, room.rematch.game
    if seat is None or token is None or game is None or holder.queue is None:
        return
    there = token_there(token, room.id)
    key = room.rematch.keys.get(seat)
    if key is None or not hmac.compare_digest(key, hash_token(there)):
        return  # the seat went on on another device after it asked
    # A socket that stopped reading misses it; reconnecting gets it (Rooms.attach).
    with contextlib.suppress(asyncio.QueueFull):
        holder.queue.put_nowait(rematch_frame(game, seat_after(seat, len(room.match.seats)), there))


def tell_on_attach(room: Room, holder: Holder) -> None:
    """A socket of a seat opened after the rematch started: it gets its place there too."""
    _tell(room, holder)
