"""In-process publish/subscribe: each game's messages to the sockets watching it.

A subscriber is an ``asyncio.Queue`` of ready-made text frames, so a message
is encoded to JSON once and handed to every watcher. Publishing never waits:
a watcher whose queue is full (a client that stopped reading) is dropped and
told so by ``None`` in its queue; it reconnects with ``since`` and catches up.
The Redis bus (server/redisbus.py) takes this one's place for several server
processes.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

#: Frames a watcher may fall behind before it is dropped.
QUEUE_LIMIT = 256

Frame = str | None


class Bus:
    """Topics (game ids) to subscriber queues."""

    #: Whether other processes change the games too (the Redis bus).
    shared = False

    def __init__(self) -> None:
        self._topics: defaultdict[str, set[asyncio.Queue[Frame]]] = defaultdict(set)

    def subscribe(self, topic: str) -> asyncio.Queue[Frame]:
        """A new queue receiving every frame published on ``topic`` from now on."""
        queue: asyncio.Queue[Frame] = asyncio.Queue(QUEUE_LIMIT)
        self._topics[topic].add(queue)
        return queue

    def unsubscribe(self, topic: str, queue: asyncio.Queue[Frame]) -> None:
        """Stop delivering to ``queue``."""
        subscribers = self._topics.get(topic)
        if subscribers is not None:
            subscribers.discard(queue)
            if not subscribers:
                del self._topics[topic]

    def publish(
        self, topic: str, frame: str, seq: int | None = None, extra: str | None = None
    ) -> None:
        """Hand ``frame`` to every subscriber of ``topic`` (never blocks); ``seq``: the
        number of the event it carries (None: a frame outside the numbered events);
        ``extra``: what other processes need besides (server/remote.py), none here."""
        for queue in list(self._topics.get(topic, ())):
            try:
                queue.put_nowait(frame)
            except asyncio.QueueFull:
                self.unsubscribe(topic, queue)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(None)

    def delivered(self, topic: str, seq: int) -> None:
        """The subscribers of ``topic`` have every event up to ``seq`` (a snapshot gave it
        them): nothing to note in one process."""

    def follow(self, topic: str) -> None:
        """Hear of ``topic``'s events committed elsewhere without a watcher here (the
        process driving its timers): nothing to do in one process."""

    def unfollow(self, topic: str) -> None:
        """Stop :meth:`follow`-ing ``topic``."""

    def subscribers(self, topic: str) -> int:
        """How many queues watch ``topic``."""
        return len(self._topics.get(topic, ()))
