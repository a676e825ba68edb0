"""The chat's tables, on the games' MetaData (server/store.py), so that one ``create_all``
makes them with the others.

* ``chat_lines``: which events of a game are chat lines, and on which side (the text is
  the event's, in ``events``): the chat a socket gets when it connects is read by side
  from here without reading every event of the game;
* ``chat_mutes``: the seats that muted the other players' chat in a game (no row: not
  muted).
"""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, String, Table

from tabletop.server.columns import game_ref
from tabletop.server.store import metadata

chat_lines = Table(
    "chat_lines",
    metadata,
    game_ref(primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("channel", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Index("ix_chat_lines_side", "game_id", "channel", "seq"),
)

chat_mutes = Table(
    "chat_mutes",
    metadata,
    game_ref(primary_key=True),
    Column("seat", Integer, primary_key=True),
)
