"""What the review worker runs: a finished game's review, plain data in and out.

The server sends :func:`run_review` to its review worker (server/reviews.py): a
process of its own, started at a lower scheduling priority than the computer
moves' pool (:func:`review_worker_start`), so a review never takes a computer
seat's worker nor its CPU (decision record 0117). Progress goes back through a
queue given to the worker when it starts (a process's queue must be inherited,
not sent with a job), or, for a worker thread, with the job itself.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from tabletop.play.computer import rebuild
from tabletop.server.lifeline import die_with_parent

#: How much nicer (lower in priority) than the server a review worker process runs.
NICENESS = 10


class ProgressQueue(Protocol):
    """Where a worker reports (game id, positions done, positions in all)."""

    def put(self, item: Any) -> None: ...


#: The queue of this worker process (set when it starts; None in the server process).
_queue: ProgressQueue | None = None


def review_worker_start(parent: int, queue: ProgressQueue) -> None:
    """Review worker initializer: exit with the server, yield the CPU to the computer
    moves' workers, report progress to ``queue``."""
    global _queue
    die_with_parent(parent)
    # Where it is not allowed the worker still runs, only not behind the others.
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    _queue = queue


def run_review(
    job: Mapping[str, Any], report: Callable[[Any], None] | None = None
) -> dict[str, Any]:
    """The review document of the job's finished game: ``state`` (a ``State.to_dict()``),
    ``names`` of the seats, ``level`` and ``seconds`` of the analysis. Progress is put as
    (game id, done, total) with ``report`` (None: this worker process's queue)."""
    from tabletop.review import review_game
    from tabletop.review.analyst import analyst_for

    put = report if report is not None else (_queue.put if _queue is not None else None)
    game_id = str(job["game_id"])

    def progress(done: int, total: int) -> None:
        if put is not None:
            put((game_id, done, total))

    state = rebuild(job["state"])
    analyst = analyst_for(state.game, int(job["level"]), job.get("seconds"))
    review = review_game(state, analyst, list(job["names"]), progress=progress)
    return review.document
