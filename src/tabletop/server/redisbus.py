"""The bus across server processes: each game's numbered events through Redis pub/sub.

Frames go to this process's own watchers at once (as the in-process :class:`Bus`
does) and, if numbered (an event's ``seq``), to the game's Redis channel, in the
order they were committed. What other processes publish on the channels of the
games watched here is handed to the watchers here. Redis pub/sub may lose a
message (a dropped connection, a restart, a slow subscriber cut off): each
process keeps the last number it delivered per game, drops one it has already
delivered, and when a number is skipped, or after reconnecting, asks
:attr:`RedisBus.on_gap` (the rooms) to replay what was missed from the database
by sequence number, holding what arrives meanwhile (decision record 0128).
Frames without a number (the count of spectators) stay in their process.
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

log = logging.getLogger("tabletop.server")

#: The channel of a game.
PREFIX = "tabletop:game:"
#: Frames waiting to go to Redis at most; past it the oldest go (the others then replay).
OUTBOX_LIMIT = 10_000
#: Seconds between tries to reach Redis again, growing to the last.
BACKOFF = (0.1, 0.2, 0.5, 1.0, 2.0)

#: The rooms' replay of a game's events after the last delivered (:meth:`RedisBus.last_of`,
#: read once they hold the game's lock); returns the last number the watchers now have.
GapHandler = Callable[[str], Awaitable[int]]


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
        self.on_remote: Callable[[str, int], None] | None = None
        self.last: dict[str, int] = {}  # topic -> the last number its watchers have
        self._held: dict[str, list[tuple[int, str]]] = {}  # topics being replayed
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue(OUTBOX_LIMIT)
        self._channels: set[str] = set()
        self._pubsub: Any = None
        self._changed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.connected = asyncio.Event()

    async def start(self) -> None:
        """Check that Redis answers (its error propagates), then start sending and
        listening."""
        await self.client.ping()
        self._tasks = [
            asyncio.create_task(self._send(), name="redis-bus-send"),
            asyncio.create_task(self._listen(), name="redis-bus-listen"),
        ]
        await asyncio.wait_for(self.connected.wait(), 10)

    async def close(self) -> None:
        """Stop sending and listening; close the connections."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            # Bounded: a shutdown must end even if a task does not take its cancellation.
            await asyncio.wait(tasks, timeout=2)
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
            self._changed.set()

    def publish(self, topic: str, frame: str, seq: int | None = None) -> None:
        """Hand ``frame`` to the watchers here, and a numbered one to the other processes."""
        super().publish(topic, frame)
        if seq is None:
            return
        if self.subscribers(topic):
            self.last[topic] = max(seq, self.last.get(topic, 0))
        message = f"{self.origin} {seq} {frame}"
        try:
            self._outbox.put_nowait((topic, message))
        except asyncio.QueueFull:  # Redis has been away long: the receivers replay
            self._outbox.get_nowait()
            self._outbox.put_nowait((topic, message))

    def last_of(self, topic: str) -> int:
        """The last event number the watchers of ``topic`` here have (0: none known)."""
        return self.last.get(topic, 0)

    def delivered(self, topic: str, seq: int) -> None:
        """The watchers of ``topic`` here have everything up to ``seq`` (a snapshot gave it
        to them); frames held meanwhile follow, in order."""
        if not self.subscribers(topic):
            return
        self.last[topic] = max(seq, self.last.get(topic, 0))
        if topic in self._held and not self._replaying(topic):
            self._flush(topic, self._held.pop(topic))

    def _replaying(self, topic: str) -> bool:
        return any(t.get_name() == f"replay:{topic}" for t in self._tasks)

    def _flush(self, topic: str, waiting: list[tuple[int, str]]) -> None:
        """Deliver held frames after the last number delivered; a gap among them starts a
        replay (which holds the rest)."""
        for i, (seq, frame) in enumerate(sorted(waiting)):
            last = self.last.get(topic, 0)
            if seq <= last or not self.subscribers(topic):
                continue
            if seq > last + 1:
                self._held[topic] = sorted(waiting)[i:]
                self._replay(topic, held=True)
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
        """Follow the channels of the games watched here; reconnect when Redis goes, then
        replay every such game from the database."""
        attempt = 0
        while True:
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(PREFIX + "~")  # a connection even with no game yet
                listening: set[str] = set()
                self._changed.set()
                first = True
                while True:
                    if self._changed.is_set():
                        self._changed.clear()
                        wanted = set(self._channels)
                        if wanted - listening:
                            await pubsub.subscribe(*(PREFIX + t for t in wanted - listening))
                        if listening - wanted:
                            await pubsub.unsubscribe(*(PREFIX + t for t in listening - wanted))
                        listening = wanted
                        if first:
                            first = False
                            attempt = 0
                            self.connected.set()
                            if listening:  # back after an outage: what did we miss?
                                for topic in listening:
                                    self._replay(topic)
                    message = await pubsub.get_message(timeout=0.05)
                    if message is not None and message.get("type") == "message":
                        self._receive(message["channel"], message["data"])
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

    def _receive(self, channel: bytes | str, data: bytes | str) -> None:
        name = channel.decode() if isinstance(channel, bytes) else channel
        text = data.decode() if isinstance(data, bytes) else data
        origin, number, frame = text.split(" ", 2)
        if origin == self.origin:
            return
        topic = name.removeprefix(PREFIX)
        seq = int(number)
        if self.on_remote is not None:
            self.on_remote(topic, seq)
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
        self._replay(topic, held=True)

    def _replay(self, topic: str, held: bool = False) -> None:
        """Have the rooms replay ``topic``'s events after the last delivered, then deliver
        what arrived meanwhile in order."""
        if not held:
            if topic in self._held:
                return  # a replay is under way
            self._held[topic] = []
        if self._replaying(topic):
            return
        task = asyncio.create_task(self._replay_now(topic), name=f"replay:{topic}")
        self._tasks.append(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        if task in self._tasks:
            self._tasks.remove(task)

    async def _replay_now(self, topic: str) -> None:
        try:
            last = self.last.get(topic, 0)
            if self.on_gap is not None:
                last = max(last, await self.on_gap(topic))
            self.last[topic] = last
        except Exception:
            log.exception("redis bus: replaying game %s failed", topic)
        finally:
            waiting = self._held.pop(topic, [])
        current = asyncio.current_task()
        if current in self._tasks:
            self._tasks.remove(current)  # so that _flush may start another replay
        self._flush(topic, waiting)
