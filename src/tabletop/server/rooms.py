"""Rooms: the live games in memory, each with its lock, watchers, clock timer and computer seat.

Every change to a game goes through :meth:`Rooms.act` under the room's lock:
the match applies the action (or refuses it and is unchanged), the events
get the next sequence numbers, the events and the new match are committed
to storage, and only then are they published to the watchers. Afterwards
the room arms what runs on its own: the flag-fall timer of the running
clock, the computer seat to move (in the process pool, through the scheduler
of :mod:`tabletop.server.work`), the grace period of a player who left a 3 or
4 player game (its deadline is kept in the match, so a restarted server
re-arms it).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from typing import Any

from tabletop.core import TabletopError
from tabletop.play.computer import hint, think
from tabletop.play.match import Event, Match, MatchError
from tabletop.server.bus import Bus, Frame
from tabletop.server.protocol import frame
from tabletop.server.store import Store, hash_token
from tabletop.server.views import game_view
from tabletop.server.work import Dropped, Work

log = logging.getLogger("tabletop.server")

#: Missed events sent one by one on reconnect; more than this and a snapshot is sent instead.
CATCH_UP_LIMIT = 100


def new_id() -> str:
    """A game id: 12 URL-safe random characters."""
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """A seat token."""
    return secrets.token_urlsafe(24)


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
        self.timer: asyncio.Task[None] | None = None
        self.computer: asyncio.Task[None] | None = None
        self.hinting = 0  # hint requests of this game waiting for a worker or being worked out
        self.grace: dict[int, asyncio.Task[None]] = {}

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        digest = hash_token(token)
        for seat, stored in enumerate(self.hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
        return None

    def view(self) -> dict[str, Any]:
        """The GameView now."""
        online = [s for s, n in self.connected.items() if n > 0]
        return game_view(self.match, self.id, self.seq, online)


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
    ) -> None:
        self.store = store
        self.bus = bus
        # Every search goes through the scheduler; ``renew_executor`` makes a new worker
        # pool when one breaks (a worker killed by the system); None: the executor was
        # given from outside and is not ours to replace.
        self.work = Work(executor, workers, renew=renew_executor)
        self.grace = grace
        self.replace_level = replace_level
        self.now = now
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.closing = False
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def executor(self) -> Executor:
        """The worker pool running now (a new one after a pool broke)."""
        return self.work.executor

    # -- finding and making rooms ----------------------------------------------------------
    async def get(self, game_id: str) -> Room | None:
        """The room of ``game_id``, loaded from storage on first use; None if unknown."""
        room = self.rooms.get(game_id)
        if room is not None:
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
                match = Match.from_dict(data, now=self.now)
                room = self.rooms[game_id] = Room(game_id, match, seq, hashes)
                self._arm(room)
        self._loading.pop(game_id, None)
        return room

    async def create(
        self, match: Match, person_tokens: bool = True
    ) -> tuple[Room, list[str | None]]:
        """Store a new game; returns its room and each seat's token (None: computer)."""
        game_id = new_id()
        tokens = [
            new_token() if spec.kind == "person" and person_tokens else None for spec in match.seats
        ]
        hashes = [None if t is None else hash_token(t) for t in tokens]
        await self.store.create(game_id, match.to_dict(), hashes)
        room = self.rooms[game_id] = Room(game_id, match, 0, hashes)
        self._arm(room)
        return room, tokens

    async def restore(self) -> int:
        """Load every game in play after a restart, so clocks and computers run again.

        Nobody is connected to a server that has just started: a person of a 3 or 4 player
        game counts as having left, and is replaced unless they are back within the grace
        period (a deadline kept from before the restart still holds).
        """
        ids = await self.store.live_ids()
        for game_id in ids:
            room = await self.get(game_id)
            if room is not None and room.match.may_replace_people():
                await self._absent_left(room)
        return len(ids)

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
        async with room.lock:
            return await self.act_locked(room, action)

    async def act_locked(self, room: Room, action: Callable[[Match], list[Event]]) -> list[Event]:
        """:meth:`act` for a caller that holds the room's lock already."""
        events = action(room.match)
        if not events:
            return events
        first = room.seq + 1
        try:
            await self.store.commit(room.id, first, events, room.match.to_dict())
        except Exception:
            # Storage failed: forget the changed match; the stored one is the truth.
            log.exception("storing game %s failed", room.id)
            self.forget(room)
            raise
        room.seq = first + len(events) - 1
        view = room.view()
        for offset, event in enumerate(events):
            message = {"type": "event", "seq": first + offset, "event": event, "game": view}
            self.bus.publish(room.id, frame(message))
        self._arm(room)
        return events

    def forget(self, room: Room) -> None:
        """Drop a room from memory (its tasks stop; storage keeps the game and the leavers'
        deadlines, re-armed when it is loaded again)."""
        for task in (room.timer, room.computer, *room.grace.values()):
            if task is not None:
                task.cancel()
        room.grace.clear()
        self.rooms.pop(room.id, None)

    # -- what runs on its own ----------------------------------------------------------------
    def _arm(self, room: Room) -> None:
        """(Re)start the flag-fall timer, the computer seat to move and the replacement of
        each leaver, as the match needs."""
        if self.closing:
            return
        match = room.match
        if room.timer is not None and room.timer is not asyncio.current_task():
            room.timer.cancel()
        room.timer = None
        flag = match.clock.flag_time() if match.status == "playing" else None
        if flag is not None:
            room.timer = asyncio.create_task(self._flag_fall(room, flag))
        seat = match.computer_to_move()
        if seat is not None and (room.computer is None or room.computer.done()):
            room.computer = asyncio.create_task(self._computer_move(room, seat))
        for leaver, deadline in match.leaving.items():
            if leaver not in room.grace and room.connected[leaver] == 0:
                room.grace[leaver] = asyncio.create_task(
                    self._replace_later(room, leaver, deadline)
                )

    async def _flag_fall(self, room: Room, flag: float) -> None:
        await asyncio.sleep(max(0.0, flag - self.now()) + 0.01)
        await self.act(room, lambda m: m.check_time())

    async def _computer_move(self, room: Room, seat: int) -> None:
        match = room.match
        job = match.computer_job(seat)
        loop = asyncio.get_running_loop()
        move: str | None = None

        def current() -> bool:
            return match.ply == job["ply"] and match.computer_to_move() == seat

        try:
            try:
                move = await self.work.move(think, job, current)
            except Dropped:
                return  # the game moved on while the move waited for a worker
            except Exception:
                # A worker that failed (or a broken pool) must not leave the game waiting
                # for ever: think once more in a thread, else play the first legal move.
                log.exception("computer move failed in game %s; thinking in a thread", room.id)
                try:
                    move = await loop.run_in_executor(None, think, job)
                except Exception:
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
            raise MatchError("not-your-turn", "a hint is for the player to move")
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
        return result

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of its own, kept until it ends (errors are logged)."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # -- people coming and going -------------------------------------------------------------
    async def connect(self, room: Room, seat: int | None, name: str = "") -> None:
        """A socket of ``seat`` opened: claim the seat, or note a returning player."""
        if seat is None:
            return
        room.connected[seat] += 1
        task = room.grace.pop(seat, None)
        if task is not None:
            task.cancel()
        match = room.match
        if match.seats[seat].kind != "person":
            return
        if not match.claimed[seat]:
            await self.act(room, lambda m: m.claim(seat, name) if not m.claimed[seat] else [])
        elif (seat in room.left or seat in match.leaving) and room.connected[seat] == 1:
            room.left.discard(seat)
            # Back in time: the stored deadline goes, so a restart does not replace them.
            await self.act(
                room, lambda m: m.come_back(seat) if m.seats[seat].kind == "person" else []
            )

    async def disconnect(self, room: Room, seat: int | None) -> None:
        """A socket of ``seat`` closed: the last one means the player left."""
        if seat is None:
            return
        room.connected[seat] -= 1
        if room.connected[seat] > 0 or self.closing:
            return
        del room.connected[seat]
        match = room.match
        if match.status == "finished":
            if not room.connected and not self.bus.subscribers(room.id):
                self.forget(room)  # nobody watches a finished game: storage has it
            return
        if match.seats[seat].kind != "person":
            return
        room.left.add(seat)
        # The deadline is stored with the "left" event; committing it arms the replacement.
        deadline = self.now() + self.grace
        await self.act(room, lambda m: m.leave(seat, deadline))

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

    # -- catching up ---------------------------------------------------------------------------
    async def subscribe(
        self, room: Room, seat: int | None, since: int | None
    ) -> asyncio.Queue[Frame]:
        """A queue for one socket, already holding what it must see first.

        That is the events after ``since`` when they are few enough, else one
        snapshot. Taken under the room's lock, so no event is lost or doubled.
        """
        async with room.lock:
            queue = self.bus.subscribe(room.id)
            first: list[str] = []
            if since is not None and 0 <= since <= room.seq and room.seq - since <= CATCH_UP_LIMIT:
                missed = await self.store.events_since(room.id, since)
                if len(missed) == room.seq - since:
                    view = room.view()
                    first = [
                        frame({"type": "event", "seq": seq, "event": event, "game": view})
                        for seq, event in missed
                    ]
                    if not missed:
                        first = [self.snapshot(room, seat)]
            if not first:
                first = [self.snapshot(room, seat)]
            for text in first:
                queue.put_nowait(text)
            return queue

    def snapshot(self, room: Room, seat: int | None) -> str:
        """The snapshot frame for a socket of ``seat`` (None: a spectator)."""
        return frame({"type": "snapshot", "seq": room.seq, "you": seat, "game": room.view()})

    async def close(self) -> None:
        """Stop every room's tasks (shutdown)."""
        self.closing = True
        if self._tasks:  # departures being recorded: let them finish
            await asyncio.wait(set(self._tasks), timeout=5)
        tasks = []
        for room in list(self.rooms.values()):
            tasks += [t for t in (room.timer, room.computer, *room.grace.values()) if t]
            self.forget(room)
        await asyncio.gather(*tasks, return_exceptions=True)
