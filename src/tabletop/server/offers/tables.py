"""The ``offers`` table, on the games' MetaData (server/store.py), so that one
``create_all`` and the migrations (migrations/env.py imports this module) see it.

One row per seek or challenge: who offers (an account, or a guest by name only), to
whom (a challenge's account; none for a seek), the game, its options and clock as JSON,
rated or casual, a seek's rating range, the SHA-256 of the offerer's key (never the
key: it proves the offer is theirs and derives their seat's token in the game), its
status, and once accepted the game and the offerer's seat there. ``seat_hash`` is the
hash of the offerer's token in the game to come, derived from the key as a rematch's
token is (server/rematch.py), so the game can be made while the offerer is away.
``seen`` is the last time the offerer's page asked after it: a seek whose offerer left
lapses (decision record 0144).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, Text

from tabletop.server.accounts import tables as _accounts  # noqa: F401  (accounts.id first)
from tabletop.server.columns import account_ref, created, game_ref
from tabletop.server.store import metadata

#: What an offer's ``status`` says.
OFFER_STATES = ("open", "accepted", "declined", "cancelled")

offers = Table(
    "offers",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("key_hash", String(64), nullable=False),
    Column("seat_hash", String(64), nullable=False),
    account_ref(nullable=True, index=True),
    Column("name", String(40), nullable=False),
    account_ref("target_id", nullable=True, index=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("clock", Text, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("pool", String(16), nullable=True),
    Column("rating_min", Integer, nullable=True),
    Column("rating_max", Integer, nullable=True),
    Column("creator", String(32), nullable=True),
    Column("status", String(16), nullable=False),
    game_ref(nullable=True),
    Column("seat", Integer, nullable=True),
    created(),
    Column("seen", Float, nullable=False),
    Index("ix_offers_kind_status", "kind", "status"),
)
