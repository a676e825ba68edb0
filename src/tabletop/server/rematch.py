"""A rematch after a game: every person who played asks for one (the first asking is the
offer, the others accepting it), then a new game starts with the same game, options and
clock, each player moved one seat on (two players swap colours), and each player's
sockets get their seat and token there in a ``rematch`` frame (docs/protocol.md).

The offers live in the room, in memory only (decision record 0091): an offer lost to a
restart is made again with one click, and a finished game holds nothing else worth keeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from typing import TYPE_CHECKING

from tabletop.play.match import Event, Match, MatchError, SeatSpec
from tabletop.server.protocol import rematch_frame

if TYPE_CHECKING:
    from tabletop.server.rooms import Holder, Room, Rooms


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
        if match.status != "finished":
            raise MatchError("bad-request", "a rematch is offered once the game is over")
        if room.rematch_game is not None:
            raise MatchError("bad-request", "the rematch has started already")
        if seat in room.rematch_offers:
            raise MatchError("bad-request", "you have offered a rematch already: waiting")
        room.rematch_offers.append(seat)
        people = [s for s, spec in enumerate(match.seats) if spec.kind == "person"]
        ready = all(s in room.rematch_offers for s in people)
        events: list[Event] = [{"kind": "rematch-offer", "seat": seat}]
        if ready:
            game_id = await _start(rooms, room)
            events.append({"kind": "rematch", "game": game_id})
        # The events carry the view's new ``rematch`` to everyone watching.
        await rooms.act_locked(room, lambda m: events)
        if ready:
            for other in list(room.holders):
                _tell(room, other)
    rooms.touch(room)


async def _start(rooms: Rooms, room: Room) -> str:
    """Make the new game (every person seat claimed by its player) and note the tokens."""
    match = room.match
    seats = rematch_seats(match)
    seed = int.from_bytes(os.urandom(4), "big") >> 1
    new = Match(match.game, seats, match.clock.spec, now=rooms.now, seed=seed, propose_dead=None)
    for seat, spec in enumerate(seats):
        if spec.kind == "person":
            new.claim(seat, spec.name)
    created, tokens = await rooms.create(new)
    room.rematch_game = created.id
    for old in range(len(match.seats)):
        token = tokens[seat_after(old, len(match.seats))]
        if token is not None:
            room.rematch_seats[old] = (seat_after(old, len(match.seats)), token)
    return created.id


def _tell(room: Room, holder: Holder) -> None:
    """Send ``holder`` its seat and token in the rematch, if it held a seat here."""
    place = room.rematch_seats.get(holder.seat) if holder.seat is not None else None
    if place is None or holder.queue is None or room.rematch_game is None:
        return
    # A socket that stopped reading misses it; reconnecting gets it (Rooms.attach).
    with contextlib.suppress(asyncio.QueueFull):
        holder.queue.put_nowait(rematch_frame(room.rematch_game, *place))


def tell_on_attach(room: Room, holder: Holder) -> None:
    """A socket of a seat opened after the rematch started: it gets its place there too."""
    _tell(room, holder)
