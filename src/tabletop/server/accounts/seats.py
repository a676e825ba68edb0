"""The seats an account plays (decision record 0125).

A seat is linked to the account signed in when its holder claims it (creating the game,
joining from the lobby, opening an invite link) or opens it again later, and when a
browser hands over the seat tokens it keeps (a guest who registers keeps its games). A
link needs the seat's token and the session both, is made once, and never gives one
account two seats of a game. Seat tokens stay what plays: an account never acts for a
seat it does not hold the token of.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import insert, select
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from tabletop.server.accounts.tables import account_seats, game_terms
from tabletop.server.store import games, hash_token, seats


async def _linked(conn: AsyncConnection, game_id: str) -> Sequence[Row[int, int]]:
    """The (seat, account_id) rows of the seats of ``game_id`` linked to accounts."""
    query = select(account_seats.c.seat, account_seats.c.account_id)
    return (await conn.execute(query.where(account_seats.c.game_id == game_id))).all()


async def link_seat(
    engine: AsyncEngine, game_id: str, seat: int, account_id: int, ply: int
) -> bool:
    """Link ``seat`` of ``game_id`` to the account at ``ply``; False when the seat is
    linked already or the account holds another seat of the game (nothing changes)."""
    async with engine.begin() as conn:
        taken = await _linked(conn, game_id)
        if any(r.seat == seat or r.account_id == account_id for r in taken):
            return False
        try:
            await conn.execute(
                insert(account_seats).values(
                    game_id=game_id, seat=seat, account_id=account_id, linked_ply=ply
                )
            )
        except IntegrityError:  # linked meanwhile through another connection
            return False
    return True


async def held_seat(engine: AsyncEngine, game_id: str, token: str) -> tuple[int, int] | None:
    """(seat, the game's ply now) of the seat ``token`` holds in ``game_id``, or None. Read
    from storage, which has every token before it is used (server/rooms.py), so no game
    is loaded into memory for it."""
    async with engine.connect() as conn:
        row = (
            await conn.execute(
                select(seats.c.seat, games.c.ply)
                .select_from(seats.join(games))
                .where(seats.c.game_id == game_id, seats.c.token_hash == hash_token(token))
            )
        ).first()
    return None if row is None else (int(row.seat), int(row.ply))


async def make_casual(engine: AsyncEngine, game_id: str) -> None:
    """Note that ``game_id`` was made casual: it is never rated."""
    async with engine.begin() as conn:
        await conn.execute(insert(game_terms).values(game_id=game_id, rated=False))


async def carry_to_rematch(
    engine: AsyncEngine, old_id: str, new_id: str, seat_after: Callable[[int], int]
) -> None:
    """A rematch of ``old_id`` keeps its accounts and its rated setting: each account
    linked to a seat there is linked from the first move to the seat its player takes in
    ``new_id`` (``seat_after``), and a casual game's rematch is casual too."""
    async with engine.connect() as conn:
        linked = await _linked(conn, old_id)
        terms = (
            await conn.execute(select(game_terms.c.rated).where(game_terms.c.game_id == old_id))
        ).first()
    if terms is not None and not terms.rated:
        await make_casual(engine, new_id)
    for row in linked:
        await link_seat(engine, new_id, seat_after(int(row.seat)), int(row.account_id), 0)
