"""``tabletop serve`` with CPU counters per part of a move (for ``server_load.py --parts``).

    python bench/serve_counted.py serve --port 8001 --db ... --bus ...

Wraps the parts a move goes through with the CPU time of the event loop's thread
(``time.thread_time``): for a coroutine, only while its own steps run, so what other
tasks do while it waits is not counted. On SIGUSR1 it writes the totals so far, with
the process's whole CPU time, to ``$TABLETOP_COUNTS.<pid>`` (JSON: part -> [seconds,
calls]); the benchmark reads them at the start and end of its measured time.

Parts: ``rules`` (Match.play: the rules check and the move applied), ``view`` (the
game view and its delta), ``frames`` (frames encoded as JSON), ``commit``
(Store.commit's own steps: SQLAlchemy and asyncpg on this side), ``publish`` (redis-py's
PUBLISH), ``bus-in`` (a frame from Redis handed to the local sockets), ``local``
(the local bus: a frame put in each watching socket's queue), ``send`` (a frame
written to a WebSocket), ``parse`` (a client's frame read), ``progress`` (an action's
progress encoded for the other processes, server/remote.py), ``remote`` (another
process's action applied to the game in memory), ``load`` (Store.load's own steps: a
whole game read again). A part counts its own CPU, not that of parts it calls. The
rest of the process's CPU is uvicorn, asyncio, the protocol callbacks of asyncpg and
redis-py, and Python.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Generator
from typing import Any

COUNTS: dict[str, list[float]] = {}
_depth = {"local": 0}
#: The CPU of counted parts run inside the one running now (one entry per level): a
#: part counts its own time only, so that the parts add up (bus-in hands frames to
#: ``local`` and progress to ``remote``).
_inner = [0.0]


def _add(part: str, seconds: float) -> None:
    entry = COUNTS.setdefault(part, [0.0, 0])
    entry[0] += seconds
    entry[1] += 1


def counted(function: Callable[..., Any], part: str, outermost: bool = False) -> Any:
    """``function`` (plain) counting its CPU under ``part`` (``outermost``: not again when
    it calls itself through a subclass)."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if outermost and _depth.get(part, 0):
            return function(*args, **kwargs)
        _depth[part] = _depth.get(part, 0) + 1
        _inner.append(0.0)
        start = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent = time.thread_time() - start
            _depth[part] -= 1
            _add(part, spent - _inner.pop())
            _inner[-1] += spent

    return wrapper


class _Steps:
    """Await a coroutine, counting CPU only while its own steps run."""

    def __init__(self, coroutine: Any, part: str) -> None:
        self.coroutine = coroutine
        self.part = part

    def __await__(self) -> Generator[Any, Any, Any]:
        steps = self.coroutine.__await__()
        spent = 0.0
        value: Any = None
        error: BaseException | None = None
        try:
            while True:
                start = time.thread_time()
                try:
                    yielded = steps.throw(error) if error is not None else steps.send(value)
                except StopIteration as done:
                    spent += time.thread_time() - start
                    return done.value
                spent += time.thread_time() - start
                try:
                    value, error = (yield yielded), None
                except BaseException as err:  # cancellation goes to the coroutine
                    value, error = None, err
        finally:
            _add(self.part, spent)


def counted_async(function: Callable[..., Any], part: str) -> Any:
    """The coroutine function ``function`` counting its own steps' CPU under ``part``."""

    @functools.wraps(function)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        return await _Steps(function(*args, **kwargs), part)

    return wrapper


def install() -> None:
    """Wrap the parts (before the server imports them by name)."""
    from redis.asyncio import Redis
    from starlette.websockets import WebSocket

    from tabletop.play.match import Match
    from tabletop.server import protocol, remote, rooms
    from tabletop.server.bus import Bus
    from tabletop.server.redisbus import RedisBus
    from tabletop.server.store import Store

    Match.play = counted(Match.play, "rules")  # type: ignore[method-assign]
    remote.progress = counted(remote.progress, "progress")
    remote.apply = counted(remote.apply, "remote")
    Store.load = counted_async(Store.load, "load")  # type: ignore[method-assign]
    rooms.Room.view = counted(rooms.Room.view, "view")  # type: ignore[method-assign]
    rooms.delta = counted(rooms.delta, "view")
    rooms.event_frame = counted(rooms.event_frame, "frames")  # type: ignore[attr-defined]
    rooms.snapshot_frame = counted(rooms.snapshot_frame, "frames")  # type: ignore[attr-defined]
    Store.commit = counted_async(Store.commit, "commit")  # type: ignore[method-assign]
    Redis.publish = counted_async(Redis.publish, "publish")  # type: ignore[method-assign]
    Bus.publish = counted(Bus.publish, "local", outermost=True)  # type: ignore[method-assign]
    RedisBus.publish = counted(RedisBus.publish, "local", outermost=True)  # type: ignore[method-assign]
    RedisBus._receive = counted(RedisBus._receive, "bus-in")  # type: ignore[method-assign]
    WebSocket.send_text = counted_async(WebSocket.send_text, "send")  # type: ignore[method-assign]
    protocol.parse_client = counted(protocol.parse_client, "parse")


def _dump(_signum: int, _frame: object) -> None:
    path = f"{os.environ['TABLETOP_COUNTS']}.{os.getpid()}"
    with open(path + ".tmp", "w") as out:
        json.dump({"process": [time.process_time(), 0], **COUNTS}, out)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    install()
    signal.signal(signal.SIGUSR1, _dump)
    from tabletop.cli import main

    sys.exit(main(sys.argv[1:]))
