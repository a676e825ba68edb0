"""Reading and writing offers (the ``offers`` table). :func:`claim` is the one place an
offer changes hands: a single conditional UPDATE, so of two players accepting the same
offer at the same moment exactly one wins, on SQLite (one writer at a time) and on
PostgreSQL (the second UPDATE waits for the first's row lock, then sees the row no
longer open) alike (decision record 0144)."""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql.elements import ColumnElement

from tabletop.server.offers.tables import offers

#: Seconds a seek stays listed after its seeker's page last asked after it (the page asks
#: every few seconds; a seeker who closed it has left).
SEEK_LAPSE = 30.0
#: Seconds a challenge waits for its answer.
CHALLENGE_LIFE = 24 * 3600.0
#: Seconds an answered, withdrawn or lapsed offer is kept (its offerer may still ask).
KEPT = 24 * 3600.0


def key_hash(key: str) -> str:
    """The stored form of an offer's key."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def alive(now: float) -> ColumnElement[bool]:
    """An offer that may still be accepted at ``now``: open, and a seek whose seeker is
    still there or a challenge not yet too old."""
    return and_(
        offers.c.status == "open",
        or_(
            and_(offers.c.kind == "seek", offers.c.seen > now - SEEK_LAPSE),
            and_(offers.c.kind == "challenge", offers.c.created > now - CHALLENGE_LIFE),
        ),
    )


def is_alive(row: Row[Any], now: float) -> bool:
    """:func:`alive` for a row read already."""
    if row.status != "open":
        return False
    if row.kind == "seek":
        return bool(row.seen > now - SEEK_LAPSE)
    return bool(row.created > now - CHALLENGE_LIFE)


async def add(engine: AsyncEngine, values: dict[str, Any], now: float) -> None:
    """Store a new offer; offers long over are cleared on the way."""
    async with engine.begin() as conn:
        await conn.execute(
            delete(offers).where(
                or_(
                    and_(offers.c.status != "open", offers.c.seen < now - KEPT),
                    and_(offers.c.kind == "seek", offers.c.seen < now - KEPT),
                    offers.c.created < now - CHALLENGE_LIFE - KEPT,
                )
            )
        )
        await conn.execute(insert(offers).values(**values, status="open", created=now, seen=now))


async def open_count(
    engine: AsyncEngine, kind: str, now: float, account_id: int | None, creator: str
) -> int:
    """How many live offers of ``kind`` the account (or, for a guest, the address) has."""
    mine = (
        offers.c.account_id == account_id
        if account_id is not None
        else and_(offers.c.account_id.is_(None), offers.c.creator == creator)
    )
    async with engine.connect() as conn:
        found = await conn.execute(
            select(func.count()).select_from(offers).where(offers.c.kind == kind, mine, alive(now))
        )
        return int(found.scalar_one())


async def get(engine: AsyncEngine, offer_id: str) -> Row[Any] | None:
    """The offer ``offer_id``, or None."""
    async with engine.connect() as conn:
        return (await conn.execute(select(offers).where(offers.c.id == offer_id))).first()


async def live_seeks(engine: AsyncEngine, now: float, limit: int = 200) -> list[Row[Any]]:
    """The seeks that may be accepted now, oldest first (lichess lists them so too)."""
    async with engine.connect() as conn:
        rows = await conn.execute(
            select(offers)
            .where(offers.c.kind == "seek", alive(now))
            .order_by(offers.c.created)
            .limit(limit)
        )
        return list(rows.all())


async def challenges_of(engine: AsyncEngine, account_id: int, now: float) -> list[Row[Any]]:
    """The challenges to and from an account that are open, or answered in the last day."""
    async with engine.connect() as conn:
        rows = await conn.execute(
            select(offers)
            .where(
                offers.c.kind == "challenge",
                or_(offers.c.account_id == account_id, offers.c.target_id == account_id),
                offers.c.created > now - CHALLENGE_LIFE - KEPT,
            )
            .order_by(offers.c.created.desc())
            .limit(100)
        )
        return list(rows.all())


async def claim(engine: AsyncEngine, offer_id: str, now: float) -> bool:
    """Take a live offer for its game: True for exactly one caller, however many race."""
    async with engine.begin() as conn:
        done = await conn.execute(
            update(offers)
            .where(offers.c.id == offer_id, alive(now))
            .values(status="accepted", seen=now)
        )
        return bool(done.rowcount == 1)


async def started(engine: AsyncEngine, offer_id: str, game_id: str, seat: int) -> None:
    """Note the game a claimed offer started and the offerer's seat there."""
    async with engine.begin() as conn:
        await conn.execute(
            update(offers).where(offers.c.id == offer_id).values(game_id=game_id, seat=seat)
        )


async def reopen(engine: AsyncEngine, offer_id: str) -> None:
    """A claimed offer whose game could not be made is open again."""
    async with engine.begin() as conn:
        await conn.execute(
            update(offers)
            .where(offers.c.id == offer_id, offers.c.game_id.is_(None))
            .values(status="open")
        )


async def close(engine: AsyncEngine, offer_id: str, status: str, now: float) -> bool:
    """Decline or withdraw an open offer; False when it was not open any more."""
    async with engine.begin() as conn:
        done = await conn.execute(
            update(offers)
            .where(offers.c.id == offer_id, offers.c.status == "open")
            .values(status=status, seen=now)
        )
        return bool(done.rowcount == 1)


async def touch(engine: AsyncEngine, offer_id: str, now: float) -> None:
    """The offerer's page asked after an open offer: it is still there."""
    async with engine.begin() as conn:
        await conn.execute(
            update(offers).where(offers.c.id == offer_id, alive(now)).values(seen=now)
        )
