"""What one move costs deep into a long game: bytes stored and bytes sent per move.

Issue 7 B8: a Quoridor game whose pawns step forward and back is played
over two players' WebSockets to ply 6,000, a spectator watching. Then 100
more moves (``quick``: ply 100, then 20) are measured: the frames the spectator
receives (bytes per move), the rows a commit writes (its event, its move and
the game's row), the growth of the SQLite file after a checkpoint
(bytes stored per move) and the write-ahead log written meanwhile (bytes
of pages written per move; SQLite writes whole 4 KiB pages, so this one does
not depend on the game's length but on how many pages a commit touches).
Targets at ply 6,000: under 5 KB written and under 2 KB sent per move.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import httpx
import websockets

from abuse import Target

NAME = "long-game"
SERVE_ARGS: list[str] = []

CYCLE = ("e2", "e8", "e1", "e9")


def checkpoint(db: Path) -> None:
    """Move the write-ahead log into the database file and empty it."""
    with sqlite3.connect(db, timeout=30) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def row_bytes(db: Path, gid: str, measured: int) -> float:
    """The data one commit of a move writes: its event, its move and the game's row."""
    with sqlite3.connect(db, timeout=30) as conn:
        (game,) = conn.execute(
            "select length(match) + length(lobby) + 100 from games where id = ?", (gid,)
        ).fetchone()
        (events,) = conn.execute(
            "select sum(length(event) + 40) from (select event from events where game_id = ?"
            " order by seq desc limit ?)",
            (gid, measured),
        ).fetchone()
        (moves,) = conn.execute(
            "select sum(length(move) + 20) from (select move from moves where game_id = ?"
            " order by ply desc limit ?)",
            (gid, measured),
        ).fetchone()
    return float(game) + float(events + moves) / measured


def size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


async def play(target: Target, plies: int, measured: int) -> str:
    async with httpx.AsyncClient(base_url=target.url, timeout=30) as client:
        answer = await client.post(
            "/api/games",
            json={"game": "quoridor", "seats": [{"claim": True}, {"claim": True}]},
        )
        answer.raise_for_status()
        created = answer.json()
    gid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    url = f"{target.ws_url}/ws/games/{gid}"
    wal = target.db.with_name(target.db.name + "-wal")
    async with (
        websockets.connect(f"{url}?token={tokens[0]}", max_size=2**24) as first,
        websockets.connect(f"{url}?token={tokens[1]}", max_size=2**24) as second,
        websockets.connect(url, max_size=2**24) as spectator,
    ):
        players = (first, second)
        for ws in (*players, spectator):
            await ws.recv()  # the snapshot
        sent: list[int] = []
        before = after = 0
        wal_bytes = 0
        for ply in range(plies + measured):
            if ply == plies:
                checkpoint(target.db)
                before = size(target.db)
                sent.clear()
            await players[ply % 2].send(json.dumps({"type": "move", "move": CYCLE[ply % 4]}))
            while True:  # the spectator's frames until this move's event
                frame = await spectator.recv()
                sent.append(len(frame.encode() if isinstance(frame, str) else frame))
                message = json.loads(frame)
                if message.get("type") == "error":
                    raise RuntimeError(f"ply {ply}: {message['message']}")
                if message.get("event", {}).get("kind") == "move":
                    break
        wal_bytes = size(wal)
        checkpoint(target.db)
        after = size(target.db)
    rows = row_bytes(target.db, gid, measured)
    stored = (after - before) / measured
    per_move_wal = wal_bytes / measured
    per_move_sent = sum(sent) / measured
    return (
        f"at ply {plies}: sent {per_move_sent:.0f} B/move (largest frame {max(sent)} B), "
        f"rows written {rows:.0f} B/move, stored {stored:.0f} B/move (file growth), "
        f"WAL {per_move_wal:.0f} B/move (pages written)"
    )


def attack(target: Target, quick: bool) -> str:
    """Play to ply 6,000, then measure 100 moves (quick: ply 100, then 20)."""
    started = time.monotonic()
    line = asyncio.run(play(target, 100, 20) if quick else play(target, 6000, 100))
    return f"{line}; {time.monotonic() - started:.0f} s"
