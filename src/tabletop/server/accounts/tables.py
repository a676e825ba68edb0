"""The accounts' tables, on the games' MetaData (server/store.py), so that one
``create_all`` makes them with the others (decision record 0121).

* ``accounts``: one row per account: the name as registered, its lower-case key (unique,
  so names differing only in case are one name), the Argon2id hashes of the password
  and of the recovery code (never the password or the code);
* ``sessions``: the SHA-256 of each session id (never the id), its account and expiry;
* ``login_failures``: failed logins counted per user name and per address (a digest);
* ``account_seats``: the seats an account plays: the ply at which the seat was linked
  (a game is rated only when both seats were linked before its first move), and once
  the game ends its result and, when rated, the rating before and after;
* ``game_terms``: a game made casual on purpose (no row: rated when it can be);
* ``ratings``: one Glicko-2 rating per account and pool;
* ``rating_history``: every rated game's rating after it, for the profile's graph.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    String,
    Table,
)

from tabletop.server.columns import account_ref, created, game_ref
from tabletop.server.store import metadata

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(20), nullable=False),
    Column("name_key", String(20), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("recovery_hash", String(200), nullable=True),
    created(),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    account_ref(nullable=False, index=True),
    created(),
    Column("expires", Float, nullable=False, index=True),
)

login_failures = Table(
    "login_failures",
    metadata,
    Column("key", String(80), primary_key=True),
    Column("failures", Integer, nullable=False),
    Column("since", Float, nullable=False),
)

account_seats = Table(
    "account_seats",
    metadata,
    game_ref(primary_key=True),
    Column("seat", Integer, primary_key=True),
    account_ref(nullable=False, index=True),
    Column("linked_ply", Integer, nullable=False),
    Column("result", String(8), nullable=True),
    Column("rated", Boolean, nullable=False, server_default="0"),
    Column("pool", String(16), nullable=True),
    Column("rating_before", Float, nullable=True),
    Column("rating_after", Float, nullable=True),
    Column("ended", Float, nullable=True),
)

game_terms = Table(
    "game_terms",
    metadata,
    game_ref(primary_key=True),
    Column("rated", Boolean, nullable=False),
)

ratings = Table(
    "ratings",
    metadata,
    account_ref(primary_key=True),
    Column("pool", String(16), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("last_played", Float, nullable=True),
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    account_ref(nullable=False),
    Column("pool", String(16), nullable=False),
    game_ref(nullable=False),
    Column("at", Float, nullable=False),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Index("ix_rating_history_account_pool", "account_id", "pool", "at"),
)
