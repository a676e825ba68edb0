"""The bus across server processes: each game's numbered events through Redis pub/sub.

Frames go to this process's own watchers at once (as the in-process :class:`Bus`
does) and, if numbered (an event's ``seq``), to the game's Redis channel, in the
order they were committed. What other processes publish on the channels of the
games watched here is handed to the watchers here. Redis pub/sub may lose a
message (a dropped connection, a restart, a slow subscriber cut off, a publish
sent before the subscription reached Redis): each process keeps the last number
it delivered per game and passes every numbered frame, from Redis or committed here,
through one gate (decision record 0164): it drops one already delivered, and asks
:attr:`RedisBus.on_gap` (the rooms) to replay what was missed from the database
by sequence number, holding what arrives meanwhile (decision record 0128), when

* a number is skipped;
* Redis confirms a subscription (after a new socket's first one, or a reconnection):
  what was published before it may never come (decision record 0150);
* the database's newest number of a watched game, read every :data:`CHECK_EVERY`
  seconds (:attr:`RedisBus.on_heads`), was not delivered by the next reading: a lost
  last message has no later one to reveal the gap.

Frames without a number (the count of spectators) stay in their process. A process
may also :meth:`~RedisBus.follow` a game without a socket (it drives the game's
timers): it hears of the game's new numbers through :attr:`RedisBus.on_remote`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

from tabletop.server.bus import Bus
from tabletop.server.tasks import TaskSet

log = logging.getLogger("tabletop.server")

#: The channel of a game.
PREFIX = "tabletop:game:"
#: Frames waiting to go to Redis at most; past it the oldest go (the others then replay).
OUTBOX_LIMIT = 10_000
#: Seconds between tries to reach Redis again, growing to the last.
BACKOFF = (0.1, 0.2, 0.5, 1.0, 2.0)
#: Seconds between readings of the watched games' newest numbers in the database.
CHECK_EVERY = 1.0

#: The rooms' replay of a game's events after the last delivered (:meth:`RedisBus.last_of`,
#: read once they hold the game's lock); returns the last number the watchers now have.
GapHandler = Callable[[str], Awaitable[int]]
#: The newest stored event number of each of the given games (those it knows).
HeadsReader = Callable[[list[str]], Awaitable[dict[str, int]]]


class RedisBus(Bus):
    """A :class:`Bus` whose numbered frames also reach the other processes through Redis."""

    #: Other processes change the games too (the rooms check storage before trusting memory).
    shared = True

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.origin = secrets.token_hex(6)  # this process, to skip its own messages
        self.client: redis.Redis = redis.from_url(url, socket_connect_timeout=5)
        self.on_gap: GapHandler | None = None
        # Told each number another process published (and the action's progress that
        # rode on it, server/remote.py; None from a reading of the stored numbers).
        self.on_remote: Callable[[str, int, str | None], None] | None = None
        self.on_heads: HeadsReader | None = None
        self.last: dict[str, int] = {}  # topic -> the last number its watchers have
        self._held: dict[str, list[tuple[int, str]]] = {}  # topics being replayed
        self._again: set[str] = set()  # topics to replay (once more, if one is under way)
        self._seen: dict[str, int] = {}  # topic -> a stored number not delivered at the check
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue(OUTBOX_LIMIT)
        self._channels: set[str] = set()  # the topics watched here
        self._followed: set[str] = set()  # topics followed without a watcher (driven here)
        self._pubsub: Any = None
        self._changed = asyncio.Event()
        self._tasks = TaskSet()
        self.connected = asyncio.Event()

    async def start(self) -> None:
        """Check that Redis answers (its error propagates), then start sending and
        listening."""
        await self.client.ping()
        self._tasks.start(self._send(), "redis-bus-send")
        self._tasks.start(self._listen(), "redis-bus-listen")
        self._tasks.start(self._check(), "redis-bus-check")
        await asyncio.wait_for(self.connected.wait(), 10)

    async def close(self) -> None:
        """Stop sending and listening; close the connections."""
        await self._tasks.settle(2, cancel=True)
        await self.client.aclose()

    # -- the Bus interface ---------------------------------------------------------------------
    def subscribe(self, topic: str) -> asyncio.Queue[str | None]:
        """A new queue for ``topic``; the first one here listens to its channel."""
        queue = super().subscribe(topic)
        if topic not in self._channels:
            self._channels.add(topic)
            self._changed.set()
        if topic not in self.last:
            # What arrives before the new socket's snapshot is held: delivered() then
            # passes on what the snapshot did not have.
            self._held.setdefault(topic, [])
        return queue

    def unsubscribe(self, topic: str, queue: asyncio.Queue[str | None]) -> None:
        """Stop delivering to ``queue``; the last one here stops listening."""
        super().unsubscribe(topic, queue)
        if not self.subscribers(topic) and topic in self._channels:
            self._channels.discard(topic)
            self.last.pop(topic, None)
            self._seen.pop(topic, None)
            if not self._replaying(topic):
                self._held.pop(topic, None)
            self._changed.set()

    def follow(self, topic: str) -> None:
        """Hear of ``topic``'s new numbers (:attr:`on_remote`) without a watcher here."""
        if topic not in self._followed:
            self._followed.add(topic)
            self._changed.set()

    def unfollow(self, topic: str) -> None:
        """Stop :meth:`follow`-ing ``topic`` (its watchers here, if any, still listen)."""
        if topic in self._followed:
            self._followed.discard(topic)
            self._changed.set()

    def publish(
        self, topic: str, frame: str, seq: int | None = None, extra: str | None = None
    ) -> None:
        """Hand ``frame`` to the watchers here, and a numbered one to the other processes
        (with ``extra`` after it, on a line of its own: a frame's JSON has no newline).

        A numbered frame goes through the same gate as one from Redis (:meth:`_gate`): a
        move committed here after another process's whose message has not come yet waits
        for that one (a replay), instead of overtaking it."""
        if seq is None:
            super().publish(topic, frame)
            return
        self._gate(topic, seq, frame)
        message = (
            f"{self.origin} {seq} {frame}"
            if extra is None
            else f"{self.origin} {seq} {frame}\n{extra}"
        )
        try:
            self._outbox.put_nowait((topic, message))
        except asyncio.QueueFull:  # Redis has been away long: the receivers replay
            self._outbox.get_nowait()
            self._outbox.put_nowait((topic, message))

    def last_of(self, topic: str) -> int:
        """The last event number the watchers of ``topic`` here have (0: none known)."""
        return self.last.get(topic, 0)

    def delivered(self, topic: str, seq: int) -> None:
        """A new watcher of ``topic`` here has everything up to ``seq`` (its snapshot); frames
        held meanwhile follow, in order.

        The watchers here before it have everything up to :meth:`last_of`; if that is not
        ``seq`` (the new one's snapshot is newer: a message is still on its way, or was
        lost), the events in between are replayed to all of them from the lower number
        (each socket's sender drops an event it was sent already), so that every watcher
        here has the same numbers again."""
        if not self.subscribers(topic):
            return
        last = self.last.get(topic)
        self.last[topic] = seq if last is None else min(seq, last)
        if last is not None and last != seq:
            self.resync(topic)
        elif topic in self._held and not self._replaying(topic):
            self._flush(topic, self._held.pop(topic))

    def _replaying(self, topic: str) -> bool:
        return self._tasks.named(f"replay:{topic}")

    def _flush(self, topic: str, waiting: list[tuple[int, str]]) -> None:
        """Deliver held frames after the last number delivered; a gap among them starts a
        replay (which holds the rest)."""
        for i, (seq, frame) in enumerate(sorted(waiting)):
            last = self.last.get(topic, 0)
            if seq <= last or not self.subscribers(topic):
                continue
            if seq > last + 1 and self.on_gap is not None:
                self._held[topic] = sorted(waiting)[i:]
                self.resync(topic)
                return
            self.last[topic] = seq
            Bus.publish(self, topic, frame)

    # -- sending ---------------------------------------------------------------------------------
    async def _send(self) -> None:
        """Publish the outbox in order; a failed publish is tried again as Redis comes back
        (for a few seconds: after that its receivers replay from the database)."""
        while True:
            topic, message = await self._outbox.get()
            for delay in (*BACKOFF, None):
                try:
                    await self.client.publish(PREFIX + topic, message)
                    break
                except (RedisError, OSError) as err:
                    if delay is None:
                        log.warning("redis bus: a frame of game %s not published (%s)", topic, err)
                        break
                    await asyncio.sleep(delay)

    # -- listening -------------------------------------------------------------------------------
    async def _listen(self) -> None:
        """Follow the channels of the games watched (or followed) here; reconnect when Redis
        goes. Each subscription Redis confirms, the first or after a reconnection, has the
        game replayed from the database: what was published before it never comes."""
        attempt = 0
        while True:
            pubsub = self.client.pubsub()
            try:
                await pubsub.subscribe(PREFIX + "~")  # a connection even with no game yet
                listening: set[str] = set()
                self._changed.set()
                first = True
                while True:
                    if self._changed.is_set():
                        self._changed.clear()
                        wanted = self._channels | self._followed
                        if wanted - listening:
                            await pubsub.subscribe(*(PREFIX + t for t in wanted - listening))
                        if listening - wanted:
                            await pubsub.unsubscribe(*(PREFIX + t for t in listening - wanted))
                        listening = wanted
                        if first:
                            first = False
                            attempt = 0
                            self.connected.set()
                    message = await pubsub.get_message(timeout=0.05)
                    if swallowed_cancel():
                        raise asyncio.CancelledError
                    if message is None:
                        continue
                    kind = message.get("type")
                    if kind == "message":
                        self._receive(message["channel"], message["data"])
                    elif kind == "subscribe":
                        self._subscribed(message["channel"])
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                raise
            except (RedisError, OSError) as err:
                self.connected.clear()
                log.warning("redis bus: connection lost (%s); reconnecting", err)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                attempt += 1

    def _subscribed(self, channel: bytes | str) -> None:
        """Redis confirmed a subscription: from now on the channel's messages come, and
        what it carried before (while the SUBSCRIBE was on its way, or Redis was away)
        is read from the database."""
        name = channel.decode() if isinstance(channel, bytes) else channel
        topic = name.removeprefix(PREFIX)
        if topic != "~" and self.subscribers(topic):
            self.resync(topic)

    async def _check(self) -> None:
        """Every :data:`CHECK_EVERY` seconds, read the newest stored number of the games
        listened to: a number a watched game's watchers here still lack at the next
        reading (no message brought it meanwhile) is replayed from the database."""
        while True:
            await asyncio.sleep(CHECK_EVERY)
            topics = sorted(self._channels | self._followed)
            if topics and self.on_heads is not None:
                try:
                    await self._heads_of(topics)
                except Exception:  # never let one bad reading end the checks
                    log.exception("redis bus: checking the games' newest events failed")

    async def _heads_of(self, topics: list[str]) -> None:
        """One reading: tell :attr:`on_remote` each game's newest number; replay a watched
        game whose number from the reading before has not been delivered since."""
        assert self.on_heads is not None
        try:
            heads = await self.on_heads(topics)
        except Exception as err:  # the database is away: the next reading tries again
            log.warning("redis bus: reading the games' newest events failed (%s)", err)
            return
        seen: dict[str, int] = {}
        for topic, head in heads.items():
            if self.on_remote is not None:
                self.on_remote(topic, head, None)
            last = self.last.get(topic)
            if last is None or not self.subscribers(topic) or head <= last:
                continue
            before = self._seen.get(topic)
            if before is not None and before > last:
                self.resync(topic)  # stored a reading ago and still not here: lost
            else:
                seen[topic] = head
        self._seen = seen

    def _receive(self, channel: bytes | str, data: bytes | str) -> None:
        name = channel.decode() if isinstance(channel, bytes) else channel
        text = data.decode() if isinstance(data, bytes) else data
        origin, number, rest = text.split(" ", 2)
        if origin == self.origin:
            return
        frame, _, extra = rest.partition("\n")
        topic = name.removeprefix(PREFIX)
        seq = int(number)
        if self.on_remote is not None:
            self.on_remote(topic, seq, extra or None)
        self._gate(topic, seq, frame)

    def _gate(self, topic: str, seq: int, frame: str) -> None:
        """The one way a numbered frame, from here or from Redis, reaches the watchers here:
        the next number goes on; one delivered already (a copy, or replayed) goes no
        further; one after a gap, or any while a replay is under way, is held, and the
        gap replayed first."""
        held = self._held.get(topic)
        if held is not None:
            held.append((seq, frame))
            return
        last = self.last.get(topic)
        if last is None or not self.subscribers(topic):
            return  # nobody here watches it
        if seq <= last:
            return  # delivered already (by a replay, or it is a copy)
        if seq == last + 1:
            self.last[topic] = seq
            Bus.publish(self, topic, frame)
            return
        self._held[topic] = [(seq, frame)]  # a number was skipped: replay first
        self.resync(topic)

    def resync(self, topic: str) -> None:
        """Have the rooms replay ``topic``'s events after the last delivered here, holding
        what arrives meanwhile (delivered after it, in order). Asked while a replay is
        under way, another follows it: the first may have read the database too early."""
        if not self.subscribers(topic):
            return
        self._held.setdefault(topic, [])
        self._again.add(topic)
        if not self._replaying(topic):
            self._tasks.start(self._replay_now(topic), f"replay:{topic}")

    async def _replay_now(self, topic: str) -> None:
        try:
            while topic in self._again and self.subscribers(topic):
                self._again.discard(topic)
                if self.on_gap is None:
                    break
                try:
                    seq = await self.on_gap(topic)
                except Exception as err:
                    # The database is away: try again shortly, holding what arrives.
                    log.warning("redis bus: replaying game %s failed (%s)", topic, err)
                    self._again.add(topic)
                    await asyncio.sleep(BACKOFF[-1])
                    continue
                if self.subscribers(topic):
                    self.last[topic] = max(seq, self.last.get(topic, 0))
                held = self._held.get(topic)
                if held and min(held)[0] > self.last.get(topic, 0) + 1:
                    # Still a gap before what is held (the game is not in memory here just
                    # now): again shortly, not at once and for ever.
                    self._again.add(topic)
                    await asyncio.sleep(BACKOFF[1])
        finally:
            self._again.discard(topic)
            waiting = self._held.pop(topic, [])
            self._tasks.forget(asyncio.current_task())  # so that _flush may start another
        self._flush(topic, waiting)


def swallowed_cancel() -> bool:
    """Whether the running task was cancelled although no CancelledError reached it.

    redis-py's read with a timeout can swallow a cancellation that arrives as its timeout
    fires; a loop that reads again at once then never ends, and a shutdown waits for it
    for ever (seen as a hang at a test app's exit)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0
