"""Storage: SQLAlchemy (async) over SQLite by default, any async URL (PostgreSQL) by choice.

The tables (decision records 0040, 0065 and 0067):

* ``games``: one row per game: its match as JSON without the move list
  (everything else needed to go on after a restart, clocks included), what
  the lobby shows (``lobby``), its status, ply, last sequence number, whether
  it needs a driver after a restart (``live``) and who made it (``creator``);
* ``moves``: the move list, one row per ply, appended as the game goes on
  (an undo deletes the rows it takes back), so a commit writes what changed
  and not the whole game;
* ``events``: every event of every game, unique on (game, seq), for clients
  that reconnect and for the history;
* ``seats``: one row per seat: the SHA-256 of its token (never the token);
* ``schema``: the layout's version before Alembic took it over (3 since: a tabletop from
  before refuses the database); the layout now comes from the revisions in
  server/migrations/ (server/migrate.py, decision record 0126);
* ``links``: the hashes of other links to a seat: a hand-over link not yet
  opened (``handover``), and links that no longer hold it, kept so that
  opening one says why (``used``: an invite or hand-over link already
  claimed; ``moved``: a token whose seat went on on another device);
* ``rematches``: a finished game's rematch as server/rematch.py keeps it (the seats
  that asked, the hashes of their tokens there, the new game), so it survives the
  room leaving memory and a restart (decision record 0100);
* ``reviews``: a finished game's review (server/reviews.py): its status, progress, the
  level it was asked at and, once done, the review document as JSON (decision 0117).

An event and the match it leads to are written in one transaction, before
anyone hears of the event; so is what :attr:`Store.on_end` adds to the commit that ends
a game (the accounts' results and ratings: server/accounts/rated.py), and what
:attr:`Store.on_events` adds for any event (the chat's lines: server/chat/storage.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from tabletop.core import TabletopError
from tabletop.core.errors import OptionError
from tabletop.server import migrate
from tabletop.server.columns import created, game_ref

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    created(),
    Column("updated", Float, nullable=False),
    Column("ply", Integer, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("open_seats", Integer, nullable=False),
    Column("match", Text, nullable=False),
    Column("live", Boolean, nullable=False, server_default="0", index=True),
    Column("creator", String(32), nullable=True, index=True),
    Column("lobby", Text, nullable=False, server_default="{}"),
)

moves = Table(
    "moves",
    metadata,
    game_ref(primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("move", Text, nullable=False),
    sqlite_with_rowid=False,
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    game_ref(nullable=False),
    Column("seq", Integer, nullable=False),
    created(),
    Column("event", Text, nullable=False),
    UniqueConstraint("game_id", "seq", name="one_event_per_seq"),
)

seats = Table(
    "seats",
    metadata,
    game_ref(primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=True),
)

schema = Table("schema", metadata, Column("version", Integer, primary_key=True))


#: The columns that the first revision adds to a version 1 file (which lacks them).
UPGRADE_ADDS = {"games": ("live", "creator", "lobby")}


#: Driver options by driver: a server that does not answer is an error within seconds,
#: not after the driver's minute.
CONNECT_ARGS: dict[str, dict[str, Any]] = {"postgresql+asyncpg": {"timeout": 10}}


#: Called in the transaction of a commit that ends a game: (connection, game id, the
#: match, its ``end`` event, the time); an error fails that commit.
EndHook = Callable[[AsyncConnection, str, dict[str, Any], dict[str, Any], float], Awaitable[None]]
#: What :attr:`Store.on_events` calls: (the transaction, its event rows as inserted).
EventsHook = Callable[[AsyncConnection, list[dict[str, Any]]], Awaitable[None]]


class Conflict(TabletopError):
    """A commit whose event numbers storage holds already: the game was changed through
    another copy of it, and this copy is behind."""


class StorageError(TabletopError):
    """A database this server cannot use as it is (its message says what to do)."""


#: What a ``links`` row says of its token.
LINK_STATES = ("handover", "used", "moved")

links = Table(
    "links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    game_ref(nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("state", String(16), nullable=False),
    created(),
)


rematches = Table(
    "rematches",
    metadata,
    game_ref(primary_key=True),
    Column("state", Text, nullable=False),
)


#: What a ``reviews`` row says of its review.
REVIEW_STATES = ("queued", "running", "done", "failed")

reviews = Table(
    "reviews",
    metadata,
    game_ref(primary_key=True),
    Column("status", String(16), nullable=False, index=True),
    Column("level", Integer, nullable=False),
    Column("done", Integer, nullable=False, server_default="0"),
    Column("total", Integer, nullable=False, server_default="0"),
    Column("updated", Float, nullable=False),
    Column("error", Text, nullable=True),
    Column("document", Text, nullable=True),
)


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


async def one_moment(conn: AsyncConnection) -> None:
    """Make the reads on ``conn`` see one moment of the database.

    PostgreSQL's default has each statement see what was committed when it began, so
    reads in several statements may mix two moments (a game's number with a later move,
    a rating with a history it has not yet): they run in one REPEATABLE READ transaction.
    SQLite needs nothing: the server has one connection to it, so no commit can come
    between two reads."""
    if conn.dialect.name != "sqlite":
        await conn.execution_options(isolation_level="REPEATABLE READ")


def database_url(db: str | None) -> str:
    """An SQLAlchemy async URL from ``--db``: a URL as is (an SQLite one given the async
    driver the server uses, ``postgresql://`` taken as ``postgresql+asyncpg://``), a path
    (``~`` expanded) as an SQLite file, None the default file in the user data dir.
    OptionError for an empty value or a URL that does not parse."""
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
    if url.drivername in ("postgresql", "postgres"):
        # The plain name means the server's own driver (asyncpg): the same database.
        return url.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)
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

    def __init__(self, url: str, shown: str | None = None) -> None:
        """``url``: an async URL (:func:`database_url`); ``shown``: the ``--db`` it came from,
        for the command an error message names (None: the default database)."""
        self.url = url
        self.shown = shown
        sqlite = url.startswith("sqlite")
        self.sqlite = sqlite
        # SQLite has one writer at a time: one connection, so transactions queue
        # instead of failing with "database is locked". A server's connections are
        # checked before use, so one broken by a database restart is replaced.
        options: dict[str, Any] = (
            {"pool_size": 1, "max_overflow": 0}
            if sqlite
            else {
                "pool_pre_ping": True,
                "connect_args": CONNECT_ARGS.get(make_url(url).drivername, {}),
            }
        )
        if ":memory:" in url or url.rstrip("/").endswith("sqlite+aiosqlite:"):
            from sqlalchemy.pool import StaticPool

            options = {"poolclass": StaticPool}
        self.engine: AsyncEngine = create_async_engine(url, **options)
        self._pending: list[_Commit] = []
        self._writer: asyncio.Task[None] | None = None
        self.on_end: list[EndHook] = []
        # Called with each transaction's event rows, in it (server/chat/storage.py).
        self.on_events: list[EventsHook] = []
        if sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)

    async def start(self) -> None:
        """Check that the database's layout is the newest revision; a new SQLite database
        gets its tables (decision record 0126).

        Raises StorageError (one line saying what to do) for a database that is behind,
        empty (not SQLite), or made by a newer tabletop."""
        async with self.engine.begin() as conn:
            found = await conn.run_sync(migrate.status)
            if found.current:
                return
            if found.fresh and self.sqlite:
                await conn.run_sync(migrate.upgrade)
                return
        raise StorageError(found.problem(self.shown))

    async def upgrade(self) -> tuple[str | None, str]:
        """Bring the database to the newest revision; returns (the revision before, after).

        Raises StorageError for a database made by a newer tabletop."""
        async with self.engine.begin() as conn:
            found = await conn.run_sync(migrate.status)
            if not found.known:
                raise StorageError(found.problem(self.shown))
            if not found.current:
                await conn.run_sync(migrate.upgrade)
        return found.revision, found.head

    async def close(self) -> None:
        """Finish the commits under way, then close every connection."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        await self.engine.dispose()

    # -- writing ----------------------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        match: dict[str, Any],
        token_hashes: Sequence[str | None],
        *,
        live: bool = False,
        creator: str | None = None,
    ) -> None:
        """A new game with its seats (``token_hashes[i]`` None for computer seats).

        ``live``: it needs a driver after a restart (a running clock, a computer to move);
        ``creator``: the key of the client that made it (for its limit of waiting games)."""
        now = time.time()
        snapshot, pairs = split_moves(match)
        row = _game_row(game_id, match, snapshot, 0, now, now, live)
        row["creator"] = creator
        async with self.engine.begin() as conn:
            await conn.execute(insert(games).values(row))
            await conn.execute(
                insert(seats),
                [
                    {"game_id": game_id, "seat": i, "token_hash": h}
                    for i, h in enumerate(token_hashes)
                ],
            )
            if pairs:
                await conn.execute(insert(moves), _move_rows(game_id, 0, pairs))

    async def commit(
        self,
        game_id: str,
        first_seq: int,
        new_events: Sequence[dict[str, Any]],
        match: dict[str, Any],
        *,
        kept: int = 0,
        stored: int = 0,
        live: bool = False,
        indexed: bool = True,
    ) -> None:
        """Store events ``first_seq ..`` and the match they lead to; returns once committed.

        ``stored``: how many moves storage holds for the game; ``kept``: how many of
        them are still the game's first moves (fewer after an undo: the others are
        deleted); only the moves after them are written. ``live`` as for :meth:`create`.
        ``indexed`` False: the status and ``live`` are as last stored, so their indexes
        are left alone (SQLite rewrites an index entry for every column it is told to
        set, changed or not: two pages a commit).

        Commits that arrive while a transaction is being written wait and go
        together in the next one (group commit): under load one transaction
        carries many games' moves, and each caller still returns only after
        its own events are durable.
        """
        now = time.time()
        snapshot, pairs = split_moves(match, kept)
        row = _game_row(game_id, match, snapshot, first_seq + len(new_events) - 1, None, now, live)
        row["gid"] = row.pop("id")
        del row["created"]
        if not indexed:
            del row["status"], row["live"]
        rows = [
            {"game_id": game_id, "seq": first_seq + i, "created": now, "event": json.dumps(e)}
            for i, e in enumerate(new_events)
        ]
        if snapshot.get("moves") is not None:
            kept, stored = 0, max(stored, 1)  # kept whole in the snapshot: no rows
        cut = (game_id, kept) if kept < stored else None
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        commit = _Commit(rows, row, cut, _move_rows(game_id, kept, pairs), done)
        ended = [e for e in new_events if e.get("kind") == "end"]
        if ended and self.on_end:
            commit.ended = (match, ended[-1])
        self._pending.append(commit)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        await done

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._write(batch)
            except Exception as err:
                if len(batch) == 1:
                    self._fail(batch[0], err)
                    continue
                # One commit's fault must not fail the others of its group: each alone.
                for commit in batch:
                    try:
                        await self._write([commit])
                    except Exception as alone:
                        self._fail(commit, alone)
                    else:
                        self._succeed(commit)
                continue
            for commit in batch:
                self._succeed(commit)

    @staticmethod
    def _succeed(commit: _Commit) -> None:
        if not commit.done.done():
            commit.done.set_result(None)

    @staticmethod
    def _fail(commit: _Commit, err: Exception) -> None:
        if commit.done.done():
            return
        if isinstance(err, IntegrityError):
            # Its event numbers are taken: the game in storage moved on without this copy.
            err = Conflict(f"game {commit.game['gid']}: its events are already stored")
        commit.done.set_exception(err)

    async def _write(self, batch: list[_Commit]) -> None:
        """Write ``batch`` in one transaction; wakes nobody (the caller does)."""
        async with self.engine.begin() as conn:
            event_rows = [r for c in batch for r in c.events]
            if event_rows:
                await conn.execute(insert(events), event_rows)
                for events_hook in self.on_events:
                    await events_hook(conn, event_rows)
            # Rows past the kept moves (an undo took them back) go first.
            cuts = [{"gid": c.cut[0], "kept": c.cut[1]} for c in batch if c.cut]
            if cuts:
                await conn.execute(
                    delete(moves).where(
                        moves.c.game_id == bindparam("gid"),
                        moves.c.ply >= bindparam("kept"),
                    ),
                    cuts,
                )
            move_rows = [r for c in batch for r in c.moves]
            if move_rows:
                await conn.execute(insert(moves), move_rows)
            # One statement per shape of row (with or without the indexed columns).
            shapes: dict[int, list[dict[str, Any]]] = {}
            for c in batch:
                shapes.setdefault(len(c.game), []).append(c.game)
            for game_rows in shapes.values():
                await conn.execute(update(games).where(games.c.id == bindparam("gid")), game_rows)
            for c in batch:
                if c.ended is not None:
                    for hook in self.on_end:
                        await hook(conn, c.game["gid"], *c.ended, c.game["updated"])

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
            if not retired:
                return
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

    async def save_rematch(self, game_id: str, state: dict[str, Any]) -> None:
        """Keep the rematch of finished game ``game_id`` (server/rematch.py's JSON)."""
        text_ = json.dumps(state, separators=(",", ":"))
        async with self.engine.begin() as conn:
            await conn.execute(delete(rematches).where(rematches.c.game_id == game_id))
            await conn.execute(insert(rematches).values(game_id=game_id, state=text_))

    async def save_review(
        self,
        game_id: str,
        status: str,
        level: int,
        *,
        done: int = 0,
        total: int = 0,
        error: str | None = None,
        document: dict[str, Any] | None = None,
    ) -> None:
        """Keep the review of ``game_id`` as it stands (replacing the one kept before)."""
        row = {
            "game_id": game_id,
            "status": status,
            "level": level,
            "done": done,
            "total": total,
            "updated": time.time(),
            "error": error,
            "document": None if document is None else json.dumps(document, separators=(",", ":")),
        }
        async with self.engine.begin() as conn:
            await conn.execute(delete(reviews).where(reviews.c.game_id == game_id))
            await conn.execute(insert(reviews).values(row))

    async def set_live(self, game_id: str, live: bool) -> None:
        """Mark whether a game needs a driver after a restart (see :meth:`live_ids`)."""
        async with self.engine.begin() as conn:
            await conn.execute(update(games).where(games.c.id == game_id).values(live=live))

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
        """(match, seq, token hash per seat) of a game, or None if there is no such game.

        Its three reads see one moment of the database (:func:`one_moment`): otherwise a
        move committed between them would give moves the number ``seq`` does not have."""
        async with self.engine.connect() as conn:
            await one_moment(conn)
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
            match = json.loads(found.match)
            if match.get("moves") is None:
                played = await conn.execute(
                    select(moves.c.move).where(moves.c.game_id == game_id).order_by(moves.c.ply)
                )
                join_moves(match, [json.loads(r.move) for r in played])
        return match, int(found.seq), hashes

    async def seq_of(self, game_id: str) -> int | None:
        """The last event number stored for a game (None: no such game)."""
        async with self.engine.connect() as conn:
            found = await conn.execute(select(games.c.seq).where(games.c.id == game_id))
            seq = found.scalar()
        return None if seq is None else int(seq)

    async def heads(self, game_ids: list[str]) -> dict[str, int]:
        """The last event number stored for each of ``game_ids`` that exists."""
        found: dict[str, int] = {}
        async with self.engine.connect() as conn:
            for start in range(0, len(game_ids), 500):  # bounded statements
                part = game_ids[start : start + 500]
                rows = await conn.execute(
                    select(games.c.id, games.c.seq).where(games.c.id.in_(part))
                )
                found.update((str(r.id), int(r.seq)) for r in rows)
        return found

    async def rematch(self, game_id: str) -> dict[str, Any] | None:
        """The rematch kept for ``game_id`` (see :meth:`save_rematch`), or None."""
        async with self.engine.connect() as conn:
            found = (
                await conn.execute(select(rematches.c.state).where(rematches.c.game_id == game_id))
            ).first()
        state: dict[str, Any] | None = None if found is None else json.loads(found.state)
        return state

    async def review(self, game_id: str) -> dict[str, Any] | None:
        """The review kept for ``game_id`` (see :meth:`save_review`), or None."""
        async with self.engine.connect() as conn:
            found = (
                await conn.execute(select(reviews).where(reviews.c.game_id == game_id))
            ).first()
        if found is None:
            return None
        row = dict(found._mapping)
        row["document"] = None if row["document"] is None else json.loads(row["document"])
        return row

    async def unfinished_reviews(self) -> list[tuple[str, int]]:
        """(game id, level) of the reviews queued or running when the server stopped."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(reviews.c.game_id, reviews.c.level)
                .where(reviews.c.status.in_(("queued", "running")))
                .order_by(reviews.c.updated)
            )
            return [(str(r.game_id), int(r.level)) for r in rows]

    async def events_since(self, game_id: str, seq: int) -> list[tuple[int, dict[str, Any]]]:
        """The events after ``seq``, oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(events.c.seq, events.c.event)
                .where(events.c.game_id == game_id, events.c.seq > seq)
                .order_by(events.c.seq)
            )
            return [(int(r.seq), json.loads(r.event)) for r in rows]

    async def away(self, game_id: str) -> set[int]:
        """The seats whose person left and has not come back: their last stored "left"
        or "joined" event is a "left" one."""
        # The text test only narrows the rows read (a game holds one event a move); the
        # parsed kind decides (a chat line may quote those words).
        wanted = events.c.event.contains('"kind": "left"') | events.c.event.contains(
            '"kind": "joined"'
        )
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(events.c.event)
                .where(events.c.game_id == game_id, wanted)
                .order_by(events.c.seq)
            )
            last: dict[int, str] = {}
            for row in rows:
                event = json.loads(row.event)
                if event.get("kind") in ("left", "joined"):
                    last[int(event["seat"])] = event["kind"]
        return {seat for seat, kind in last.items() if kind == "left"}

    async def listing(self, status: str | None, limit: int = 100) -> list[dict[str, Any]]:
        """Games for the lobby: ``open`` has a free person seat; else by status; newest first.

        Reads the small ``lobby`` column written with each game, never the match."""
        query = (
            select(
                games.c.id,
                games.c.game,
                games.c.status,
                games.c.created,
                games.c.ply,
                games.c.lobby,
            )
            .order_by(games.c.created.desc())
            .limit(limit)
        )
        if status == "open":
            query = query.where(games.c.open_seats > 0, games.c.status != "finished")
        elif status is not None:
            query = query.where(games.c.status == status)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [
            {
                "id": r.id,
                "game": r.game,
                **json.loads(r.lobby),
                "status": r.status,
                "created": r.created,
                "ply": r.ply,
            }
            for r in rows
        ]

    async def live_ids(self) -> list[str]:
        """Games that need a driver after a restart: a clock running or a computer to move."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(games.c.id).where(games.c.live.is_(True)))
            return [r.id for r in rows]

    async def waiting_count(self, creator: str) -> int:
        """How many games made by ``creator`` are still waiting for players."""
        async with self.engine.connect() as conn:
            found = await conn.execute(
                select(func.count())
                .select_from(games)
                .where(games.c.creator == creator, games.c.status == "waiting")
            )
            return int(found.scalar_one())


class _Commit:
    """One caller's part of a group commit."""

    __slots__ = ("cut", "done", "ended", "events", "game", "moves")

    def __init__(
        self,
        events: list[dict[str, Any]],
        game: dict[str, Any],
        cut: tuple[str, int] | None,
        moves: list[dict[str, Any]],
        done: asyncio.Future[None],
    ) -> None:
        self.events = events
        self.game = game
        self.cut = cut
        self.moves = moves
        self.done = done
        # A commit that ends the game: (the match, its end event) for Store.on_end.
        self.ended: tuple[dict[str, Any], dict[str, Any]] | None = None


# -- the match, its move list apart ------------------------------------------------------------
def split_moves(match: dict[str, Any], kept: int = 0) -> tuple[dict[str, Any], list[list[Any]]]:
    """(the match without its move lists, the moves from ``kept`` on as [entry, state move]).

    ``Match.to_dict()`` holds the moves twice: the match's own list (seat, move, clock)
    and the state record's moves (which the state replays when loaded); both are one
    per ply. A match whose lists differ in length is kept whole (no rows)."""
    played = match["moves"]
    state = match.get("state")
    if not isinstance(state, dict):
        return match, []
    recorded = state.get("moves")
    if not isinstance(recorded, list) or len(recorded) != len(played):
        return match, []
    snapshot = {**match, "moves": None, "state": {**state, "moves": None}}
    return snapshot, [[played[i], recorded[i]] for i in range(kept, len(played))]


def join_moves(snapshot: dict[str, Any], pairs: list[list[Any]]) -> None:
    """Put the stored moves back into a match from :func:`split_moves` (in place)."""
    snapshot["moves"] = [entry for entry, _ in pairs]
    snapshot["state"]["moves"] = [move for _, move in pairs]


def lobby_of(match: dict[str, Any]) -> dict[str, Any]:
    """What the lobby listing shows of a match: options, seats, clock setting."""
    return {
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
        "clock": match["clock"]["spec"],
    }


def _move_rows(game_id: str, first: int, pairs: list[list[Any]]) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "ply": first + i, "move": json.dumps(pair, separators=(",", ":"))}
        for i, pair in enumerate(pairs)
    ]


def _game_row(
    game_id: str,
    match: dict[str, Any],
    snapshot: dict[str, Any],
    seq: int,
    created: float | None,
    now: float,
    live: bool,
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
        "match": json.dumps(snapshot, separators=(",", ":")),
        "live": live,
        "lobby": json.dumps(lobby_of(match), separators=(",", ":")),
    }


#: SQLite's page size for a new database file. A commit writes every page it touches
#: whole into the write-ahead log, and a move touches about four (its event, the event
#: index, its move, the game's row), so the page size sets what a move costs to write
#: (decision 0076; the figures in docs/server.md).
PAGE_SIZE = 512


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL: readers never wait for the writer; synchronous=NORMAL: a commit survives a crash
    of the server process (not of the machine) without an fsync per move."""
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA page_size={PAGE_SIZE}")  # a new file only; an old one keeps its own
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
