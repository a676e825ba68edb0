"""Who is connected to a game on the other server processes (decision record 0168).

A seat shows as connected (the seats' ``connected`` in a game's view) while a socket of
it is open on any process. Each process knows its own sockets (the rooms count them);
with several processes, :class:`RedisPresence` tells the others which seats of which
games have a socket here, on the Redis channel :data:`CHANNEL`: at once when that
changes, and all of them every :data:`EVERY` seconds. What a process heard lasts
:data:`TTL` seconds unless said again, so the seats of a process that died (``kill
-9``) stop showing as connected by themselves. One process alone (:class:`Presence`)
has no others: nothing is sent and nobody is elsewhere.

When seats stop being elsewhere (their process said so, or went silent), the
``on_gone`` callback hears of it: a process that did not record a player's leaving
because another process seemed to hold the seat checks again then (decision 0185).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from redis.exceptions import RedisError

from tabletop.server.redisbus import swallowed_cancel
from tabletop.server.tasks import TaskSet

log = logging.getLogger("tabletop.server")

#: The Redis channel of every process's connected seats.
CHANNEL = "tabletop:presence"
#: Seconds between a process's announcements of all its connected seats.
EVERY = 2.0
#: Seconds what a process announced lasts (three announcements missed: it is gone).
TTL = 3 * EVERY
#: Seconds between tries to reach Redis again.
BACKOFF = 1.0


class Presence:
    """The connected seats of one process that is alone: nobody is elsewhere."""

    #: Whether other processes have sockets too.
    shared = False
    #: Called with a game and its seats that are no longer connected elsewhere.
    on_gone: Callable[[str, set[int]], None] | None = None

    def elsewhere(self, game_id: str) -> set[int]:
        """The seats of ``game_id`` with a socket open on another process."""
        return set()

    def here(self, game_id: str, seats: set[int]) -> None:
        """The seats of ``game_id`` with a socket open on this process are now ``seats``."""

    async def start(self) -> None:
        """Start announcing and listening."""

    async def close(self) -> None:
        """Stop; the others forget this process's seats (at once, or after :data:`TTL`)."""


class RedisPresence(Presence):
    """Connected seats shared through Redis pub/sub (see the module's docstring)."""

    shared = True

    def __init__(self, client: Any, origin: str, clock: Any = time.monotonic) -> None:
        self.client = client
        self.origin = origin
        self.clock = clock
        self.mine: dict[str, list[int]] = {}  # game -> seats with a socket here
        # game -> process -> (seats, until when it holds)
        self.theirs: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        self._tasks = TaskSet()  # publications under way
        self._loops = TaskSet()

    def elsewhere(self, game_id: str) -> set[int]:
        now = self.clock()
        seats: set[int] = set()
        for held, until in self.theirs.get(game_id, {}).values():
            if until > now:
                seats |= held
        return seats

    def here(self, game_id: str, seats: set[int]) -> None:
        before = self.mine.get(game_id, [])
        now = sorted(seats)
        if now == before:
            return
        if now:
            self.mine[game_id] = now
        else:
            self.mine.pop(game_id, None)
        self._say({game_id: now}, whole=False)

    def _say(self, games: dict[str, list[int]], whole: bool) -> None:
        """Publish ``games`` (``whole``: every game with a socket here, the others none)."""
        text = json.dumps({"from": self.origin, "whole": whole, "games": games})
        self._tasks.start(self._publish(text))

    async def _publish(self, text: str) -> None:
        # Redis away: the next announcement of all of them says it again.
        with contextlib.suppress(RedisError, OSError, TimeoutError):
            await asyncio.wait_for(self.client.publish(CHANNEL, text), 2)

    def heard(self, text: str | bytes) -> None:
        """A message of another process on :data:`CHANNEL`."""
        message = json.loads(text)
        origin = message["from"]
        if origin == self.origin:
            return
        until = self.clock() + TTL
        games: dict[str, list[int]] = message["games"]
        touched = set(games) | {g for g, by in self.theirs.items() if origin in by}
        before = {g: self.elsewhere(g) for g in touched}
        if message["whole"]:
            for game_id in [g for g, by in self.theirs.items() if origin in by]:
                if game_id not in games:
                    self._forget(game_id, origin)
        for game_id, seats in games.items():
            if seats:
                self.theirs.setdefault(game_id, {})[origin] = (frozenset(seats), until)
            else:
                self._forget(game_id, origin)
        self._gone(before)

    def _gone(self, before: dict[str, set[int]]) -> None:
        """Tell ``on_gone`` the seats elsewhere ``before`` that are not any more."""
        if self.on_gone is None:
            return
        for game_id, seats in before.items():
            gone = seats - self.elsewhere(game_id)
            if gone:
                self.on_gone(game_id, gone)

    def _forget(self, game_id: str, origin: str) -> None:
        by = self.theirs.get(game_id)
        if by is not None:
            by.pop(origin, None)
            if not by:
                del self.theirs[game_id]

    async def start(self) -> None:
        self._loops.start(self._announce(), "presence-announce")
        self._loops.start(self._listen(), "presence-listen")

    async def close(self) -> None:
        await self._loops.settle(2, cancel=True)
        if self.mine:
            self.mine.clear()
            await self._publish(json.dumps({"from": self.origin, "whole": True, "games": {}}))
        await self._tasks.settle(2)

    async def _announce(self) -> None:
        while True:
            await asyncio.sleep(EVERY)
            self._say(dict(self.mine), whole=True)
            self.expire()

    def expire(self) -> None:
        """Forget what went unsaid for :data:`TTL` (a process that died)."""
        now = self.clock()
        before: dict[str, set[int]] = {}
        for game_id, by in list(self.theirs.items()):
            for origin, (held, until) in list(by.items()):
                if until <= now:
                    # elsewhere() already leaves it out: what it held is what went.
                    before.setdefault(game_id, set()).update(held)
                    self._forget(game_id, origin)
        for game_id, went in before.items():
            gone = went - self.elsewhere(game_id)
            if gone and self.on_gone is not None:
                self.on_gone(game_id, gone)

    async def _listen(self) -> None:
        while True:
            pubsub = self.client.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if swallowed_cancel():
                        raise asyncio.CancelledError
                    if message is not None and message.get("type") == "message":
                        try:
                            self.heard(message["data"])
                        except (ValueError, KeyError, TypeError):
                            log.warning("presence: a message that is not one was ignored")
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except (RedisError, OSError) as err:
                log.warning("presence: connection lost (%s); reconnecting", err)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(BACKOFF)
