"""The worker pool's scheduler: order, hint bounds, stale work, broken pools.

The jobs run in a real thread pool; each waits on a gate the test opens, so
what runs when is decided by the test, not by timing.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from tabletop.server.work import Dropped, Work, pool_size


class Gates:
    """Work functions that wait for the test to let them finish, and the order they ran in."""

    def __init__(self) -> None:
        self.gates: dict[str, threading.Event] = {}
        self.started: list[str] = []
        self.lock = threading.Lock()

    def job(self, name: str) -> dict[str, Any]:
        self.gates[name] = threading.Event()
        return {"name": name, "ply": 0}

    def work(self, job: dict[str, Any]) -> str:
        with self.lock:
            self.started.append(job["name"])
        self.gates[job["name"]].wait(timeout=30)
        return str(job["name"])

    def open(self, *names: str) -> None:
        for name in names or tuple(self.gates):
            self.gates[name].set()


@pytest.fixture
def gates() -> Iterator[Gates]:
    g = Gates()
    yield g
    g.open()  # no thread is left waiting


def always() -> bool:
    return True


async def settle() -> None:
    """Let the event loop run what is ready (scheduling is synchronous within it)."""
    for _ in range(5):
        await asyncio.sleep(0)


async def until_started(gates: Gates, name: str) -> None:
    """Wait until the job ``name`` runs in a worker thread."""
    for _ in range(3000):
        if name in gates.started:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{name} never started")


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def test_computer_moves_go_before_hints_asked_earlier(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(1) as pool:
            work = Work(pool, 1)
            first = asyncio.create_task(work.move(gates.work, gates.job("busy"), always))
            await until_started(gates, "busy")
            hint = asyncio.create_task(
                work.hint(gates.work, gates.job("hint"), always, game="a", client="x")
            )
            await settle()
            move = asyncio.create_task(work.move(gates.work, gates.job("move"), always))
            await settle()
            # Queued in the scheduler, not the executor: the hint asked first has not run.
            assert gates.started == ["busy"] and work.waiting() == 2
            gates.open()
            assert await asyncio.gather(first, hint, move) == ["busy", "hint", "move"]
            assert gates.started == ["busy", "move", "hint"]

    run(test)


def test_a_hint_never_takes_the_last_free_worker(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(2) as pool:
            work = Work(pool, 2)
            one = asyncio.create_task(
                work.hint(gates.work, gates.job("h1"), always, game="a", client="x")
            )
            await until_started(gates, "h1")
            two = asyncio.create_task(
                work.hint(gates.work, gates.job("h2"), always, game="b", client="y")
            )
            await settle()
            assert "h2" not in gates.started  # the second worker is kept for computer moves
            job = gates.job("move")
            gates.open("move")
            move = await work.move(gates.work, job, always)
            assert move == "move" and "h2" not in gates.started
            gates.open()
            assert await asyncio.gather(one, two) == ["h1", "h2"]

    run(test)


def test_a_newer_hint_in_a_game_replaces_the_waiting_one(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(1) as pool:
            work = Work(pool, 1)
            busy = asyncio.create_task(work.move(gates.work, gates.job("busy"), always))
            await until_started(gates, "busy")
            old = asyncio.create_task(
                work.hint(gates.work, gates.job("old"), always, game="g", client="x")
            )
            await settle()
            new = asyncio.create_task(
                work.hint(gates.work, gates.job("new"), always, game="g", client="y")
            )
            await settle()
            with pytest.raises(Dropped) as dropped:
                await old
            assert dropped.value.code == "superseded"
            gates.open()
            assert await new == "new" and await busy == "busy"
            assert "old" not in gates.started

    run(test)


def test_a_client_has_a_bounded_number_of_hints(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(1) as pool:
            work = Work(pool, 1, hints_per_client=2)
            busy = asyncio.create_task(work.move(gates.work, gates.job("busy"), always))
            await until_started(gates, "busy")
            asked = {
                game: asyncio.create_task(
                    work.hint(gates.work, gates.job(game), always, game=game, client="x")
                )
                for game in ("a", "b", "c")
            }
            await settle()
            # The third request replaced the oldest waiting one of the same client.
            with pytest.raises(Dropped) as dropped:
                await asked["a"]
            assert dropped.value.code == "superseded"
            assert work.waiting() == 2
            other = asyncio.create_task(
                work.hint(gates.work, gates.job("d"), always, game="d", client="y")
            )
            gates.open()
            assert await asyncio.gather(busy, asked["b"], asked["c"], other) == [
                "busy",
                "b",
                "c",
                "d",
            ]
            assert "a" not in gates.started

    run(test)


def test_a_client_whose_hints_all_run_is_told_it_is_busy(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(1) as pool:
            work = Work(pool, 1, hints_per_client=1)
            running = asyncio.create_task(
                work.hint(gates.work, gates.job("a"), always, game="a", client="x")
            )
            await until_started(gates, "a")
            with pytest.raises(Dropped) as busy:
                await work.hint(gates.work, gates.job("b"), always, game="b", client="x")
            assert busy.value.code == "busy"
            with pytest.raises(Dropped) as same:  # the same position is being worked out
                await work.hint(gates.work, gates.job("a2"), always, game="a", client="z")
            assert same.value.code == "busy"
            gates.open()
            assert await running == "a"

    run(test)


def test_work_for_a_position_that_moved_on_is_dropped_before_it_starts(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(1) as pool:
            work = Work(pool, 1)
            busy = asyncio.create_task(work.move(gates.work, gates.job("busy"), always))
            await until_started(gates, "busy")
            ply = {"now": 0}

            def current() -> bool:
                return ply["now"] == 0

            move = asyncio.create_task(work.move(gates.work, gates.job("move"), current))
            hint = asyncio.create_task(
                work.hint(gates.work, gates.job("hint"), current, game="a", client="x")
            )
            await settle()
            ply["now"] = 1  # a move was played while they waited
            gates.open()
            assert await busy == "busy"
            for task in (move, hint):
                with pytest.raises(Dropped) as stale:
                    await task
                assert stale.value.code == "stale"
            assert gates.started == ["busy"]

    run(test)


def test_a_hint_for_a_position_gone_while_it_ran_is_not_delivered(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(1) as pool:
            work = Work(pool, 1)
            ply = {"now": 0}
            hint = asyncio.create_task(
                work.hint(
                    gates.work, gates.job("hint"), lambda: ply["now"] == 0, game="a", client="x"
                )
            )
            await until_started(gates, "hint")
            ply["now"] = 1
            gates.open()
            with pytest.raises(Dropped) as stale:
                await hint
            assert stale.value.code == "stale"

    run(test)


def test_a_job_whose_asker_is_gone_never_runs(gates: Gates) -> None:
    async def test() -> None:
        with ThreadPoolExecutor(1) as pool:
            work = Work(pool, 1)
            busy = asyncio.create_task(work.move(gates.work, gates.job("busy"), always))
            await until_started(gates, "busy")
            gone = asyncio.create_task(work.move(gates.work, gates.job("gone"), always))
            await settle()
            gone.cancel()
            await settle()
            assert work.waiting() == 0
            gates.open()
            assert await busy == "busy"
            following = gates.job("next")
            gates.open("next")  # its gate open before it runs: no 30 s wait on it
            assert await work.move(gates.work, following, always) == "next"
            assert gates.started == ["busy", "next"]

    run(test)


class BrokenPool(Executor):
    """A pool whose worker was killed: it refuses every job, as ProcessPoolExecutor does."""

    def __init__(self) -> None:
        self.shut = False

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise BrokenExecutor("a worker process died")

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.shut = True


def add_one(job: dict[str, Any]) -> int:
    return int(job["x"]) + 1


def test_a_broken_pool_is_replaced_and_the_job_done_in_the_new_one() -> None:
    broken = BrokenPool()
    with ThreadPoolExecutor(1) as fresh:
        work = Work(broken, 1, renew=lambda: fresh)
        assert asyncio.run(work.move(add_one, {"x": 1}, always)) == 2
        assert work.executor is fresh and broken.shut


def test_a_pool_given_from_outside_is_not_replaced() -> None:
    work = Work(BrokenPool(), 1)
    with pytest.raises(BrokenExecutor):
        asyncio.run(work.move(add_one, {"x": 1}, always))


def test_the_pool_keeps_a_worker_for_computer_moves() -> None:
    assert pool_size() >= 2
    assert Work(BrokenPool(), pool_size()).hint_workers == pool_size() - 1
    assert Work(BrokenPool(), 1).hint_workers == 1  # one worker: hints share it
