"""Reviews of finished games: asked over HTTP, worked out one at a time in the review
worker, kept in storage with the game and shown to everyone who opens it.

* A review runs in a worker of its own (server/review_job.py), apart from the pool of
  computer moves and hints (server/work.py) and at a lower scheduling priority, so it
  never takes a game's worker nor delays its move (decision record 0117).
* Reviews wait in a first-come queue and run one at a time; progress (positions done of
  all) comes back from the worker while it runs and is answered to every asker.
* A second request for a game whose review is queued or running joins it; a finished
  review is answered from storage. A failed one may be asked for again.
* A client (an address) has at most ``per_client`` reviews queued or running, and the
  queue at most ``max_waiting``; past these a request is refused and nothing changes.
* A review never changes its game: the worker gets a copy of the finished position.
* On start-up the reviews that were queued or running when the server stopped are
  queued again from the start (their searches' trees died with the worker).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import queue
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from tabletop.play.match import Match, MatchError
from tabletop.review.analyst import DEFAULT_LEVEL
from tabletop.server.review_job import review_worker_start, run_review
from tabletop.server.rooms import Room, Rooms
from tabletop.server.store import Store

log = logging.getLogger("tabletop.server")

#: Reviews one client may have queued or running at once.
REVIEWS_PER_CLIENT = 2
#: Reviews waiting in all; past this a request is refused as busy.
MAX_WAITING_REVIEWS = 16
#: The longest game reviewed, in moves (a review's time grows with its positions).
MAX_REVIEW_PLIES = 1000
#: Seconds between two looks at a running review's progress.
POLL = 0.2

#: What the review worker runs: (job, progress reporter or None) -> the document.
ReviewJob = Callable[..., dict[str, Any]]


@dataclass(frozen=True)
class ReviewPool:
    """The review worker: its executor, the queue its progress comes back through, whether
    a job is given the queue's ``put`` (a thread) or the worker has it already (a process),
    and how to make a new executor when a process died (None: not ours to replace)."""

    executor: Executor
    progress: Any
    threaded: bool
    renew: Callable[[], Executor] | None = None


def process_review_pool() -> ReviewPool:
    """One spawned worker process, niced below the server and its computer moves."""
    context = multiprocessing.get_context("spawn")
    progress = context.Queue()

    def make() -> Executor:
        return ProcessPoolExecutor(
            1,
            mp_context=context,
            initializer=review_worker_start,
            initargs=(os.getpid(), progress),
        )

    return ReviewPool(make(), progress, threaded=False, renew=make)


def thread_review_pool() -> ReviewPool:
    """One worker thread (tests, and servers whose searches run in threads)."""
    return ReviewPool(ThreadPoolExecutor(1, thread_name_prefix="review"), queue.Queue(), True)


@dataclass(eq=False)
class _Entry:
    game_id: str
    level: int
    job: dict[str, Any]
    client: str
    status: str = "queued"
    done: int = 0
    total: int = 0


class Reviews:
    """The reviews of one server: the queue, the one running, what storage keeps."""

    def __init__(
        self,
        store: Store,
        rooms: Rooms,
        pool: ReviewPool,
        *,
        level: int = DEFAULT_LEVEL,
        seconds: float | None = None,
        per_client: int = REVIEWS_PER_CLIENT,
        max_waiting: int = MAX_WAITING_REVIEWS,
        max_plies: int = MAX_REVIEW_PLIES,
        job: ReviewJob = run_review,
    ) -> None:
        self.store = store
        self.rooms = rooms
        self.pool = pool
        self.executor = pool.executor
        self.level = level
        self.seconds = seconds
        self.per_client = per_client
        self.max_waiting = max_waiting
        self.max_plies = max_plies
        self.job = job
        self.active: dict[str, _Entry] = {}  # queued or running, by game id
        self.waiting: deque[_Entry] = deque()
        self._runner: asyncio.Task[None] | None = None

    # -- asking --------------------------------------------------------------------------------
    async def start(self, room: Room, client: str) -> dict[str, Any]:
        """Start the review of ``room``'s finished game, or join the one under way, or
        answer the one kept; MatchError (nothing changes) for a game not finished, without
        moves or too long, a client with too many reviews, a full queue."""
        entry = self.active.get(room.id)
        if entry is not None:
            return self._answer(entry)
        kept = await self.store.review(room.id)
        if kept is not None and kept["status"] == "done":
            return _kept_answer(kept)
        match = room.match
        if match.status != "finished":
            raise MatchError(
                "bad-request", "a game is reviewed once it is finished; this one is still on"
            )
        if match.ply == 0:
            raise MatchError("bad-request", "the game has no moves to review")
        if match.ply > self.max_plies:
            raise MatchError(
                "too-large",
                f"a review is of at most {self.max_plies} moves; this game has {match.ply}",
            )
        mine = sum(e.client == client for e in self.active.values()) if client else 0
        if mine >= self.per_client:
            raise MatchError(
                "rate-limited",
                f"you have {mine} reviews waiting or running; ask again when one is done",
            )
        if len(self.waiting) >= self.max_waiting:
            raise MatchError("busy", "the server has many reviews waiting; ask again later")
        entry = await self._enqueue(room.id, match, self.level, client)
        return self._answer(entry)

    async def status(self, game_id: str) -> dict[str, Any]:
        """The review of ``game_id`` as it stands: ``none``, ``queued`` (with how many wait
        ahead), ``running`` (positions done of all), ``done`` (the document) or ``failed``."""
        entry = self.active.get(game_id)
        if entry is not None:
            return self._answer(entry)
        kept = await self.store.review(game_id)
        if kept is None:
            return {"status": "none", "done": 0, "total": 0, "ahead": 0, "level": self.level}
        return _kept_answer(kept)

    async def resume(self) -> int:
        """Queue again the reviews a stopped server left queued or running (from the start)."""
        resumed = 0
        for game_id, level in await self.store.unfinished_reviews():
            room = await self.rooms.get(game_id)
            if room is None or room.match.status != "finished" or game_id in self.active:
                await self.store.save_review(
                    game_id, "failed", level, error="the review stopped with the server"
                )
                continue
            await self._enqueue(game_id, room.match, level, "")
            resumed += 1
        return resumed

    async def close(self) -> None:
        """Stop the review under way (it is queued again on the next start) and the worker."""
        if self._runner is not None:
            self._runner.cancel()
            await asyncio.gather(self._runner, return_exceptions=True)
        self.executor.shutdown(wait=False, cancel_futures=True)
        # A review takes minutes: a worker process still at one is stopped, not awaited.
        processes = getattr(self.executor, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()

    # -- running -------------------------------------------------------------------------------
    async def _enqueue(self, game_id: str, match: Match, level: int, client: str) -> _Entry:
        names = [spec.name or match.game.seat_names[i] for i, spec in enumerate(match.seats)]
        job = {
            "game_id": game_id,
            "state": match.state.to_dict(),
            "names": names,
            "level": level,
            "seconds": self.seconds,
        }
        entry = _Entry(game_id, level, job, client)
        self.active[game_id] = entry
        self.waiting.append(entry)
        await self.store.save_review(game_id, "queued", level)
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._run_all())
        return entry

    async def _run_all(self) -> None:
        while self.waiting:
            entry = self.waiting.popleft()
            await self._run(entry)

    async def _run(self, entry: _Entry) -> None:
        entry.status = "running"
        await self.store.save_review(entry.game_id, "running", entry.level)
        try:
            document = await self._in_worker(entry.job)
        except asyncio.CancelledError:
            raise  # the server stops: the row stays "running" and resumes on the next start
        except Exception:
            log.exception("review of game %s failed", entry.game_id)
            self.active.pop(entry.game_id, None)
            await self.store.save_review(
                entry.game_id,
                "failed",
                entry.level,
                done=entry.done,
                total=entry.total,
                error="the review could not be worked out; ask again",
            )
            return
        total = entry.total or entry.done
        await self.store.save_review(
            entry.game_id, "done", entry.level, done=total, total=total, document=document
        )
        self.active.pop(entry.game_id, None)

    async def _in_worker(self, job: dict[str, Any]) -> dict[str, Any]:
        """``job`` in the review worker, its progress read while it runs; a worker process
        that died is replaced once and the job run again."""
        try:
            return await self._watch(job)
        except BrokenExecutor:
            if self.pool.renew is None:
                raise
            log.error("the review worker broke; starting a new one")
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self.pool.renew()
            return await self._watch(job)

    async def _watch(self, job: dict[str, Any]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        reporter = self.pool.progress.put if self.pool.threaded else None
        future = loop.run_in_executor(self.executor, functools.partial(self.job, job, reporter))
        while not future.done():
            await asyncio.wait({future}, timeout=POLL)
            self._drain()
        self._drain()
        document: dict[str, Any] = future.result()
        return document

    def _drain(self) -> None:
        """Take the progress reports waiting in the queue."""
        while True:
            try:
                game_id, done, total = self.pool.progress.get_nowait()
            except queue.Empty:
                return
            entry = self.active.get(game_id)
            if entry is not None:
                entry.done, entry.total = int(done), int(total)

    def _answer(self, entry: _Entry) -> dict[str, Any]:
        ahead = 0
        if entry.status == "queued":
            ahead = next((i for i, e in enumerate(self.waiting) if e is entry), 0)
        return {
            "status": entry.status,
            "done": entry.done,
            "total": entry.total,
            "ahead": ahead,
            "level": entry.level,
        }


def _kept_answer(kept: Mapping[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "status": kept["status"],
        "done": kept["done"],
        "total": kept["total"],
        "ahead": 0,
        "level": kept["level"],
    }
    if kept["error"]:
        answer["error"] = kept["error"]
    if kept["document"] is not None:
        answer["review"] = kept["document"]
    return answer
