"""The columns many of the server's tables declare alike, each defined once: the game
a row belongs to, the account it is of, the time it was made.

A table module writes ``game_ref(primary_key=True)`` where it wrote
``Column("game_id", String(32), ForeignKey("games.id"), primary_key=True)``; the
keyword arguments are ``Column``'s and the schema is the same (the migrations pin it:
tests/server/test_migrate.py).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Float, ForeignKey, Integer, String

#: The length of a game's id (``games.id``) and of every column that refers to one.
GAME_ID_LENGTH = 32


def game_ref(name: str = "game_id", **options: Any) -> Column[Any]:
    """A column ``name`` holding a game's id, a foreign key to ``games.id``."""
    return Column(name, String(GAME_ID_LENGTH), ForeignKey("games.id"), **options)


def account_ref(name: str = "account_id", **options: Any) -> Column[Any]:
    """A column ``name`` holding an account's id, a foreign key to ``accounts.id``."""
    return Column(name, Integer, ForeignKey("accounts.id"), **options)


def created() -> Column[Any]:
    """``created``: when the row was made (Unix seconds), always given."""
    return Column("created", Float, nullable=False)
