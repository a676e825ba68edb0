"""The task set every server part keeps its background tasks in."""

from __future__ import annotations

import asyncio

from tabletop.server.tasks import TaskSet


def test_a_task_is_kept_until_it_ends_then_told() -> None:
    ended: list[str] = []

    async def scenario() -> None:
        tasks = TaskSet(on_end=lambda t: ended.append(t.get_name()))
        gate = asyncio.Event()
        tasks.start(gate.wait(), "waiting")
        assert len(tasks) == 1 and tasks.named("waiting") and not tasks.named("other")
        gate.set()
        await tasks.settle(1)
        assert len(tasks) == 0 and not tasks.named("waiting")

    asyncio.run(scenario())
    assert ended == ["waiting"]


def test_settling_with_cancel_ends_a_task_that_would_run_for_ever() -> None:
    async def scenario() -> None:
        tasks = TaskSet()
        forever = tasks.start(asyncio.sleep(3600))
        await tasks.settle(1, cancel=True)
        assert forever.cancelled() and len(tasks) == 0

    asyncio.run(scenario())


def test_a_forgotten_task_no_longer_counts_as_running() -> None:
    async def scenario() -> None:
        tasks = TaskSet()
        task = tasks.start(asyncio.sleep(3600), "replay:g")
        tasks.forget(task)
        assert not tasks.named("replay:g") and list(tasks) == []
        task.cancel()

    asyncio.run(scenario())
