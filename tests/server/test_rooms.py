"""Rooms' use of the worker pool: a pool that breaks is replaced, not left refusing."""

from __future__ import annotations

import asyncio
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from tabletop.server.rooms import Rooms


class BrokenPool(Executor):
    """A pool whose worker was killed: it refuses every job, as ProcessPoolExecutor does."""

    def __init__(self) -> None:
        self.shut = False

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise BrokenExecutor("a worker process died")

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.shut = True


def rooms_with(executor: Executor, renew: Any) -> Rooms:
    return Rooms(None, None, executor, renew_executor=renew)  # type: ignore[arg-type]


def add_one(job: dict[str, Any]) -> int:
    return int(job["x"]) + 1


def test_a_broken_pool_is_replaced_and_the_job_done_in_the_new_one() -> None:
    broken = BrokenPool()
    with ThreadPoolExecutor(1) as fresh:
        rooms = rooms_with(broken, lambda: fresh)
        assert asyncio.run(rooms._in_pool(add_one, {"x": 1})) == 2
        assert rooms.executor is fresh and broken.shut


def test_a_pool_given_from_outside_is_not_replaced() -> None:
    rooms = rooms_with(BrokenPool(), None)
    with pytest.raises(BrokenExecutor):
        asyncio.run(rooms._in_pool(add_one, {"x": 1}))
