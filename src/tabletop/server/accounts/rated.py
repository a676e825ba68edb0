"""The end of a game for its accounts: each linked seat's result and, for a rated game,
both Glicko-2 ratings, written in the transaction that stores the game's end (decision
record 0123). server/store.py calls :func:`settle_game` for every commit carrying an
``end`` event; an error here fails that commit, so a game never ends without its
ratings, nor are ratings changed for an end that was not stored.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection

from tabletop.core import facts_of, load_game
from tabletop.play.ratings import Rating, idle_days, rate_game
from tabletop.server.accounts.tables import account_seats, game_terms, rating_history, ratings

#: Plies both sides must have played for a game to be rated (lichess aborts a game
#: before that: a resignation at the first move rates nothing).
MIN_PLIES = 2


def seat_result(seat: int, winners: list[int]) -> str:
    """``win``, ``loss`` or ``draw`` for ``seat`` under an outcome's winners."""
    if not winners:
        return "draw"
    return "win" if seat in winners else "loss"


def rating_pool(match: dict[str, Any]) -> str | None:
    """The pool of a stored match's game (its registry facts), None when unrated."""
    game = load_game(match["game"], **match["options"])
    return facts_of(game).rating_pool(game)


async def _rated_pool(
    conn: AsyncConnection, game_id: str, match: dict[str, Any], linked: list[Row[Any]]
) -> str | None:
    """The pool this game is rated in, or None: two person seats held by two accounts
    from before the first move, both sides having moved, not made casual, a pool."""
    seats = match["seats"]
    if len(seats) != 2 or any(s["kind"] != "person" for s in seats) or len(linked) != 2:
        return None
    if any(r.linked_ply != 0 for r in linked) or len(match["moves"]) < MIN_PLIES:
        return None
    casual = (
        await conn.execute(select(game_terms.c.rated).where(game_terms.c.game_id == game_id))
    ).first()
    if casual is not None and not casual.rated:
        return None
    return rating_pool(match)


async def _rating_of(conn: AsyncConnection, account_id: int, pool: str) -> Row[Any] | None:
    return (
        await conn.execute(
            select(ratings).where(ratings.c.account_id == account_id, ratings.c.pool == pool)
        )
    ).first()


async def settle_game(
    conn: AsyncConnection, game_id: str, match: dict[str, Any], end: dict[str, Any], now: float
) -> None:
    """Record the end of ``game_id`` for its accounts inside the transaction ``conn``."""
    linked = list(
        (
            await conn.execute(
                select(account_seats)
                .where(account_seats.c.game_id == game_id)
                .order_by(account_seats.c.seat)
            )
        ).all()
    )
    if not linked:
        return
    winners = [int(w) for w in end["outcome"]["winners"]]
    changes: dict[int, dict[str, Any]] = {
        r.seat: {"result": seat_result(r.seat, winners), "ended": now} for r in linked
    }
    pool = await _rated_pool(conn, game_id, match, linked)
    if pool is not None:
        first = linked[0]
        rows = [await _rating_of(conn, r.account_id, pool) for r in linked]
        before = [
            Rating() if row is None else Rating(row.rating, row.rd, row.volatility) for row in rows
        ]
        idle = tuple(idle_days(None if row is None else row.last_played, now) for row in rows)
        score = {"win": 1.0, "draw": 0.5, "loss": 0.0}[changes[first.seat]["result"]]
        after = rate_game(before[0], before[1], score, (idle[0], idle[1]))
        for r, row, old, new in zip(linked, rows, before, after, strict=True):
            values = {
                "rating": new.rating,
                "rd": new.rd,
                "volatility": new.volatility,
                "last_played": now,
            }
            if row is None:
                await conn.execute(
                    insert(ratings).values(account_id=r.account_id, pool=pool, games=1, **values)
                )
            else:
                await conn.execute(
                    update(ratings)
                    .where(ratings.c.account_id == r.account_id, ratings.c.pool == pool)
                    .values(games=ratings.c.games + 1, **values)
                )
            await conn.execute(
                insert(rating_history).values(
                    account_id=r.account_id,
                    pool=pool,
                    game_id=game_id,
                    at=now,
                    rating=new.rating,
                    rd=new.rd,
                )
            )
            changes[r.seat].update(
                rated=True, pool=pool, rating_before=old.rating, rating_after=new.rating
            )
    for seat, values in changes.items():
        await conn.execute(
            update(account_seats)
            .where(account_seats.c.game_id == game_id, account_seats.c.seat == seat)
            .values(values)
        )
