"""Rooms: the live games in memory, each with its lock, watchers, clock timer, computer seat and
dead-stone proposal.

Every change to a game goes through :meth:`Rooms.act` under the room's lock:
the match applies the action (or refuses it and is unchanged), the events
get the next sequence numbers, the events and the new match are committed
to storage, and only then are they published to the watchers. Afterwards
the room arms what runs on its own: the flag-fall timer of the running
clock, the computer seat to move (in the process pool, through the scheduler
of :mod:`tabletop.server.work`), Go's dead-stone proposal when two passes
have ended play (in the pool too, at the computer moves' priority: decision
record 0075), the grace period of a player who left a 3 or
4 player game (its deadline is kept in the match, so a restarted server
re-arms it).

A room stays in memory while it is needed: a socket watches it, or one of
those runs. Otherwise it joins a bounded list of idle rooms, least recently
used first, and the oldest is dropped when the list is full: storage has
every game, so a dropped room is loaded again on its next use (decision
record 0068). Event frames carry what changed (:func:`delta`), not the whole
view: a snapshot has that.
Seats change hands under the same lock (decision record 0065): an invite
link claims its seat once and its socket gets the seat's own new token; a
lobby join, or a hand-over link opened on another device, retires the
token it replaces, and sockets still holding a retired token are told and
go on watching. Every action checks the acting socket's token again.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from tabletop.core import TabletopError
from tabletop.play.computer import hint, propose, think
from tabletop.play.match import Event, Match, MatchError
from tabletop.server import remote
from tabletop.server.bus import Bus, Frame
from tabletop.server.chat.talk import tell_on_attach as tell_chat
from tabletop.server.errors import UNAVAILABLE, is_outage
from tabletop.server.lease import TTL, Lease
from tabletop.server.presence import Presence
from tabletop.server.protocol import (
    error_frame,
    event_frame,
    seat_frame,
    snapshot_frame,
    watchers_frame,
)
from tabletop.server.rematch import Rematch, tell_on_attach
from tabletop.server.rematch import load as load_rematch
from tabletop.server.store import Conflict, Store, hash_token
from tabletop.server.tasks import TaskSet
from tabletop.server.views import board_view, game_view, mark_taken, shown_part, view_delta
from tabletop.server.work import Current, Dropped, JobFunction, Work

T = TypeVar("T")

log = logging.getLogger("tabletop.server")

#: Missed events sent one by one on reconnect; more than this and a snapshot is sent instead.
CATCH_UP_LIMIT = 100
#: Rooms kept in memory while nothing needs them (the least recently used go first),
#: and the moves they may hold in all (a room's memory grows with its moves).
IDLE_ROOMS = 100
IDLE_PLIES = 20_000
#: The longest a flag-fall timer sleeps before it reads the server's clock again (seconds).
WAKE = 60.0
#: Seconds between looks for games that need a driver and have none (with other processes).
ADOPT_EVERY = 1.0
#: Seconds of the running turn given back to the player when a game is taken over from a
#: process that died or stopped (decision record 0169): the longest a game goes without a
#: driver, its lease's life after the last renewal and one look for such games.
TAKEOVER_GRACE = TTL + ADOPT_EVERY
#: Actions of other processes a room keeps to apply once it can (a number missed before
#: them); past this it loads the game from the database instead.
AHEAD_LIMIT = 64
#: Seconds a process driving a game waits for the progress of another process's action
#: before it loads the game again.
FOLLOW_AFTER = 0.5


def needs_driver(match: Match) -> bool:
    """Whether the game goes on by itself: a running clock can fall, a computer is to move,
    a computer may take the seat of a person who left (decision record 0074), or Go's
    dead-stone proposal is still to be worked out (decision record 0075)."""
    running = match.status == "playing" and (
        match.clock.flag_time() is not None or match.computer_to_move() is not None
    )
    proposing = match.status == "scoring" and match.proposal_pending
    return running or proposing or match.may_replace_people()


def kept(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> int:
    """How many of the move entries ``old`` are still the first ones of ``new``.

    Entries are never changed in place (a move appends one, an undo removes the last
    ones), so comparing identities from the end of the shorter list is enough."""
    k = min(len(old), len(new))
    while k and old[k - 1] is not new[k - 1]:
        k -= 1
    return k


def delta(shown: dict[str, Any], stored: list[dict[str, Any]], view: dict[str, Any]) -> Any:
    """What changed from the view the watchers have to ``view`` (see views.view_delta)."""
    return view_delta(shown, kept(stored, view["moves"]), view)


#: What a socket whose link or token no longer holds a seat is told (it then watches):
#: the error code and message, by the state ``Store.link`` gives for the token.
LINK_MESSAGES = {
    "used": ("invite-used", "this link has been used and its seat is taken: you are watching"),
    "moved": ("seat-moved", "this seat continues on another device: you are watching here"),
}


def new_id() -> str:
    """A game id: 12 URL-safe random characters."""
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """A seat token."""
    return secrets.token_urlsafe(24)


class SeatLost(MatchError):
    """A socket's token no longer holds its seat; the socket has been told and watches."""


@dataclass(eq=False)
class Holder:
    """One socket's hold on a seat: the seat (None: watching), its token's hash, its queue;
    the token itself, in memory only, works out its place in a rematch (server/rematch.py);
    what the chat needs of it (server/chat)."""

    seat: int | None = None
    digest: str | None = None
    token: str | None = None
    queue: asyncio.Queue[Frame] | None = None
    # The chat (server/chat): the name a spectator gave, whether the seat muted the other
    # players, whether it was told it sends lines too fast (and not yet sent one since).
    name: str = ""
    muted: bool = False
    flooded: bool = False


class Room:
    """One live game."""

    def __init__(self, game_id: str, match: Match, seq: int, hashes: list[str | None]) -> None:
        self.id = game_id
        self.match = match
        self.seq = seq
        self.hashes = hashes
        self.lock = asyncio.Lock()
        self.connected: Counter[int] = Counter()  # seat -> open sockets
        self.left: set[int] = set()  # seats whose player left (a "left" event was sent)
        # Seats whose last socket here closed while another process seemed to hold them:
        # checked again when it lets go (decision record 0185).
        self.unsure: set[int] = set()
        # Seats the stored events say left while a socket of them is open here: another
        # process said so on late news; they are back (Rooms._still_here).
        self.returning: set[int] = set()
        self.timer: asyncio.Task[None] | None = None
        self.computer: asyncio.Task[None] | None = None
        self.proposal: asyncio.Task[None] | None = None  # Go's dead stones being worked out
        self.hinting = 0  # hint requests of this game waiting for a worker or being worked out
        self.grace: dict[int, asyncio.Task[None]] = {}
        # The move entries storage holds (and the watchers were last sent), by identity:
        # the next commit writes and the next delta sends only the moves after them.
        self.stored: list[dict[str, Any]] = list(match.moves)
        # The board and legal moves the watchers were last sent (None: not yet worked out).
        self.shown: dict[str, Any] | None = None
        # The indexed columns as last stored (None: unknown, write them).
        self.indexed: tuple[str, bool] | None = None
        self.holders: set[Holder] = set()  # the open sockets
        # The rematch after the game (server/rematch.py; kept in storage too).
        self.rematch = Rematch()
        # The newest event number another process published (a shared bus): the match
        # here is behind storage while it exceeds ``seq``.
        self.behind = 0
        # Other processes' actions not yet applied here, by their first number
        # (server/remote.py): applied in order once the room has the number before.
        self.ahead: dict[int, dict[str, Any]] = {}
        # With other processes: this one is asking for the game's lease, or loading the
        # game again because another process moved it on (decision record 0151).
        self.claiming = False
        self.following_up = False
        # Just loaded from storage (a claim of its lease then takes it over).
        self.loaded = False
        # The seats with a socket on other processes (decision record 0168).
        self.presence = Presence()

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        return self.seat_of_hash(hash_token(token))

    def seat_of_hash(self, digest: str) -> int | None:
        """The seat whose token has this hash, or None."""
        for seat, stored in enumerate(self.hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
        return None

    def elsewhere(self) -> set[int]:
        """The seats with a socket open on another process."""
        return self.presence.elsewhere(self.id)

    def view(self) -> dict[str, Any]:
        """The GameView now."""
        online = sorted({s for s, n in self.connected.items() if n > 0} | self.elsewhere())
        watchers = sum(1 for h in self.holders if h.seat is None)
        rematch = self.rematch.view()
        return game_view(self.match, self.id, self.seq, online, watchers=watchers, rematch=rematch)


class Rooms:
    """The live games of this server process."""

    def __init__(
        self,
        store: Store,
        bus: Bus,
        executor: Executor,
        *,
        grace: float = 60.0,
        replace_level: int = 3,
        now: Callable[[], float] = time.time,
        renew_executor: Callable[[], Executor] | None = None,
        workers: int = 1,
        idle_rooms: int = IDLE_ROOMS,
        idle_plies: int = IDLE_PLIES,
        wake: float = WAKE,
        lease: Lease | None = None,
        presence: Presence | None = None,
    ) -> None:
        self.store = store
        # Who is connected on the other processes (decision record 0168).
        self.presence = presence or Presence()
        self.presence.on_gone = self._gone_elsewhere
        self.bus = bus
        # Which games this process drives (all of them, alone; decision record 0151).
        self.lease = lease or Lease()
        self.lease.on_lost = self._lost
        self._adopting: asyncio.Task[None] | None = None
        # Every search goes through the scheduler; ``renew_executor`` makes a new worker
        # pool when one breaks (a worker killed by the system); None: the executor was
        # given from outside and is not ours to replace.
        self.work = Work(executor, workers, renew=renew_executor)
        self.grace = grace
        self.replace_level = replace_level
        self.now = now
        self.wake = wake
        self.rooms: dict[str, Room] = {}
        # Ids of the rooms in memory that nothing needs, least recently used first, with
        # their moves when they became idle (and the sum of those).
        self.idle: OrderedDict[str, int] = OrderedDict()
        self.idle_weight = 0
        self.idle_rooms = idle_rooms
        self.idle_plies = idle_plies
        self._trimming = False
        # One replay at a time off the event loop: each thread that computes takes the
        # interpreter from the loop for a switch interval in turn, so several at once
        # would make every request wait several intervals.
        self._replaying = asyncio.Semaphore(1)
        self._loading: dict[str, asyncio.Lock] = {}
        self.closing = False
        self._tasks = TaskSet(on_end=self._done)
        if bus.shared:
            # Other processes change the games too (decision record 0128).
            bus.on_gap = self.replay  # type: ignore[attr-defined]
            bus.on_remote = self._remote  # type: ignore[attr-defined]
            bus.on_heads = store.heads  # type: ignore[attr-defined]

    @property
    def executor(self) -> Executor:
        """The worker pool running now (a new one after a pool broke)."""
        return self.work.executor

    # -- finding and making rooms ----------------------------------------------------------
    async def get(self, game_id: str) -> Room | None:
        """The room of ``game_id``, loaded from storage on first use; None if unknown."""
        room = self.rooms.get(game_id)
        if room is not None:
            self.touch(room)
            return room
        if len(game_id) > 32:
            return None
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                loaded = await self.store.load(game_id)
                if loaded is None:
                    self._loading.pop(game_id, None)
                    return None
                data, seq, hashes = loaded
                # The dead-stone proposal is worked out in the pool (decision record 0075).
                match = await self.off_loop(Match.from_dict, data, now=self.now, propose_dead=None)
                loaded_room = Room(game_id, match, seq, hashes)
                loaded_room.presence = self.presence
                await load_rematch(self.store, loaded_room)
                # A caller that held the room from before it left memory may have put it
                # back (and played on it) while this load waited: that room is the game.
                room = self.rooms.setdefault(game_id, loaded_room)
                if room is loaded_room:
                    # Loaded needing a driver: if nobody holds its lease, this is a
                    # takeover (decision record 0169).
                    room.loaded = self.lease.shared and needs_driver(match)
                    self._arm(room)
        self._loading.pop(game_id, None)
        self.touch(room)
        return room

    async def off_loop(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work(*args, **kwargs)`` in a thread, one at a time: replaying a long game
        takes a while (measured: docs/benchmarks.md), which must not stop the event loop."""
        async with self._replaying:
            return await asyncio.to_thread(work, *args, **kwargs)

    async def create(
        self, match: Match, person_tokens: bool = True, creator: str | None = None
    ) -> tuple[Room, list[str | None]]:
        """Store a new game; returns its room and each seat's token (None: computer).

        ``creator``: the client's key, for its limit of games waiting for players."""
        game_id = new_id()
        tokens = [
            new_token() if spec.kind == "person" and person_tokens else None for spec in match.seats
        ]
        hashes = [None if t is None else hash_token(t) for t in tokens]
        if self.lease.shared and needs_driver(match):
            # Taken before the game is stored: another process adopts the stored live
            # games nobody holds, and must not take over one just made here.
            await self.lease.claim(game_id)
            self.bus.follow(game_id)
        try:
            await self.store.create(
                game_id, match.to_dict(), hashes, live=needs_driver(match), creator=creator
            )
        except BaseException:
            self._release(game_id)
            raise
        room = self.rooms[game_id] = Room(game_id, match, 0, hashes)
        room.presence = self.presence
        self._arm(room)
        self.touch(room)
        return room, tokens

    async def restore(self) -> int:
        """Load the games that need a driver after a restart (a running clock, a computer
        to move, a seat a computer may take), so they go on; the others are loaded when
        someone asks for them.

        Nobody is connected to a server that has just started: a person of a 3 or 4 player
        game counts as having left, and is replaced unless they are back within the grace
        period (a deadline kept from before the restart still holds).
        """
        if self.lease.shared:
            # Other processes may drive some of them: take only those nobody drives, now
            # and from now on (their process died). Who is connected is not known here.
            restored = await self.adopt()
            self._adopting = asyncio.create_task(self._adopt_forever(), name="adopt")
            return restored
        ids = await self.store.live_ids()
        restored = 0
        for game_id in ids:
            room = await self.get(game_id)
            if room is not None and room.match.may_replace_people():
                await self._absent_left(room)
            if room is not None and not needs_driver(room.match):
                await self.store.set_live(game_id, False)  # marked by an upgrade; not live
            else:
                restored += 1
        return restored

    # -- keeping only what is needed in memory ---------------------------------------------------
    def needed(self, room: Room) -> bool:
        """Whether something needs the room in memory: a watcher or a task of its own."""
        return bool(
            room.timer is not None
            or room.computer is not None
            or room.proposal is not None
            or room.grace
            or room.hinting
            or room.unsure
            or any(n > 0 for n in room.connected.values())
            or (self.bus is not None and self.bus.subscribers(room.id))
        )

    def touch(self, room: Room) -> None:
        """Note a use of the room: needed, it is kept; else it becomes the newest idle
        room, and soon after the oldest idle ones beyond :attr:`idle_rooms` leave memory.

        Soon: on the event loop's next turn, so a caller that was just handed the room
        (by :meth:`get`) has pinned it (subscribed, taken its lock) or finished with it."""
        if self.rooms.get(room.id) is not room:
            return
        self.idle_weight -= self.idle.pop(room.id, 0)
        if self.needed(room):
            return
        self.idle[room.id] = weight = room.match.ply
        self.idle_weight += weight
        if self._over() and not self._trimming:
            self._trimming = True
            asyncio.get_running_loop().call_soon(self._trim)

    def _trim(self) -> None:
        """Drop the oldest idle rooms beyond the bound (their games stay in storage)."""
        self._trimming = False
        for _ in range(len(self.idle)):
            if not self._over():
                break
            oldest = next(iter(self.idle))
            old = self.rooms.get(oldest)
            if old is not None and old.lock.locked():
                self.idle.move_to_end(oldest)  # being changed: storage is not yet the truth
                continue
            self.idle_weight -= self.idle.pop(oldest)
            if old is not None and not self.needed(old):
                self.forget(old)

    def _over(self) -> bool:
        return len(self.idle) > self.idle_rooms or (
            self.idle_weight > self.idle_plies and len(self.idle) > 1
        )

    async def _absent_left(self, room: Room) -> None:
        """Start the grace period of every claimed person seat without a connection."""
        async with room.lock:
            match = room.match
            if not match.replaces_leavers():
                return
            absent = [
                seat
                for seat, spec in enumerate(match.seats)
                if spec.kind == "person"
                and match.claimed[seat]
                and seat not in match.leaving
                and room.connected[seat] == 0
            ]
            deadline = self.now() + self.grace

            def leave(m: Match) -> list[Event]:
                return [e for seat in absent for e in m.leave(seat, deadline)]

            if absent:
                await self.act_locked(room, leave)
                room.left.update(absent)

    # -- acting ------------------------------------------------------------------------------
    async def act(self, room: Room, action: Callable[[Match], list[Event]]) -> list[Event]:
        """Apply ``action`` to the room's match; commit, then publish its events.

        MatchError from the action propagates and nothing has changed.
        """
        try:
            async with room.lock:
                return await self.act_locked(room, action)
        finally:
            self.touch(room)

    async def act_locked(
        self, room: Room, action: Callable[[Match], list[Event]], *, retry: bool = True
    ) -> list[Event]:
        """:meth:`act` for a caller that holds the room's lock already. ``retry``: with
        other processes, once more on the stored game if another process's commit came
        first."""
        current = self.rooms.setdefault(room.id, room)
        if current is not room:
            # Dropped from memory and loaded again while this caller held it: the other
            # copy is the game now, and this one must not write over it.
            raise MatchError("stale", "the game was reloaded meanwhile: try again")
        if room.behind > room.seq:
            self._apply_ahead(room)
            if room.behind > room.seq:
                await self.refresh(room)  # another process moved the game on
        if room.shown is None:
            room.shown = shown_part(room.view())
        events = action(room.match)
        if not events:
            return events
        first = room.seq + 1
        match = room.match
        if match.moves and any(e.get("kind") == "move" for e in events):
            mark_taken(match.moves[-1], room.shown["board"], board_view(match.state))
        indexed = (match.status, needs_driver(match))
        unchanged = kept(room.stored, match.moves)
        try:
            await self.store.commit(
                room.id,
                first,
                events,
                match.to_dict(),
                kept=unchanged,
                stored=len(room.stored),
                live=indexed[1],
                indexed=indexed != room.indexed,
            )
        except Conflict:
            # Its event numbers are taken: storage moved on without this copy. Nothing of
            # this action is stored. With other processes (a shared bus) that is another
            # process's move: this copy catches up and the action is tried once on it.
            if self.bus.shared and retry:
                await self.refresh(room)
                return await self.act_locked(room, action, retry=False)
            # The client reloads the stored game.
            log.warning("game %s: a copy behind storage tried to store a move", room.id)
            self.forget(room)
            raise MatchError("stale", "the game changed meanwhile: reload") from None
        except Exception as err:
            # Storage failed: forget the changed match; the stored one is the truth.
            if is_outage(err):  # the database is away: the client is told, no traceback
                log.warning("storing game %s failed: the database is unavailable", room.id)
            else:
                log.exception("storing game %s failed", room.id)
            self.forget(room)
            # Its sockets watched a copy that is not the game (the action is applied in
            # it): they are told and closed, and reconnect to the game as stored. Left
            # open, they kept the copy alive (an act put it back) or missed the replays
            # sent to the next copy's sockets (decision record 0166).
            self._close_sockets(room, error_frame("unavailable", UNAVAILABLE))
            raise
        room.seq = first + len(events) - 1
        room.indexed = indexed
        room.loaded = False  # changed here since: a claim now is this action's
        view = room.view()
        change = delta(room.shown, room.stored, view)
        room.stored = list(match.moves)
        room.shown = shown_part(view)
        last = len(events) - 1
        # The other processes follow the action in memory (server/remote.py).
        extra = (
            remote.progress(match, first, room.seq, unchanged, events, room.left)
            if self.bus.shared
            else None
        )
        for offset, event in enumerate(events):
            # The view's change (and the action's progress) ride on its last event.
            delta_now = change if offset == last else None
            seq = first + offset
            frame = event_frame(seq, event, delta_now)
            self.bus.publish(room.id, frame, seq, extra if offset == last else None)
        self._arm(room)
        return events

    # -- other processes (a shared bus) ---------------------------------------------------------
    def _remote(self, game_id: str, seq: int, extra: str | None = None) -> None:
        """Another process published event ``seq`` of ``game_id``: a room here is behind,
        until it applies the action's progress ``extra`` (the last event of an action
        carries it: server/remote.py) or loads the game again."""
        room = self.rooms.get(game_id)
        if room is not None and seq > room.seq:
            room.behind = max(room.behind, seq)
            if extra is not None:
                # Applied under the room's lock by whoever takes it next (a replay of the
                # bus reads the room under it, so it must not change meanwhile).
                data = json.loads(extra)
                if data["first"] > room.seq and len(room.ahead) < AHEAD_LIMIT:
                    room.ahead[data["first"]] = data
            driven = self.lease.shared and self.lease.owns(game_id)
            if (extra is not None or driven) and not room.following_up:
                # Driven here, its timers must follow the game as it is now.
                room.following_up = True
                self.spawn(self._follow_up(room, 0.0 if extra is not None else FOLLOW_AFTER))

    async def _follow_up(self, room: Room, wait: float) -> None:
        """Apply what other processes did to the game, under its lock; a game driven here
        that is still behind is loaded again (which re-arms its timers), after ``wait``
        seconds for the action's progress: a reading of the stored numbers often sees a
        commit whose message is still on its way."""
        try:
            await asyncio.sleep(wait)
            async with room.lock:
                if room.behind > room.seq and self.rooms.get(room.id) is room:
                    self._apply_ahead(room)
                driven = self.lease.shared and self.lease.owns(room.id)
                if driven and room.behind > room.seq and self.rooms.get(room.id) is room:
                    await self.refresh(room)
                if self.rooms.get(room.id) is room:
                    await self._still_here(room)
        finally:
            room.following_up = False

    async def _still_here(self, room: Room) -> None:
        """Another process recorded that a player left whose socket is open here (what it
        had heard of this one was late): they are back (decision record 0185). The
        caller holds the room's lock."""
        match = room.match
        said = room.left | room.returning | set(match.leaving)
        room.returning = set()
        if match.status == "finished":
            return
        for seat in sorted(said):
            if room.connected[seat] > 0 and match.claimed[seat]:
                room.left.discard(seat)
                await self.act_locked(room, partial(Match.come_back, seat=seat))

    def _apply_ahead(self, room: Room) -> None:
        """Apply the other processes' actions the room has kept, in order, from the one
        after its number (the caller holds its lock); what does not fit is left to
        :meth:`refresh`."""
        applied = False
        while (data := room.ahead.pop(room.seq + 1, None)) is not None:
            if not remote.apply(room.match, data):
                break
            applied = True
            room.seq = int(data["last"])
            # Storage has these moves, and its indexed columns are as the other process
            # wrote them; the watchers have its view (their next delta starts from it).
            room.stored = list(room.match.moves)
            room.shown = None
            room.indexed = (room.match.status, needs_driver(room.match))
            room.left = set(data["away"])
        room.ahead = {f: d for f, d in room.ahead.items() if f > room.seq}
        if room.behind <= room.seq:
            room.behind = 0
        if applied:
            self._arm(room)

    async def refresh(self, room: Room) -> None:
        """Load the room's game again from storage, in place (the caller holds its lock):
        another process changed it. Its sockets and their seats stay."""
        loaded = await self.store.load(room.id)
        room.behind = 0
        if loaded is None:
            return
        data, seq, hashes = loaded
        if seq == room.seq:
            return
        room.ahead = {f: d for f, d in room.ahead.items() if f > seq}
        room.match = await self.off_loop(Match.from_dict, data, now=self.now, propose_dead=None)
        room.seq, room.hashes = seq, hashes
        room.stored = list(room.match.moves)
        room.shown = None
        room.indexed = None
        if self.presence.shared and room.match.status != "finished":
            # Another process may have said that a player left (or came back): the
            # stored events say who is away; connecting again says they are back, and
            # one connected here already is back at once (_still_here).
            here = {s for s, n in room.connected.items() if n > 0}
            away = await self.store.away(room.id)
            room.left = away - here
            room.returning = away & here
        await load_rematch(self.store, room)
        self._arm(room)

    async def fresh(self, room: Room) -> None:
        """Make sure the room is the stored game before it is read (with other processes:
        one of them may have moved it on, and its message may be late or lost)."""
        if self.bus.shared:
            async with room.lock:
                await self._caught_up(room)

    async def _caught_up(self, room: Room) -> None:
        """Make sure the room is the stored game (the caller holds its lock)."""
        self._apply_ahead(room)
        if room.behind > room.seq or await self.store.seq_of(room.id) != room.seq:
            await self.refresh(room)
        await self._still_here(room)

    async def replay(self, game_id: str) -> int:
        """The sockets here of ``game_id`` may have missed the events after the last the
        shared bus delivered (it lost some): send them those from storage, then a snapshot,
        as a reconnecting socket gets. Returns the number the sockets now have."""
        room = self.rooms.get(game_id)
        if room is None:
            return 0
        async with room.lock:
            last: int = self.bus.last_of(game_id)  # type: ignore[attr-defined]
            await self._caught_up(room)
            first: list[str] = []
            if 0 <= last < room.seq and room.seq - last <= CATCH_UP_LIMIT:
                # Only up to the snapshot's number: a later event (committed since the
                # game was read) comes from the bus after it, in order (decision 0164).
                missed = await self.store.events_since(room.id, last)
                first = [event_frame(s, event, None) for s, event in missed if s <= room.seq]
            if last >= room.seq:
                return room.seq
            room.shown = None  # the snapshot below is what the watchers have now
            for holder in list(room.holders):
                if holder.queue is None:
                    continue
                for text in [*first, self.snapshot(room, holder.seat)]:
                    try:
                        holder.queue.put_nowait(text)
                    except asyncio.QueueFull:  # it stopped reading: closed as the bus does
                        self.bus.unsubscribe(room.id, holder.queue)
                        while not holder.queue.empty():
                            holder.queue.get_nowait()
                        holder.queue.put_nowait(None)
                        break
            return room.seq

    def forget(self, room: Room) -> None:
        """Drop a room from memory (its tasks stop; storage keeps the game and the leavers'
        deadlines, re-armed when it is loaded again)."""
        for task in (room.timer, room.computer, room.proposal, *room.grace.values()):
            if task is not None:
                task.cancel()
        room.grace.clear()
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self.idle_weight -= self.idle.pop(room.id, 0)
            self._release(room.id)

    def _close_sockets(self, room: Room, last: str) -> None:
        """Send each socket of ``room`` the frame ``last``, then close it (its client
        reconnects with ``since``), as the bus closes a slow one."""
        for holder in room.holders:
            queue = holder.queue
            if queue is None:
                continue
            self.bus.unsubscribe(room.id, queue)
            while not queue.empty():
                queue.get_nowait()
            queue.put_nowait(last)
            queue.put_nowait(None)

    # -- which process drives a game (decision record 0151) ------------------------------------
    def _release(self, game_id: str) -> None:
        if self.lease.shared:
            self.lease.release(game_id)
            self.bus.unfollow(game_id)

    def _stop_driving(self, room: Room) -> None:
        """Cancel the room's timers: another process drives the game."""
        current = asyncio.current_task()
        for task in (room.timer, room.computer, room.proposal, *room.grace.values()):
            if task is not None and task is not current:
                task.cancel()
        room.timer = None if room.timer is not current else room.timer
        room.computer = None if room.computer is not current else room.computer
        room.proposal = None if room.proposal is not current else room.proposal
        room.grace = {s: t for s, t in room.grace.items() if t is current}

    def _lost(self, game_id: str) -> None:
        """The lease of ``game_id`` went to another process: stop driving it here."""
        room = self.rooms.get(game_id)
        if room is not None:
            self._stop_driving(room)
        self.bus.unfollow(game_id)

    async def _claim(self, room: Room) -> None:
        """Take the game's lease if nobody drives it, and drive it (as it is stored)."""
        try:
            if not await self.lease.claim(room.id):
                return  # another process drives it
            if self.rooms.get(room.id) is not room or self.closing:
                self._release(room.id)
                return
            self.bus.follow(room.id)
            async with room.lock:
                await self._caught_up(room)
                if room.loaded:  # a live game nobody drove: its driver died or stopped
                    await self.act_locked(room, lambda m: m.give_back(TAKEOVER_GRACE))
                self._arm(room)
        finally:
            room.claiming = False
            room.loaded = False

    async def adopt(self) -> int:
        """Take over the games that need a driver and have none (their process died or
        gave them up); returns how many were taken."""
        wanted = [g for g in await self.store.live_ids() if not self.lease.owns(g)]
        adopted = 0
        for game_id in await self.lease.unheld(wanted):
            if self.closing:
                break
            if not await self.lease.claim(game_id):
                continue
            room = self.rooms.get(game_id)
            if room is None:
                room = await self.get(game_id)  # loaded and armed
                if room is None:
                    self._release(game_id)
                    continue
            self.bus.follow(game_id)
            async with room.lock:  # before a timer armed by the load runs
                await self._caught_up(room)
                # The player to move is not charged for the seconds the game had no
                # driver (the flag could not fall then, nor their socket stay open).
                await self.act_locked(room, lambda m: m.give_back(TAKEOVER_GRACE))
                self._arm(room)
            adopted += 1
        if adopted:
            log.info("took over %d games without a driver", adopted)
        return adopted

    async def _adopt_forever(self) -> None:
        while True:
            await asyncio.sleep(ADOPT_EVERY)
            try:
                await self.adopt()
            except Exception as err:  # the database or Redis away: the next look tries again
                log.warning("looking for games without a driver failed (%s)", err)

    # -- what runs on its own ----------------------------------------------------------------
    def _arm(self, room: Room) -> None:
        """(Re)start the flag-fall timer, the computer seat to move, the dead-stone proposal
        and the replacement of each leaver, as the match needs."""
        if self.closing:
            return
        match = room.match
        if not self.lease.owns(room.id):
            # Another process drives it, or nobody yet: this one asks (decision record 0151).
            self._stop_driving(room)
            if needs_driver(match) and not room.claiming and self.rooms.get(room.id) is room:
                room.claiming = True
                self.spawn(self._claim(room))
            return
        if room.timer is not None and room.timer is not asyncio.current_task():
            room.timer.cancel()
        room.timer = None
        flag = match.clock.flag_time() if match.status == "playing" else None
        if flag is not None:
            room.timer = asyncio.create_task(self._flag_fall(room, flag))
        seat = match.computer_to_move()
        if seat is not None and (room.computer is None or room.computer.done()):
            room.computer = asyncio.create_task(self._computer_move(room, seat))
        if (
            match.status == "scoring"
            and match.proposal_pending
            and (room.proposal is None or room.proposal.done())
        ):
            room.proposal = asyncio.create_task(self._propose(room))
        for leaver, deadline in match.leaving.items():
            if leaver not in room.grace and room.connected[leaver] == 0:
                room.grace[leaver] = asyncio.create_task(
                    self._replace_later(room, leaver, deadline)
                )
        if self.lease.shared and not needs_driver(match):
            self._release(room.id)  # nothing to drive: whoever acts next may take it

    async def _flag_fall(self, room: Room, flag: float) -> None:
        # In steps of at most ``wake`` seconds, the server's clock read again after each: a
        # correspondence deadline is days away, over which the event loop's monotonic clock
        # and the wall clock drift apart (a suspended machine, a clock set right), and
        # tests move ``now`` instead of waiting (decision record 0147).
        while (left := flag - self.now()) > 0:
            await asyncio.sleep(min(left + 0.01, self.wake))
        await self.act(room, lambda m: m.check_time())
        if room.timer is asyncio.current_task():  # no flag fell (the clock moved on)
            room.timer = None
            self._arm(room)
            self.touch(room)

    async def _pool_or_thread(
        self,
        task: JobFunction[T],
        job: dict[str, Any],
        current: Current,
        what: str,
        room: Room,
    ) -> T:
        """``task(job)`` in the worker pool; if the worker fails (or the pool is broken),
        once more in a thread of this process, so one bad worker never stalls a game.
        Raises :class:`Dropped` when the game moved on while the job waited, and the
        thread's error when the second try fails too."""
        try:
            return await self.work.move(task, job, current)
        except Dropped:
            raise
        except Exception:
            log.exception("%s failed in game %s; trying again in a thread", what, room.id)
        return await asyncio.get_running_loop().run_in_executor(None, task, job)

    async def _computer_move(self, room: Room, seat: int) -> None:
        match = room.match
        job = match.computer_job(seat)
        move: str | None = None

        def current() -> bool:
            return match.ply == job["ply"] and match.computer_to_move() == seat

        try:
            try:
                move = await self._pool_or_thread(think, job, current, "computer move", room)
            except Dropped:
                return  # the game moved on while the move waited for a worker
            except Exception:
                # Failed twice: never stall the game; play the first legal move (below).
                log.exception("computer move failed again in game %s", room.id)

            def play(m: Match) -> list[Event]:
                # The game may have moved on (undo, resignation) while the computer thought.
                if m.ply != job["ply"] or m.computer_to_move() != seat:
                    return []
                if move is not None:
                    try:
                        return m.play_computer(seat, move)
                    except MatchError:
                        log.exception("computer move %r refused in game %s", move, room.id)
                # Never stall the game on a bad answer or none: play the first legal move.
                return m.play_computer(seat, m.legal_moves()[0])

            await self.act(room, play)
        finally:
            room.computer = None
            async with room.lock:
                self._arm(room)
            self.touch(room)

    async def _propose(self, room: Room) -> None:
        """Work out Go's dead-stone proposal in the pool and apply it, unless the scoring
        phase it was for has gone (play resumed, a resignation) by then."""
        match = room.match
        job = match.proposal_job()

        def current() -> bool:
            return match.status == "scoring" and match.proposal_pending and match.ply == job["ply"]

        try:
            try:
                dead: list[str] = await self._pool_or_thread(
                    propose, job, current, "dead-stone proposal", room
                )
            except Dropped:
                return  # the phase ended while the proposal waited for a worker
            except Exception:
                # Failed twice: never leave the phase waiting; propose nothing, players mark.
                log.exception("dead-stone proposal failed again in game %s", room.id)
                dead = []
            await self.act(room, lambda m: m.set_proposal(dead, job["ply"]))
        finally:
            room.proposal = None
            async with room.lock:
                self._arm(room)
            self.touch(room)

    async def hint_for(self, room: Room, seat: int, client: str = "") -> dict[str, Any]:
        """The strongest computer seat's analysis of the position, for ``seat`` to move.

        ``client`` (the asker's address) bounds the hints one client has in the worker
        queue; a newer request in the same game replaces a waiting one (see
        :class:`tabletop.server.work.Work`).
        """
        match = room.match
        levels = [s.level for s in match.seats if s.kind == "computer" and s.level is not None]
        if not levels:
            raise MatchError("no-hint", "hints are given only in games with computer seats")
        if match.status != "playing" or match.to_move != seat:
            raise MatchError("not-your-turn", "a hint is for the player to move", reason="hint")
        job = match.computer_job(seat)
        job["level"] = max(levels)

        def current() -> bool:
            return match.ply == job["ply"] and match.to_move == seat

        room.hinting += 1
        try:
            result: dict[str, Any] = await self.work.hint(
                hint, job, current, game=room.id, client=client
            )
        except MatchError:
            raise  # superseded, stale or busy: the scheduler's own message
        except Exception:
            # The player gets an error frame and keeps the connection (and can ask again).
            log.exception("hint failed in game %s", room.id)
            raise MatchError("hint-failed", "the hint could not be worked out; ask again") from None
        finally:
            room.hinting -= 1
            self.touch(room)
        return result

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of its own, kept until it ends (errors are logged)."""
        self._tasks.start(work)

    def _done(self, task: asyncio.Task[None]) -> None:
        if task.cancelled() or task.exception() is None:
            return
        err = task.exception()
        if err is not None and (is_outage(err) or isinstance(err, MatchError)):
            # A database outage, or a room dropped meanwhile (by an outage): one line.
            log.warning("background task failed: %s", (str(err).splitlines() or ["?"])[0])
        else:
            log.error("background task failed", exc_info=err)

    # -- seats and their tokens (decision record 0065) ----------------------------------------
    async def attach(self, room: Room, token: str | None, since: int | None, name: str) -> Holder:
        """A socket opening with ``token`` (None: to watch): its hold, its queue filled.

        All under the room's lock, so a lobby join or another socket cannot
        take the same seat in between. An invite link (the token of a seat
        nobody has claimed) and a hand-over link claim their seat once: the
        socket is sent the seat's new token in a ``seat`` frame, and the link
        afterwards only watches, with an error frame saying why. Raises
        MatchError ``bad-token`` for a token that never was a link of this game.
        """
        async with room.lock:
            holder = Holder(name=name)
            before: list[str] = []
            if token:
                before = await self._take_seat(room, holder, token, name)
            if holder.seat is not None:
                await self.connect_locked(room, holder.seat)
            room.holders.add(holder)  # before its snapshot, which counts the watchers
            if holder.seat is None:
                self._count_watchers(room)  # to the others: this one's snapshot has it
            holder.queue = await self.subscribe_locked(room, holder.seat, since, before)
            tell_on_attach(room, holder)
            await tell_chat(self.store, room, holder)
            return holder

    async def _take_seat(self, room: Room, holder: Holder, token: str, name: str) -> list[str]:
        """Resolve ``token`` into ``holder``; returns the frames the socket gets first."""
        match = room.match
        digest = hash_token(token)
        seat = room.seat_of_hash(digest)
        if seat is not None and (match.claimed[seat] or match.status == "finished"):
            holder.seat, holder.digest = seat, digest  # the seat's own token
            holder.token = token
            return []
        if seat is not None:  # an invite link: it claims the seat once
            invited = seat
            fresh = await self._new_seat_token(room, seat, [(digest, "used")])
            await self.act_locked(room, lambda m: m.claim(invited, name))
        else:
            found = await self.store.link(room.id, digest)
            if found is None:
                raise MatchError("bad-token", "this token holds no seat of this game")
            seat, state = found
            if state != "handover" or match.seats[seat].kind != "person":
                code, message = LINK_MESSAGES.get(state, LINK_MESSAGES["used"])
                return [error_frame(code, message)]
            # A hand-over link: the seat goes on here; its old token only watches now.
            old = room.hashes[seat]
            retired = [(digest, "used"), *([(old, "moved")] if old else [])]
            fresh = await self._new_seat_token(room, seat, retired)
            who = match.seats[seat].name
            await self.act_locked(
                room, lambda m: [{"kind": "seat-changed", "seat": seat, "name": who}]
            )
            for other in [h for h in room.holders if h.seat == seat]:
                self._downgrade(room, other, *LINK_MESSAGES["moved"])
        holder.seat, holder.digest, holder.token = seat, room.hashes[seat], fresh
        return [seat_frame(seat, fresh)]

    async def _new_seat_token(
        self, room: Room, seat: int, retired: Sequence[tuple[str, str]]
    ) -> str:
        """Give ``seat`` a new token (stored before it is used); ``retired`` as in Store."""
        token = new_token()
        digest = hash_token(token)
        await self.store.replace_token(room.id, seat, digest, retired)
        room.hashes[seat] = digest
        return token

    async def join(self, room: Room, seat: int | None, name: str) -> tuple[int, str]:
        """A lobby join: the open person seat ``seat`` (None: the first) and its new token.

        The invite link of that seat is retired (it says "used" from now on).
        """
        async with room.lock:
            chosen = room.match.seat_to_claim(seat)
            old = room.hashes[chosen]
            token = await self._new_seat_token(room, chosen, [(old, "used")] if old else [])
            await self.act_locked(room, lambda m: m.claim(chosen, name))
        self.touch(room)
        return chosen, token

    async def handover(self, room: Room, token: str) -> tuple[int, str]:
        """A one-time link for the seat of ``token`` to go on on another device.

        Returns (seat, the link's token). ``token`` keeps the seat until the
        link is opened; a newer link replaces one not yet opened.
        """
        async with room.lock:
            seat = room.seat_of(token)
            if seat is None:
                raise MatchError("bad-token", "this token holds no seat of this game")
            if not room.match.claimed[seat]:
                raise MatchError(
                    "bad-request",
                    f"seat {seat} is open: its invite link claims it",
                    {"side": room.match.game.seat_names[seat]},
                    reason="seat-open",
                )
            if room.match.status == "finished":
                raise MatchError("game-over", "the game is over")
            link = new_token()
            await self.store.add_handover(room.id, seat, hash_token(link))
            return seat, link

    def holding(self, room: Room, holder: Holder) -> int:
        """The seat ``holder`` acts for, its token checked against the seat's own now.

        Raises MatchError ``spectator`` for a watcher, and SeatLost (after
        telling the socket and making it a watcher) for a token retired since.
        """
        seat = holder.seat
        if seat is None:
            raise MatchError("spectator", "spectators watch; they cannot act")
        stored = room.hashes[seat]
        if (
            stored is None
            or holder.digest is None
            or not hmac.compare_digest(stored, holder.digest)
        ):
            self._downgrade(room, holder, *LINK_MESSAGES["moved"])
            raise SeatLost(*LINK_MESSAGES["moved"])
        return seat

    async def act_as(
        self, room: Room, holder: Holder, action: Callable[[Match, int], list[Event]]
    ) -> list[Event]:
        """:meth:`act` for the seat a socket holds, its token checked under the lock."""
        try:
            async with room.lock:
                seat = self.holding(room, holder)
                return await self.act_locked(room, lambda m: action(m, seat))
        finally:
            self.touch(room)

    async def act_by_token(
        self, room: Room, token: str, action: Callable[[Match, int], list[Event]]
    ) -> list[Event]:
        """:meth:`act` for the seat of ``token`` (HTTP), looked up under the lock."""
        try:
            async with room.lock:
                seat = room.seat_of(token)
                if seat is None:
                    raise MatchError("bad-token", "this token holds no seat of this game")
                return await self.act_locked(room, lambda m: action(m, seat))
        finally:
            self.touch(room)

    def _downgrade(self, room: Room, holder: Holder, code: str, message: str) -> None:
        """``holder`` lost its seat: it is told, gets a spectator snapshot and watches."""
        seat = holder.seat
        holder.seat = holder.digest = None
        if seat is not None:
            room.connected[seat] -= 1
            if room.connected[seat] <= 0:
                del room.connected[seat]
            self._here(room)
        queue = holder.queue
        if queue is None:
            return
        for text in (
            error_frame(code, message),
            self.snapshot(room, None),
        ):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:  # it stopped reading: closed as the bus does (4408)
                self.bus.unsubscribe(room.id, queue)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(None)
                return

    async def detach(self, room: Room, holder: Holder) -> None:
        """A socket closed."""
        room.holders.discard(holder)
        if holder.seat is None:
            self._count_watchers(room)
        await self.disconnect(room, holder.seat)

    def _count_watchers(self, room: Room) -> None:
        """A spectator came or went: everyone watching gets the new count (a frame outside
        the numbered events: it changes nothing stored)."""
        count = sum(1 for h in room.holders if h.seat is None)
        self.bus.publish(room.id, watchers_frame(count))

    # -- people coming and going -------------------------------------------------------------
    async def connect_locked(self, room: Room, seat: int) -> None:
        """A socket of ``seat`` opened (the caller holds the room's lock): note a returning
        player. Claiming an open seat is :meth:`attach`'s."""
        # Only this process's own sockets say for sure that the player is here already:
        # what it heard of the others may be a few milliseconds old (a reload through
        # the proxy closes a socket on one process and opens one on another), so a seat
        # stored as left is back on any first socket here (decision record 0185).
        before = room.connected[seat] > 0
        if self.bus.shared and not before:
            await self._caught_up(room)  # that they left may have been said elsewhere
        room.connected[seat] += 1
        room.unsure.discard(seat)  # connected here: this process sees the next closing
        self._here(room)
        self.touch(room)
        task = room.grace.pop(seat, None)
        if task is not None:
            task.cancel()
        match = room.match
        if match.seats[seat].kind != "person":
            return
        # Left (seen here, or on the process that said so: server/remote.py), and not
        # connected here since.
        back = seat in room.left or seat in match.leaving
        if match.claimed[seat] and back and not before:
            room.left.discard(seat)
            # Back in time: the stored deadline goes, so a restart does not replace them.
            await self.act_locked(room, lambda m: m.come_back(seat))

    async def disconnect(self, room: Room, seat: int | None) -> None:
        """A socket of ``seat`` closed: the last one means the player left."""
        try:
            await self._disconnect(room, seat)
        finally:
            self.touch(room)  # nothing else may need it now

    async def _disconnect(self, room: Room, seat: int | None) -> None:
        if seat is None:
            return
        room.connected[seat] -= 1
        if room.connected[seat] > 0 or self.closing:
            return
        del room.connected[seat]
        self._here(room)
        if seat in room.elsewhere():
            # Still connected on another process, or so this one last heard: that one may
            # be closing its socket too, its word not yet here. Checked again when it
            # lets go of the seat (decision record 0185).
            room.unsure.add(seat)
            return
        await self._left(room, seat)

    async def _left(self, room: Room, seat: int) -> None:
        """Record that the person of ``seat`` left: no socket of it here or elsewhere.

        Recorded once: with other processes, one of them may have recorded it first
        (a commit that conflicts is tried again on the stored game, where it is said)."""
        match = room.match
        if match.status == "finished" or match.seats[seat].kind != "person":
            return
        # The deadline is stored with the "left" event; committing it arms the replacement.
        deadline = self.now() + self.grace

        def leave(m: Match) -> list[Event]:
            # Checked under the room's lock: back meanwhile, or said already.
            if seat in room.left or room.connected[seat] > 0 or seat in room.elsewhere():
                return []
            room.left.add(seat)
            return m.leave(seat, deadline)

        await self.act(room, leave)

    def _gone_elsewhere(self, game_id: str, seats: set[int]) -> None:
        """Presence: ``seats`` of ``game_id`` are no longer connected on another process."""
        room = self.rooms.get(game_id)
        if room is None or self.closing:
            return
        for seat in seats & room.unsure:
            self._tasks.start(self._check_left(room, seat))

    async def _check_left(self, room: Room, seat: int) -> None:
        """The seat this process thought connected elsewhere is not: if it has no socket
        anywhere now, the player left (recorded once, whichever process sees it first)."""
        try:
            async with room.lock:
                if seat not in room.unsure:
                    return  # connected here since, or checked already
                room.unsure.discard(seat)
                await self._caught_up(room)  # the other process may have recorded it
            await self._left(room, seat)
        finally:
            self.touch(room)

    def _here(self, room: Room) -> None:
        """Tell the other processes which seats of the room have a socket here."""
        if self.presence.shared:
            self.presence.here(room.id, {s for s, n in room.connected.items() if n > 0})

    async def _replace_later(self, room: Room, seat: int, deadline: float) -> None:
        # Never longer than this server's grace from now (a server restarted with a shorter
        # grace applies it to the players who left before).
        await asyncio.sleep(max(0.0, min(deadline - self.now(), self.grace)))
        room.grace.pop(seat, None)
        if room.connected[seat] > 0:
            return
        level = self.replace_level

        def replace(m: Match) -> list[Event]:
            if seat not in m.leaving or m.seats[seat].kind != "person" or not m.replaces_leavers():
                return []
            try:
                return m.replace(seat, level)
            except TabletopError:
                m.leaving.pop(seat, None)  # e.g. the last person in the game: nobody to wait for
                return []

        await self.act(room, replace)
        room.left.discard(seat)
        self.touch(room)

    # -- catching up ---------------------------------------------------------------------------
    async def subscribe_locked(
        self, room: Room, seat: int | None, since: int | None, before: Sequence[str] = ()
    ) -> asyncio.Queue[Frame]:
        """A queue for one socket, already holding what it must see first.

        That is ``before``, then the events after ``since`` when they are few
        enough (without a delta: they are for the record), then one snapshot.
        The caller holds the room's lock, so no event is lost or doubled.
        """
        if self.bus.shared:
            await self._caught_up(room)  # another process may have moved the game on
        first: list[str] = []
        if since is not None and 0 <= since < room.seq and room.seq - since <= CATCH_UP_LIMIT:
            missed = await self.store.events_since(room.id, since)
            if len(missed) == room.seq - since:
                first = [event_frame(seq, event, None) for seq, event in missed]
        # Subscribed with nothing awaited before the snapshot: no frame of another process
        # can come between them (the bus holds what arrives until ``delivered``).
        queue = self.bus.subscribe(room.id)
        self.touch(room)
        first.append(self.snapshot(room, seat))
        for text in [*before, *first]:
            queue.put_nowait(text)
        self.bus.delivered(room.id, room.seq)
        return queue

    def snapshot(self, room: Room, seat: int | None) -> str:
        """The snapshot frame for a socket of ``seat`` (None: a spectator)."""
        return snapshot_frame(room.seq, seat, room.view())

    async def close(self) -> None:
        """Stop every room's tasks (shutdown)."""
        self.closing = True
        if self._adopting is not None:
            self._adopting.cancel()
        await self._tasks.settle(5)  # departures being recorded: let them finish
        tasks = []
        for room in list(self.rooms.values()):
            tasks += [
                t for t in (room.timer, room.computer, room.proposal, *room.grace.values()) if t
            ]
            self.forget(room)
        await asyncio.gather(*tasks, return_exceptions=True)
