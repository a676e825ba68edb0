"""Who drives a game: the one process that runs its flag fall, its computer moves, its
dead-stone proposal and its leavers' replacement (decision record 0151).

One process alone (the in-process default) drives every game it holds: :class:`Lease`
says yes to everything and costs nothing. Several processes over one database take a
lease per game in Redis (:class:`RedisLease`): the key ``tabletop:lease:<game>`` holds
the id of the process that drives it and expires :data:`TTL` seconds after its last
renewal, so when that process dies (even by ``kill -9``) another one takes the game over
within a few seconds. The lease only spares duplicated work: the unique (game, seq)
constraint of the database still decides between two processes that act on one game
at once, so a process that cannot reach Redis goes on driving the games it holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import Any

from redis.exceptions import RedisError

from tabletop.server.tasks import TaskSet

log = logging.getLogger("tabletop.server")

#: A lease key of a game.
PREFIX = "tabletop:lease:"
#: Seconds a lease lasts after its last renewal (a dead process's games wait this long).
TTL = 3.0
#: Seconds between renewals.
RENEW_EVERY = 1.0

#: Renew each key held by ARGV[1] (or take it again if it is gone: a restarted Redis);
#: 1 where it is still ours, 0 where another process has it now.
RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  local owner = redis.call('GET', key)
  if owner == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    out[i] = 1
  elseif not owner then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
"""

#: Delete each key still held by ARGV[1].
RELEASE = """
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""


class Lease:
    """The leases of one process that is alone: it drives every game."""

    #: Whether other processes drive games too (then games must be claimed and adopted).
    shared = False

    def __init__(self) -> None:
        #: Called with a game's id when its lease went to another process.
        self.on_lost: Callable[[str], None] | None = None

    def owns(self, game_id: str) -> bool:
        """Whether this process drives ``game_id`` now."""
        return True

    async def claim(self, game_id: str) -> bool:
        """Take the lease of ``game_id`` if nobody holds it; True if this process has it."""
        return True

    def release(self, game_id: str) -> None:
        """Give up the lease of ``game_id`` (it needs no driver, or left memory)."""

    async def unheld(self, game_ids: Iterable[str]) -> list[str]:
        """Those of ``game_ids`` whose lease nobody holds."""
        return []

    async def start(self) -> None:
        """Start renewing."""

    async def close(self) -> None:
        """Stop renewing and give every lease up (another process takes them at once)."""


class RedisLease(Lease):
    """Leases in Redis, renewed every :data:`RENEW_EVERY` seconds while this process lives."""

    shared = True

    def __init__(self, client: Any, owner: str, ttl: float = TTL) -> None:
        super().__init__()
        self.client = client
        self.owner = owner
        self.ttl_ms = int(ttl * 1000)
        self.held: set[str] = set()
        self._renewing: asyncio.Task[None] | None = None
        self._releases = TaskSet()

    def owns(self, game_id: str) -> bool:
        return game_id in self.held

    async def claim(self, game_id: str) -> bool:
        if game_id in self.held:
            return True
        try:
            taken = await self.client.set(PREFIX + game_id, self.owner, nx=True, px=self.ttl_ms)
        except (RedisError, OSError) as err:
            # Redis is away: drive it (the database settles any overlap); the renewal
            # gives it up if another process has it once Redis is back.
            log.warning("lease of game %s not taken (%s): driving it meanwhile", game_id, err)
            taken = True
        if taken:
            self.held.add(game_id)
        return bool(taken)

    def release(self, game_id: str) -> None:
        if game_id not in self.held:
            return
        self.held.discard(game_id)
        self._releases.start(self._release([game_id]))

    async def _release(self, game_ids: list[str]) -> None:
        keys = [PREFIX + g for g in game_ids]
        # Redis away or slow: the keys expire on their own.
        with contextlib.suppress(RedisError, OSError, TimeoutError):
            await asyncio.wait_for(self.client.eval(RELEASE, len(keys), *keys, self.owner), 2)

    async def unheld(self, game_ids: Iterable[str]) -> list[str]:
        ids = list(game_ids)
        free: list[str] = []
        try:
            for start in range(0, len(ids), 500):
                part = ids[start : start + 500]
                owners = await self.client.mget([PREFIX + g for g in part])
                free += [g for g, owner in zip(part, owners, strict=True) if owner is None]
        except (RedisError, OSError):
            return []  # Redis is away: nobody can tell which games lost their driver
        return free

    async def renew(self) -> None:
        """Renew every lease held; those another process has now are given up (told to
        :attr:`on_lost`). Redis away: keep them all (see the module's docstring)."""
        ids = sorted(self.held)
        if not ids:
            return
        keys = [PREFIX + g for g in ids]
        try:
            kept = await self.client.eval(RENEW, len(keys), *keys, self.owner, self.ttl_ms)
        except (RedisError, OSError) as err:
            log.warning("leases not renewed (%s)", err)
            return
        for game_id, mine in zip(ids, kept, strict=True):
            if not mine and game_id in self.held:
                self.held.discard(game_id)
                if self.on_lost is not None:
                    self.on_lost(game_id)

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(RENEW_EVERY)
            try:
                await self.renew()
            except Exception:  # never let one bad renewal end them
                log.exception("renewing the leases failed")

    async def start(self) -> None:
        self._renewing = asyncio.create_task(self._renew_forever(), name="lease-renew")

    async def close(self) -> None:
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewing
        ids = sorted(self.held)
        self.held.clear()
        if ids:
            await self._release(ids)
        await self._releases.settle(2)
