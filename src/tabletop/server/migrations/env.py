"""Alembic's entry point: run the revisions over the connection given in the config.

:mod:`tabletop.server.migrate` opens the connection (sync, or an async one's
``run_sync``) and puts it in ``config.attributes["connection"]``; the revisions
run inside that connection's transaction.
"""

from __future__ import annotations

from alembic import context

# The accounts', the offers' and the chat's tables live on the same metadata in modules of
# their own: import them so that a revision sees them.
import tabletop.server.accounts.tables
import tabletop.server.chat.tables
import tabletop.server.offers.tables  # noqa: F401
from tabletop.server.store import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    # SQLite alters a table by copying it: batch mode lets a revision add or drop a
    # column or constraint in the same words on both databases.
    render_as_batch=True,
)
with context.begin_transaction():
    context.run_migrations()
