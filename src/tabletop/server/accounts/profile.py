"""A player's public profile: ratings per pool, their history, recent games. Never a
hash, a session or a token: only what any visitor may read."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from tabletop.play.ratings import Rating
from tabletop.server.accounts.tables import account_seats, accounts, rating_history, ratings
from tabletop.server.store import games, one_moment

RECENT = 20
#: Points of each pool's history the graph draws (the latest ones).
HISTORY = 200


async def profile(engine: AsyncEngine, key: str) -> dict[str, Any] | None:
    """The profile of the account named ``key`` (lower case), or None.

    Its reads see one moment (:func:`~tabletop.server.store.one_moment`): a game rated
    meanwhile shows in the ratings, the history and the recent games, or in none."""
    async with engine.connect() as conn:
        await one_moment(conn)
        account = (
            await conn.execute(
                select(accounts.c.id, accounts.c.username, accounts.c.created).where(
                    accounts.c.name_key == key
                )
            )
        ).first()
        if account is None:
            return None
        pools: dict[str, Any] = {}
        for row in await conn.execute(select(ratings).where(ratings.c.account_id == account.id)):
            rating = Rating(row.rating, row.rd, row.volatility)
            pools[row.pool] = {
                "rating": row.rating,
                "rd": row.rd,
                "volatility": row.volatility,
                "games": row.games,
                "provisional": rating.provisional,
                "shown": rating.shown(),
            }
        history: dict[str, list[dict[str, Any]]] = {pool: [] for pool in pools}
        points = await conn.execute(
            select(rating_history)
            .where(rating_history.c.account_id == account.id)
            .order_by(rating_history.c.at.desc(), rating_history.c.id.desc())
            .limit(HISTORY * max(1, len(pools)))
        )
        for p in points:
            line = history.setdefault(p.pool, [])
            if len(line) < HISTORY:
                line.append({"at": p.at, "rating": p.rating, "rd": p.rd, "game_id": p.game_id})
        for line in history.values():
            line.reverse()
        mine = (
            await conn.execute(
                select(account_seats, games.c.game, games.c.status)
                .select_from(account_seats.join(games))
                .where(account_seats.c.account_id == account.id)
                .order_by(games.c.updated.desc())
                .limit(RECENT)
            )
        ).all()
        ids = [r.game_id for r in mine]
        others: dict[str, list[str]] = {}
        if ids:
            rows = await conn.execute(
                select(account_seats.c.game_id, account_seats.c.seat, accounts.c.username)
                .select_from(account_seats.join(accounts))
                .where(account_seats.c.game_id.in_(ids), account_seats.c.account_id != account.id)
                .order_by(account_seats.c.seat)
            )
            for r in rows:
                others.setdefault(r.game_id, []).append(r.username)
    recent = [
        {
            "game_id": r.game_id,
            "game": r.game,
            "status": r.status,
            "seat": r.seat,
            "opponents": others.get(r.game_id, []),
            "result": r.result,
            "rated": bool(r.rated),
            "pool": r.pool,
            "rating_before": r.rating_before,
            "rating_after": r.rating_after,
            "ended": r.ended,
        }
        for r in mine
    ]
    return {
        "username": account.username,
        "created": account.created,
        "ratings": pools,
        "history": history,
        "recent": recent,
    }
