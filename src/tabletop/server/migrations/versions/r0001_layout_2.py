"""Layout 2: the tables tabletop made before Alembic, and the adoption of such databases.

A database made before the migrations existed has no ``alembic_version``, so this
revision runs on it too: it makes only the tables that are missing, and upgrades
a layout 1 database (each match whole in ``games.match``, no ``live``, ``creator``
or ``lobby`` column) in place as the old start-up code did. On an empty database
it makes every table. Written out here, not taken from store.py's MetaData, so
that it stays what layout 2 was when the tables change later.

Revision ID: 0001
Revises:
Create Date: 2026-11-27
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

#: The columns layout 1's ``games`` lacked, as the old upgrade added them.
LAYOUT_1_LACKS = ("live", "creator", "lobby")


def _games_columns() -> list[sa.Column[object]]:
    return [
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("open_seats", sa.Integer, nullable=False),
        sa.Column("match", sa.Text, nullable=False),
        sa.Column("live", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("creator", sa.String(32), nullable=True),
        sa.Column("lobby", sa.Text, nullable=False, server_default="{}"),
    ]


def _create_missing(present: set[str]) -> None:
    if "games" not in present:
        op.create_table("games", *_games_columns())
        for name in ("status", "live", "creator"):
            op.create_index(f"ix_games_{name}", "games", [name])
    if "moves" not in present:
        op.create_table(
            "moves",
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("ply", sa.Integer, primary_key=True),
            sa.Column("move", sa.Text, nullable=False),
            sqlite_with_rowid=False,
        )
    if "events" not in present:
        op.create_table(
            "events",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("event", sa.Text, nullable=False),
            sa.UniqueConstraint("game_id", "seq", name="one_event_per_seq"),
        )
    if "seats" not in present:
        op.create_table(
            "seats",
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("token_hash", sa.String(64), nullable=True),
        )
    if "schema" not in present:
        op.create_table("schema", sa.Column("version", sa.Integer, primary_key=True))
    if "links" not in present:
        op.create_table(
            "links",
            sa.Column("token_hash", sa.String(64), primary_key=True),
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("state", sa.String(16), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        )
        op.create_index("ix_links_game_id", "links", ["game_id"])
    if "rematches" not in present:
        op.create_table(
            "rematches",
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("state", sa.Text, nullable=False),
        )


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _upgrade_layout_1() -> None:
    """Add the columns layout 1 lacked, move each game's moves into ``moves`` and write
    what the lobby shows. Games in play are marked live; the first start-up after this
    unmarks those that need no driver."""
    from tabletop.server.store import lobby_of, split_moves

    bind = op.get_bind()
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("live", sa.Boolean, nullable=False, server_default="0"))
        batch.add_column(sa.Column("creator", sa.String(32), nullable=True))
        batch.add_column(sa.Column("lobby", sa.Text, nullable=False, server_default="{}"))
        batch.create_index("ix_games_live", ["live"])
        batch.create_index("ix_games_creator", ["creator"])
    games = sa.table(
        "games",
        sa.column("id", sa.String),
        sa.column("status", sa.String),
        sa.column("match", sa.Text),
        sa.column("live", sa.Boolean),
        sa.column("lobby", sa.Text),
    )
    moves = sa.table(
        "moves", sa.column("game_id", sa.String), sa.column("ply"), sa.column("move", sa.Text)
    )
    for row in bind.execute(sa.select(games.c.id, games.c.status, games.c.match)).all():
        match = json.loads(row.match)
        snapshot, pairs = split_moves(match)
        bind.execute(
            sa.update(games)
            .where(games.c.id == row.id)
            .values(
                match=_compact(snapshot),
                lobby=_compact(lobby_of(match)),
                live=row.status == "playing",
            )
        )
        if pairs:
            bind.execute(
                sa.insert(moves),
                [
                    {"game_id": row.id, "ply": i, "move": _compact(pair)}
                    for i, pair in enumerate(pairs)
                ],
            )


def upgrade() -> None:
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    present = set(inspector.get_table_names())
    layout_1 = "games" in present and not (
        set(LAYOUT_1_LACKS) & {c["name"] for c in inspector.get_columns("games")}
    )
    _create_missing(present)
    if layout_1:
        _upgrade_layout_1()
    schema = sa.table("schema", sa.column("version", sa.Integer))
    bind.execute(sa.delete(schema))
    bind.execute(sa.insert(schema).values(version=2))


def downgrade() -> None:
    for name in ("rematches", "links", "schema", "seats", "events", "moves", "games"):
        op.drop_table(name)
