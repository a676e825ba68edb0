"""The chat kept with the game: lines and mutes written in the transaction of their event
(:attr:`Store.on_events`), read back by side when a socket connects."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from tabletop.server.chat.tables import chat_lines, chat_mutes
from tabletop.server.store import events

#: The lines a socket gets when it connects: the last ones of its side.
HISTORY = 100


async def record(conn: AsyncConnection, rows: list[dict[str, Any]]) -> None:
    """Note the chat lines and mutes among a transaction's event rows (in it)."""
    lines: list[dict[str, Any]] = []
    for row in rows:
        if '"kind": "chat' not in row["event"]:
            continue
        event = json.loads(row["event"])
        game_id, seq = row["game_id"], row["seq"]
        if event.get("kind") == "chat":
            lines.append(
                {"game_id": game_id, "seq": seq, "channel": event["channel"], "seat": event["seat"]}
            )
        elif event.get("kind") == "chat-mute":
            seat = event["seat"]
            where = (chat_mutes.c.game_id == game_id) & (chat_mutes.c.seat == seat)
            await conn.execute(delete(chat_mutes).where(where))
            if event["mute"]:
                await conn.execute(insert(chat_mutes).values(game_id=game_id, seat=seat))
    if lines:
        await conn.execute(insert(chat_lines), lines)


async def is_muted(engine: AsyncEngine, game_id: str, seat: int) -> bool:
    """Whether ``seat`` muted the other players' chat in the game."""
    async with engine.connect() as conn:
        row = await conn.execute(
            select(chat_mutes.c.seat).where(
                chat_mutes.c.game_id == game_id, chat_mutes.c.seat == seat
            )
        )
        return row.first() is not None


async def history(
    engine: AsyncEngine, game_id: str, channel: str, only_seat: int | None = None
) -> list[dict[str, Any]]:
    """The last :data:`HISTORY` lines of one side, oldest first, each with its ``seq``;
    ``only_seat``: that seat's lines alone (a player who muted the others)."""
    query = (
        select(events.c.seq, events.c.event)
        .join(
            chat_lines,
            (chat_lines.c.game_id == events.c.game_id) & (chat_lines.c.seq == events.c.seq),
        )
        .where(chat_lines.c.game_id == game_id, chat_lines.c.channel == channel)
        .order_by(chat_lines.c.seq.desc())
        .limit(HISTORY)
    )
    if only_seat is not None:
        query = query.where(chat_lines.c.seat == only_seat)
    async with engine.connect() as conn:
        rows = (await conn.execute(query)).all()
    lines = []
    for seq, text in reversed(rows):
        event = json.loads(text)
        lines.append({"seq": int(seq), **{k: event[k] for k in ("seat", "name", "text", "at")}})
    return lines
