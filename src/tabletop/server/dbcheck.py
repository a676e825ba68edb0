"""Whether an SQLite file can hold the server's games, found out before serving.

``tabletop serve --db FILE`` must either serve or say in one line what is wrong
with FILE (decision record 0072): not a regular file, not a database, damaged,
another program's ``games`` table, or a file that cannot be written (a
read-only mount, an immutable file). Writing is checked by writing: the tables
are made and a row is added inside a transaction that is then rolled back, so
the file is left as it was.
"""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path
from typing import Any

from sqlalchemy import Column
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.schema import CreateIndex, CreateTable

from tabletop.core.errors import OptionError
from tabletop.server.store import PAGE_SIZE, UPGRADE_ADDS, games, metadata

#: SQLite's header: the magic string, then (big-endian) the page size at 16, the
#: change counter at 24, the page count at 28 and its "valid for" counter at 92.
MAGIC = b"SQLite format 3\x00"


def check_sqlite_file(path: Path, shown: str) -> None:
    """OptionError (``--db SHOWN: ...``) unless ``path`` is, or can become, the server's
    database; a missing file is made (with its folder), as the server would."""

    def refuse(reason: str) -> OptionError:
        return OptionError(f"--db {shown}: {reason}")

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = path.stat().st_mode if path.exists() else None
    except OSError as err:
        raise refuse(f"cannot open the database ({err.strerror})") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise refuse(f"cannot open the database ({kind})")
    if mode is not None:
        problem = _header_problem(path)
        if problem:
            raise refuse(problem)
    try:
        # Opened for writing (made if missing): a read-only mount or an immutable file
        # says so here, with the system's own reason.
        with path.open("ab"):
            pass
    except OSError as err:
        raise refuse(f"cannot write to the database ({err.strerror})") from None
    try:
        connection = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as err:
        raise refuse(f"cannot open the database ({err})") from None
    try:
        problem = _schema_problem(connection)
        if problem:
            raise refuse(problem)
        _probe_write(connection)
    except sqlite3.DatabaseError as err:
        raise refuse(_explain(err)) from None
    finally:
        connection.close()


def _header_problem(path: Path) -> str | None:
    """What the file's first 100 bytes say is wrong with it, if anything."""
    try:
        with path.open("rb") as file:
            header = file.read(100)
            size = path.stat().st_size
    except OSError as err:
        return f"cannot read the database ({err.strerror})"
    if not header:
        return None  # an empty file: SQLite makes it a database
    if len(header) < 100 or not header.startswith(MAGIC):
        return "not an SQLite database"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    counter_valid = header[24:28] == header[92:96]
    if counter_valid and pages and size < pages * page_size:
        return f"the database is truncated ({size} of its {pages * page_size} bytes)"
    return None


def _schema_problem(connection: sqlite3.Connection) -> str | None:
    """Every table of ours that the file has must have our columns (another program's
    ``games`` table is not ours to write into)."""
    for table in metadata.sorted_tables:
        rows = connection.execute(f'PRAGMA table_info("{table.name}")').fetchall()
        if not rows:
            continue
        present = {row[1] for row in rows}
        # An older tabletop's table lacks the columns the start-up upgrade adds.
        added = UPGRADE_ADDS.get(table.name, ())
        missing = [c.name for c in table.columns if c.name not in present and c.name not in added]
        if missing:
            return f"its '{table.name}' table is not tabletop's (it has no {', '.join(missing)})"
    return None


def _probe_write(connection: sqlite3.Connection) -> None:
    """Make the tables and add a game row in a transaction, then roll it back."""
    dialect = sqlite_dialect.dialect()
    connection.execute(f"PRAGMA page_size={PAGE_SIZE}")  # before WAL: a new file's layout
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("BEGIN IMMEDIATE")
    try:
        present: dict[str, set[str]] = {}
        for table in metadata.sorted_tables:
            connection.execute(str(CreateTable(table, if_not_exists=True).compile(dialect=dialect)))
            info = connection.execute(f'PRAGMA table_info("{table.name}")').fetchall()
            present[table.name] = {row[1] for row in info}
            for index in table.indexes:
                if not {c.name for c in index.columns} <= present[table.name]:
                    continue  # a column the start-up upgrade adds (an older tabletop's file)
                ddl = CreateIndex(index, if_not_exists=True).compile(dialect=dialect)
                connection.execute(str(ddl))
        kept = [c for c in games.columns if c.name in present["games"]]
        columns = [c.name for c in kept]
        marks = ", ".join("?" for _ in columns)
        values = [_probe_value(c) for c in kept]
        connection.execute(f"INSERT INTO games ({', '.join(columns)}) VALUES ({marks})", values)
    finally:
        if connection.in_transaction:
            connection.execute("ROLLBACK")


def _probe_value(column: Column[Any]) -> object:
    """A value of the column's type for the probe row."""
    kind = column.type.python_type
    return "~probe~" if kind is str else kind()


def _explain(err: sqlite3.DatabaseError) -> str:
    text = str(err)
    if "readonly" in text or "read-only" in text:
        return "cannot write to the database (a read-only file or mount)"
    if "not a database" in text:
        return "not an SQLite database"
    if "malformed" in text or "corrupt" in text:
        return "the database is damaged (database disk image is malformed)"
    return f"cannot use the database ({text})"
