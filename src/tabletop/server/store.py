"""Storage: SQLAlchemy (async) over SQLite by default, any async URL (PostgreSQL) by choice.

Four tables (decision records 0040, 0065):

* ``games``: one row per game: its match as JSON (everything needed to go on
  after a restart, clocks included), its status, ply and last sequence number;
* ``events``: every event of every game, unique on (game, seq), for clients
  that reconnect and for the history;
* ``seats``: one row per seat: the SHA-256 of its token (never the token);
* ``links``: the hashes of other links to a seat: a hand-over link not yet
  opened (``handover``), and links that no longer hold it, kept so that
  opening one says why (``used``: an invite or hand-over link already
  claimed; ``moved``: a token whose seat went on on another device).

An event and the match it leads to are written in one transaction, before
anyone hears of the event.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from tabletop.core.errors import OptionError

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("ply", Integer, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("open_seats", Integer, nullable=False),
    Column("match", Text, nullable=False),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("event", Text, nullable=False),
    UniqueConstraint("game_id", "seq", name="one_event_per_seq"),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=True),
)

#: What a ``links`` row says of its token.
LINK_STATES = ("handover", "used", "moved")

links = Table(
    "links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("state", String(16), nullable=False),
    Column("created", Float, nullable=False),
)


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def database_url(db: str | None) -> str:
    """An SQLAlchemy async URL from ``--db``: a URL as is (an SQLite one given the async
    driver the server uses), a path (``~`` expanded) as an SQLite file, None the default
    file in the user data dir. OptionError for an empty value or a URL that does not parse."""
    if db is None:
        from platformdirs import user_data_dir

        folder = Path(user_data_dir("tabletop"))
        folder.mkdir(parents=True, exist_ok=True)
        db = str(folder / "tabletop.db")
    if not db.strip():
        raise OptionError(f"--db {db!r}: empty; give a file path or a database URL")
    if "://" not in db:
        return f"sqlite+aiosqlite:///{os.path.expanduser(db)}"
    try:
        url = make_url(db)
    except ArgumentError:
        raise OptionError(
            f"--db {db}: not a database URL (e.g. sqlite:///games.db, or just a file path)"
        ) from None
    if url.get_backend_name() != "sqlite":
        return db
    if not url.database:
        # SQLAlchemy reads an SQLite URL without a file as "in memory": say so explicitly.
        raise OptionError(f"--db {db}: names no file (sqlite:///:memory: keeps games in memory)")
    database = url.database if url.database == ":memory:" else os.path.expanduser(url.database)
    return url.set(drivername="sqlite+aiosqlite", database=database).render_as_string(
        hide_password=False
    )


class Store:
    """The games, events and seat tokens, behind a small async interface."""

    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        # SQLite has one writer at a time: one connection, so transactions queue
        # instead of failing with "database is locked".
        options: dict[str, Any] = {"pool_size": 1, "max_overflow": 0} if sqlite else {}
        if ":memory:" in url or url.rstrip("/").endswith("sqlite+aiosqlite:"):
            from sqlalchemy.pool import StaticPool

            options = {"poolclass": StaticPool}
        self.engine: AsyncEngine = create_async_engine(url, **options)
        self._pending: list[tuple[list[dict[str, Any]], dict[str, Any], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        if sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)

    async def start(self) -> None:
        """Create the tables when they are missing."""
        async with self.engine.begin() as conn:
            await conn.run_sync(metadata.create_all)

    async def close(self) -> None:
        """Finish the commits under way, then close every connection."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        await self.engine.dispose()

    # -- writing ----------------------------------------------------------------------------
    async def create(
        self, game_id: str, match: dict[str, Any], token_hashes: Sequence[str | None]
    ) -> None:
        """A new game with its seats (``token_hashes[i]`` None for computer seats)."""
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(insert(games).values(_game_row(game_id, match, 0, now, now)))
            await conn.execute(
                insert(seats),
                [
                    {"game_id": game_id, "seat": i, "token_hash": h}
                    for i, h in enumerate(token_hashes)
                ],
            )

    async def commit(
        self,
        game_id: str,
        first_seq: int,
        new_events: Sequence[dict[str, Any]],
        match: dict[str, Any],
    ) -> None:
        """Store events ``first_seq ..`` and the match they lead to; returns once committed.

        Commits that arrive while a transaction is being written wait and go
        together in the next one (group commit): under load one transaction
        carries many games' moves, and each caller still returns only after
        its own events are durable.
        """
        now = time.time()
        row = _game_row(game_id, match, first_seq + len(new_events) - 1, None, now)
        row["gid"] = row.pop("id")
        del row["created"]
        rows = [
            {"game_id": game_id, "seq": first_seq + i, "created": now, "event": json.dumps(e)}
            for i, e in enumerate(new_events)
        ]
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((rows, row, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        await done

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                async with self.engine.begin() as conn:
                    event_rows = [r for rows, _, _ in batch for r in rows]
                    if event_rows:
                        await conn.execute(insert(events), event_rows)
                    await conn.execute(
                        update(games).where(games.c.id == bindparam("gid")),
                        [row for _, row, _ in batch],
                    )
            except Exception as err:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(err)
                continue
            for _, _, done in batch:
                if not done.done():
                    done.set_result(None)

    async def replace_token(
        self, game_id: str, seat: int, token_hash: str, retired: Sequence[tuple[str, str]]
    ) -> None:
        """Give ``seat`` the token ``token_hash`` and note each (hash, state) in ``retired``
        as a link that no longer holds it (``used`` or ``moved``), in one transaction."""
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(token_hash=token_hash)
            )
            # A retired hash may be a hand-over link of this game already: its row changes.
            hashes = [h for h, _ in retired]
            await conn.execute(delete(links).where(links.c.token_hash.in_(hashes)))
            await conn.execute(
                insert(links),
                [
                    {
                        "token_hash": h,
                        "game_id": game_id,
                        "seat": seat,
                        "state": state,
                        "created": now,
                    }
                    for h, state in retired
                ],
            )

    async def add_handover(self, game_id: str, seat: int, token_hash: str) -> None:
        """A new hand-over link for ``seat``; it replaces one not yet opened."""
        async with self.engine.begin() as conn:
            await conn.execute(
                delete(links).where(
                    links.c.game_id == game_id,
                    links.c.seat == seat,
                    links.c.state == "handover",
                )
            )
            await conn.execute(
                insert(links).values(
                    token_hash=token_hash,
                    game_id=game_id,
                    seat=seat,
                    state="handover",
                    created=time.time(),
                )
            )

    # -- reading ------------------------------------------------------------------------------
    async def link(self, game_id: str, token_hash: str) -> tuple[int, str] | None:
        """(seat, state) of a ``links`` row of this game, or None."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(links.c.seat, links.c.state).where(
                        links.c.token_hash == token_hash, links.c.game_id == game_id
                    )
                )
            ).first()
        return None if row is None else (int(row.seat), str(row.state))

    async def load(self, game_id: str) -> tuple[dict[str, Any], int, list[str | None]] | None:
        """(match, seq, token hash per seat) of a game, or None if there is no such game."""
        async with self.engine.connect() as conn:
            found = (
                await conn.execute(select(games.c.match, games.c.seq).where(games.c.id == game_id))
            ).first()
            if found is None:
                return None
            rows = await conn.execute(
                select(seats.c.seat, seats.c.token_hash)
                .where(seats.c.game_id == game_id)
                .order_by(seats.c.seat)
            )
            hashes = [r.token_hash for r in rows]
        return json.loads(found.match), int(found.seq), hashes

    async def events_since(self, game_id: str, seq: int) -> list[tuple[int, dict[str, Any]]]:
        """The events after ``seq``, oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(events.c.seq, events.c.event)
                .where(events.c.game_id == game_id, events.c.seq > seq)
                .order_by(events.c.seq)
            )
            return [(int(r.seq), json.loads(r.event)) for r in rows]

    async def listing(self, status: str | None, limit: int = 100) -> list[dict[str, Any]]:
        """Games for the lobby: ``open`` has a free person seat; else by status; newest first."""
        query = select(games).order_by(games.c.created.desc()).limit(limit)
        if status == "open":
            query = query.where(games.c.open_seats > 0, games.c.status != "finished")
        elif status is not None:
            query = query.where(games.c.status == status)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        out = []
        for r in rows:
            match = json.loads(r.match)
            out.append(
                {
                    "id": r.id,
                    "game": r.game,
                    "options": match["options"],
                    "seats": [
                        {
                            "seat": i,
                            "name": s["name"],
                            "kind": s["kind"],
                            "level": s["level"],
                            "claimed": s["claimed"],
                        }
                        for i, s in enumerate(match["seats"])
                    ],
                    "status": r.status,
                    "created": r.created,
                    "ply": r.ply,
                }
            )
        return out

    async def live_ids(self) -> list[str]:
        """Games that are being played (their clocks and computer seats need a driver)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(games.c.id).where(games.c.status.in_(("playing", "waiting", "scoring")))
            )
            return [r.id for r in rows]


def _game_row(
    game_id: str, match: dict[str, Any], seq: int, created: float | None, now: float
) -> dict[str, Any]:
    return {
        "id": game_id,
        "game": match["game"],
        "status": match["status"],
        "created": created if created is not None else now,
        "updated": now,
        "ply": len(match["moves"]),
        "seq": seq,
        "open_seats": sum(not s["claimed"] for s in match["seats"]),
        "match": json.dumps(match),
    }


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL: readers never wait for the writer; synchronous=NORMAL: a commit survives a crash
    of the server process (not of the machine) without an fsync per move."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
