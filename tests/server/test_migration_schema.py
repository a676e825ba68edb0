"""What each revision makes, pinned: what every step of the line changes in the SQLite
schema, as ``alembic upgrade`` leaves it (the statements it adds or changes, the names it
drops), against tests/server/data/revision_schemas.sql. A revision is a frozen record
(decision records 0142, 0161): an edit that changes what an old revision creates,
however it is spelled, fails here. A new revision adds its step with
``python -m tests.server.test_migration_schema`` (it rewrites the file)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from tabletop.server import migrate

PINNED = Path(__file__).parent / "data" / "revision_schemas.sql"


def schemas(folder: Path) -> str:
    """Every revision's id and what bringing a fresh SQLite database up to it changes in
    the schema: each statement added or changed, then each name dropped."""
    config = migrate.alembic_config()
    order = [s.revision for s in ScriptDirectory.from_config(config).walk_revisions()][::-1]
    engine = create_engine(f"sqlite:///{folder / 'pinned.db'}")
    parts = []
    before: dict[str, str] = {}
    with engine.begin() as connection:
        for revision in order:
            command.upgrade(migrate.alembic_config(connection), revision)
            query = "select name, sql from sqlite_master where sql is not null order by type, name"
            now = {r.name: r.sql for r in connection.execute(text(query))}
            changed = [f"{sql};\n" for name, sql in now.items() if before.get(name) != sql]
            dropped = [f"-- dropped {name}\n" for name in sorted(before.keys() - now.keys())]
            parts.append(f"-- revision {revision}\n" + "".join(changed + dropped))
            before = now
    engine.dispose()
    return "\n".join(parts)


def test_every_revision_makes_the_schema_it_made_when_written(tmp_path: Path) -> None:
    assert schemas(tmp_path) == PINNED.read_text()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        PINNED.write_text(schemas(Path(folder)))
    sys.stdout.write(f"wrote {PINNED}\n")
