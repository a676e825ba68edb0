"""What SQLite's page size costs a move's commit: log bytes and commit speed, side by side.

    python bench/store_pages.py [--games 20] [--rounds 1500] [--sizes 512 1024 4096]

For each page size a fresh database file (in a temporary folder) gets ``--games``
games, then ``--rounds`` rounds in which every game commits one move at once (the
server's group commit writes a round in one transaction). Prints, per page size,
commits per second, the round's p50 and p99, and the write-ahead log written per
commit (the log's size with automatic checkpoints off: each page a commit touches
is written whole).
The sizes run in turn, twice, so a busy machine weighs on each alike; the second
pass is printed. Decision record 0076 and docs/server.md hold the results.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from tabletop.core import load_game
from tabletop.play.match import Match, SeatSpec
from tabletop.server import store as storage


async def run(folder: Path, page: int, games: int, rounds: int) -> str:
    storage.PAGE_SIZE = page  # read when a new file is made
    db = folder / f"page{page}.db"
    store = storage.Store(storage.database_url(str(db)))
    await store.start()
    match = Match(load_game("go", size=9), [SeatSpec(), SeatSpec()]).to_dict()
    ids = [f"g{g}" for g in range(games)]
    for gid in ids:
        await store.create(gid, match, [None, None])
    event = {"kind": "move", "seat": 0, "move": "E5", "clock": None}
    await store.engine.dispose()  # the log counts from here: no connection holds it
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_autocheckpoint=0")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store = storage.Store(storage.database_url(str(db)))
    async with store.engine.begin() as conn:
        await conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
    rounds_ms: list[float] = []
    start = time.perf_counter()
    for n in range(rounds):
        began = time.perf_counter()
        await asyncio.gather(*(store.commit(gid, n + 1, [event], match) for gid in ids))
        rounds_ms.append((time.perf_counter() - began) * 1000)
    seconds = time.perf_counter() - start
    # Read before the last connection closes (SQLite then checkpoints and removes the log).
    log_bytes = (db.with_name(db.name + "-wal").stat().st_size - 32) / (games * rounds)
    await store.close()
    rounds_ms.sort()
    p50, p99 = rounds_ms[len(rounds_ms) // 2], rounds_ms[int(len(rounds_ms) * 0.99)]
    return (
        f"page {page:>5} B: {games * rounds / seconds:7.0f} commits/s, round p50 {p50:5.2f} ms, "
        f"p99 {p99:6.2f} ms, log {log_bytes:7.0f} B a commit"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1500)
    parser.add_argument("--sizes", type=int, nargs="+", default=[512, 1024, 4096])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for attempt in range(2):
            lines = []
            for page in args.sizes:
                folder = Path(tmp) / str(attempt)
                folder.mkdir(exist_ok=True)
                lines.append(asyncio.run(run(folder, page, args.games, args.rounds)))
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
