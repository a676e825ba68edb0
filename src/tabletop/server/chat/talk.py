"""Saying a line, muting the other players, and the chat a socket gets when it (re)connects.

Who is a player: a socket holding a seat's token (a guest's as well as an account's); any
other socket of the game is a spectator. A game against the computer only (fewer than two
person seats) has no chat. Lines and mutes are events of the game, committed and published
under the room's lock as moves are (:meth:`Rooms.act_locked`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.play.match import Match, MatchError
from tabletop.server.chat.storage import history, is_muted
from tabletop.server.chat.words import check_text
from tabletop.server.limits import retry_after
from tabletop.server.protocol import chat_frame

if TYPE_CHECKING:
    from tabletop.server.rooms import Holder, Room, Rooms
    from tabletop.server.store import Store


class Hushed(Exception):
    """A line refused while its sender is told already that they send too fast: no second
    error frame for the same flood (decision record 0149)."""


def has_chat(match: Match) -> bool:
    """Whether the game has chat: two or more of its seats are people's."""
    return sum(1 for seat in match.seats if seat.kind == "person") >= 2


def _no_chat() -> MatchError:
    return MatchError("no-chat", "a game against the computer only has no chat")


async def say(
    rooms: Rooms, room: Room, holder: Holder, text: str, wait: Callable[[], float]
) -> None:
    """``holder`` says ``text`` to its side. ``wait`` takes one of the client's chat
    tokens: the seconds until one is free (0: go ahead). MatchError says why not."""
    if not has_chat(room.match):
        raise _no_chat()
    kept = check_text(text)
    delay = wait()
    if delay:
        if holder.flooded:
            raise Hushed
        holder.flooded = True
        after = retry_after(delay)
        raise MatchError(
            "rate-limited",
            f"too many chat lines from your address: try again in {after} s",
            {"seconds": int(after)},
            reason="chat-flood",
        )
    holder.flooded = False
    try:
        async with room.lock:
            if holder.seat is None:
                channel, seat, name = "spectators", None, holder.name
            else:
                seat = rooms.holding(room, holder)  # its token checked again
                channel, name = "players", room.match.seats[seat].name
            # "kind" first: storage finds chat events by their text's start.
            event = {
                "kind": "chat",
                "channel": channel,
                "seat": seat,
                "name": name,
                "text": kept,
                "at": round(rooms.now(), 3),
            }
            await rooms.act_locked(room, lambda m: [event])
    finally:
        rooms.touch(room)


async def mute(rooms: Rooms, room: Room, holder: Holder, muted: bool) -> str:
    """The seat of ``holder`` mutes (or hears again) the other players' chat; returns the
    chat frame the socket now gets (its side's lines as it may read them)."""
    if not has_chat(room.match):
        raise _no_chat()
    try:
        async with room.lock:
            seat = rooms.holding(room, holder)  # a spectator has no one to mute
            event = {"kind": "chat-mute", "seat": seat, "mute": muted}
            await rooms.act_locked(room, lambda m: [event])
            holder.muted = muted
            return await chat_of(rooms.store, room, holder)
    finally:
        rooms.touch(room)


async def chat_of(store: Store, room: Room, holder: Holder) -> str:
    """The chat frame of ``holder``'s side in a game with chat (the caller holds the
    room's lock); notes whether its seat muted the others."""
    if holder.seat is None:
        return chat_frame("spectators", False, await history(store.engine, room.id, "spectators"))
    holder.muted = await is_muted(store.engine, room.id, holder.seat)
    only = holder.seat if holder.muted else None
    lines = await history(store.engine, room.id, "players", only)
    return chat_frame("players", holder.muted, lines)


async def tell_on_attach(store: Store, room: Room, holder: Holder) -> None:
    """A socket just attached (the caller holds the room's lock): its side's chat follows
    its snapshot, before any later event; nothing when there is none (no line yet, not
    muted: the client starts with an empty chat)."""
    if holder.queue is None or not has_chat(room.match):
        return
    told = await chat_of(store, room, holder)
    if holder.muted or '"lines":[]' not in told:
        holder.queue.put_nowait(told)
