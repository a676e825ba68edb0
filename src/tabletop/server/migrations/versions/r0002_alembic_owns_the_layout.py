"""Alembic owns the layout from here: the old ``schema`` table says version 3.

A tabletop from before the migrations reads ``schema`` and refuses a version
above the 2 it knows ("made by a newer tabletop"), so it never writes into a
database whose layout it does not know.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

schema = sa.table("schema", sa.column("version", sa.Integer))


def upgrade() -> None:
    op.execute(sa.update(schema).values(version=3))


def downgrade() -> None:
    op.execute(sa.update(schema).values(version=2))
