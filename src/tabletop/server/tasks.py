"""Tasks a server part starts and keeps until they end.

asyncio holds only a weak reference to a running task: one nobody keeps may be collected
mid-way, and a shutdown must know which are still running to end them. The rooms, the
Redis bus, presence and the leases each keep theirs in a :class:`TaskSet`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from typing import Any


class TaskSet:
    """Running tasks, each forgotten when it ends (then told to ``on_end``, if given)."""

    def __init__(self, on_end: Callable[[asyncio.Task[Any]], None] | None = None) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self._on_end = on_end

    def start(self, work: Coroutine[Any, Any, Any], name: str | None = None) -> asyncio.Task[Any]:
        """Run ``work`` as a task of its own, kept until it ends."""
        task = asyncio.get_running_loop().create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._ended)
        return task

    def _ended(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if self._on_end is not None:
            self._on_end(task)

    def forget(self, task: asyncio.Task[Any] | None) -> None:
        """Stop counting ``task`` (still running: it is ending and says so itself)."""
        if task is not None:
            self._tasks.discard(task)

    def named(self, name: str) -> bool:
        """Whether a task called ``name`` is running."""
        return any(t.get_name() == name for t in self._tasks)

    def __iter__(self) -> Iterator[asyncio.Task[Any]]:
        return iter(list(self._tasks))

    def __len__(self) -> int:
        return len(self._tasks)

    async def settle(self, timeout: float, cancel: bool = False) -> None:
        """Wait at most ``timeout`` seconds for the running tasks (cancelled first if
        ``cancel``). Bounded: a shutdown must end even if a task ignores its cancellation."""
        running = list(self._tasks)
        if cancel:
            for task in running:
                task.cancel()
        if running:
            await asyncio.wait(running, timeout=timeout)
