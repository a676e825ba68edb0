"""The worker pool's scheduler: computer moves before hints, hints bounded, stale work dropped.

Every search of the server (a computer seat's move, a player's hint) goes
through :class:`Work`. It keeps the waiting jobs itself and hands one to the
executor only when a worker is free, so its order is the order in which work
runs (an executor's own queue is first come, first served):

* computer moves go before hints, and hints never take the last free worker
  (one is kept for computer moves whenever the pool has two or more);
* a game has at most one hint waiting: a newer request replaces it, and a
  client (an address) at most ``hints_per_client`` waiting or running; the
  request that is replaced gets a ``superseded`` error;
* a job carries a check of its position; work whose game has moved on is
  dropped before it starts (``stale``), and a hint that finishes for a
  position that has gone is not delivered.

A pool that broke (a worker process killed by the system) refuses every later
job: it is replaced once and the job runs again in the new one.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tabletop.play.match import MatchError
from tabletop.server.tasks import TaskSet

T = TypeVar("T")

#: A job's work: a function of the job (a dict that pickles), run in a worker process.
JobFunction = Callable[[dict[str, Any]], T]
#: Whether a job is still wanted: false once the position it was asked for moved on.
Current = Callable[[], bool]

log = logging.getLogger("tabletop.server")

#: Hints one client may have waiting or running at once (over all its games).
HINTS_PER_CLIENT = 2
#: Hints waiting in all, from every client; past this a request is refused as busy.
MAX_WAITING_HINTS = 32


def pool_size() -> int:
    """Worker processes for this machine: one per CPU this process may use, less one for the
    server's own event loop, but at least two so that one is always free for computer moves
    (decision record 0073)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 2
    return max(2, cpus - 1)


class Dropped(MatchError):
    """A job that was not run (or whose answer was not delivered): superseded, stale or busy."""


@dataclass(eq=False)
class _Job:
    work: JobFunction[Any]
    job: dict[str, Any]
    current: Current
    future: asyncio.Future[Any]
    hint: bool
    game: str = ""
    client: str = ""
    ply: int = field(default=-1)


class Work:
    """The scheduler in front of one executor that runs ``workers`` jobs at once."""

    def __init__(
        self,
        executor: Executor,
        workers: int,
        *,
        renew: Callable[[], Executor] | None = None,
        hints_per_client: int = HINTS_PER_CLIENT,
        max_waiting_hints: int = MAX_WAITING_HINTS,
    ) -> None:
        self.executor = executor
        # Makes a new pool when this one breaks; None: the executor came from outside.
        self.renew = renew
        self.workers = max(1, workers)
        # With a single worker there is nothing to keep back: hints share it.
        self.hint_workers = max(1, self.workers - 1)
        self.hints_per_client = hints_per_client
        self.max_waiting_hints = max_waiting_hints
        self.moves: deque[_Job] = deque()
        self.hints: deque[_Job] = deque()
        self.running: set[_Job] = set()
        self._tasks = TaskSet()

    # -- asking --------------------------------------------------------------------------------
    async def move(self, work: JobFunction[T], job: dict[str, Any], current: Current) -> T:
        """``work(job)`` for a computer seat, ahead of every hint. Raises :class:`Dropped`
        (``stale``) when ``current()`` is false by the time a worker is free."""
        item = _Job(work, job, current, asyncio.get_running_loop().create_future(), hint=False)
        self.moves.append(item)
        return await self._wait(item)  # type: ignore[no-any-return]

    async def hint(
        self,
        work: JobFunction[T],
        job: dict[str, Any],
        current: Current,
        *,
        game: str,
        client: str,
    ) -> T:
        """``work(job)`` for a hint in ``game`` asked by ``client``, after the computer moves.

        Raises :class:`Dropped`: ``busy`` (this position's hint is being worked out, or too
        many hints wait), ``superseded`` (a newer request replaced this one before it ran)
        or ``stale`` (the position changed before or while it was worked out).
        """
        ply = int(job.get("ply", -1))
        if any(r.hint and r.game == game and r.ply == ply for r in self.running):
            raise Dropped("busy", "a hint for this position is being worked out already")
        for old in [h for h in self.hints if h.game == game]:
            self._supersede(old, "a newer hint request in this game replaced this one")
        mine = [h for h in (*self.running, *self.hints) if h.hint and h.client == client]
        if len(mine) >= self.hints_per_client:
            waiting = [h for h in self.hints if h.client == client]
            if not waiting:
                raise Dropped(
                    "busy",
                    f"you have {len(mine)} hints being worked out; ask again when one is done",
                )
            self._supersede(waiting[0], "a newer hint request of yours replaced this one")
        if len(self.hints) >= self.max_waiting_hints:
            raise Dropped("busy", "the server is busy with other hints; ask again shortly")
        loop = asyncio.get_running_loop()
        item = _Job(work, job, current, loop.create_future(), True, game, client, ply)
        self.hints.append(item)
        result = await self._wait(item)
        if not current():  # finished for a position that is gone: showing it would mislead
            raise Dropped("stale", "the position changed while the hint was worked out")
        return result  # type: ignore[no-any-return]

    def waiting(self) -> int:
        """Jobs waiting for a worker."""
        return len(self.moves) + len(self.hints)

    # -- running -------------------------------------------------------------------------------
    async def _wait(self, item: _Job) -> Any:
        self._start()
        try:
            return await item.future
        except asyncio.CancelledError:
            # The asker is gone (a room dropped, a server stopping): it no longer waits.
            for queue in (self.moves, self.hints):
                if item in queue:
                    queue.remove(item)
            raise

    def _supersede(self, item: _Job, message: str) -> None:
        self.hints.remove(item)
        if not item.future.done():
            item.future.set_exception(Dropped("superseded", message))

    def _start(self) -> None:
        """Hand waiting jobs to free workers: computer moves first, hints within their share."""
        while len(self.running) < self.workers:
            if self.moves:
                item = self.moves.popleft()
            elif self.hints and sum(r.hint for r in self.running) < self.hint_workers:
                item = self.hints.popleft()
            else:
                return
            if item.future.done():  # cancelled by its asker
                continue
            if not item.current():
                item.future.set_exception(
                    Dropped("stale", "the position changed before this was worked out")
                )
                continue
            self.running.add(item)
            self._tasks.start(self._run(item))

    async def _run(self, item: _Job) -> None:
        try:
            result = await self._in_pool(item.work, item.job)
        except Exception as err:  # the asker decides what a failure means
            if not item.future.done():
                item.future.set_exception(err)
        else:
            if not item.future.done():
                item.future.set_result(result)
        finally:
            self.running.discard(item)
            self._start()

    async def _in_pool(self, work: JobFunction[T], job: dict[str, Any]) -> T:
        """``work(job)`` in the executor; a broken pool is replaced once and the job retried."""
        loop = asyncio.get_running_loop()
        executor = self.executor
        try:
            return await loop.run_in_executor(executor, work, job)
        except BrokenExecutor:
            if self.renew is None:
                raise
            if self.executor is executor:  # the first job to find it broken renews it
                log.error("the worker pool broke; starting a new one")
                executor.shutdown(wait=False, cancel_futures=True)
                self.executor = self.renew()
            return await loop.run_in_executor(self.executor, work, job)
