"""The layout's migrations: they make store.py's tables, adopt databases made before them,
and a server refuses a database that is behind with one line saying what to run."""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

import tabletop.server.accounts.tables  # its tables are on the same metadata
import tabletop.server.chat.tables  # (so are the chat's)
import tabletop.server.offers.tables  # noqa: F401  (and the offers')
from tabletop.cli import main
from tabletop.server import migrate
from tabletop.server.app import create_app
from tabletop.server.store import StorageError, Store, database_url, metadata
from tests.server.conftest import UNLIMITED
from tests.server.test_store import old_database, rows

#: A database that the server made before the migrations (main at 67e77bd, layout 2):
#: one Go game, Ann (seat 0) and Bob, E5 C3 D4 played, Bob to move.
LAYOUT_2 = Path(__file__).parent / "data" / "layout2.sql"
LAYOUT_2_GAME = "ncfQ2xWxOeiT"
LAYOUT_2_BOB = "NewfSyLk2JrMfvArYwqQSUMP99gjBn5-"


def layout_2_file(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        conn.executescript(LAYOUT_2.read_text())
    return str(path)


def differences(connection: Connection) -> list[object]:
    """What store.py's tables have that the migrated database lacks, or the reverse."""
    return list(compare_metadata(MigrationContext.configure(connection), metadata))


def test_the_migrations_make_exactly_the_tables_of_store_py(tmp_path: Path) -> None:
    # A table or column added to store.py without a revision fails here (docs/migrations.md).
    engine = create_engine(f"sqlite:///{tmp_path / 'new.db'}")
    with engine.begin() as connection:
        migrate.upgrade(connection)
        assert differences(connection) == []
        assert migrate.status(connection).current
    engine.dispose()


def test_the_revisions_form_one_line() -> None:
    # Two branches that each added a revision after the same one: give one of them the
    # other as its down_revision (docs/migrations.md).
    script = ScriptDirectory.from_config(migrate.alembic_config())
    assert len(script.get_heads()) == 1
    assert all(Path(r.path).name.startswith("r") for r in script.walk_revisions())


def test_a_database_made_before_the_migrations_is_adopted(tmp_path: Path) -> None:
    db = layout_2_file(tmp_path / "old.db")
    assert main(["db", "upgrade", "--db", db]) == 0
    assert rows(db, "select version_num from alembic_version") == [(migrate.head(),)]
    # A tabletop from before the migrations reads "schema" and refuses a newer layout.
    assert rows(db, "select version from schema") == [(3,)]
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as connection:
        assert differences(connection) == []
    engine.dispose()
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(db, executor=pool, web_dir=None, limits=UNLIMITED)) as client,
    ):
        view = client.get(f"/api/games/{LAYOUT_2_GAME}").json()
        assert [m["move"] for m in view["moves"]] == ["E5", "C3", "D4"]
        answer = client.post(
            f"/api/games/{LAYOUT_2_GAME}/moves", json={"token": LAYOUT_2_BOB, "move": "F6"}
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["ply"] == 4


def test_a_version_1_database_is_upgraded_by_the_first_revision(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    old_database(path)
    assert main(["db", "upgrade", "--db", str(path)]) == 0
    assert rows(str(path), "select count(*) from moves") == [(3,)]
    assert "E5" not in str(rows(str(path), "select match from games where id = 'old-finished'"))
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(str(path), executor=pool, web_dir=None)) as client,
    ):
        view = client.get("/api/games/old-finished").json()
        assert [m["move"] for m in view["moves"]] == ["E5", "C3"]
        assert view["status"] == "finished"
        playing = client.get("/api/games", params={"status": "playing"}).json()
        assert [g["id"] for g in playing] == ["old-playing"]
        assert playing[0]["seats"][0]["name"] == "Cy"
    # Restored once (it was in play), then found to need no driver: no clock, no computer.
    assert rows(str(path), "select id from games where live") == []


def test_a_server_refuses_a_database_that_is_behind_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = layout_2_file(tmp_path / "old.db")
    before = LAYOUT_2.read_text()
    assert main(["serve", "--db", db, "--port", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"tabletop: error: --db {db}: this database's layout is behind (revision from before"
        f" the migrations, this tabletop needs {migrate.head()}): run"
        f" `tabletop db upgrade --db {db}` first"
    )
    with sqlite3.connect(db) as conn:  # untouched
        assert "\n".join(conn.iterdump()) + "\n" == before
    # The app itself refuses it too (a server started some other way).
    with pytest.raises(StorageError, match="tabletop db upgrade"):
        asyncio.run(start(db))


def test_a_revision_this_tabletop_does_not_know_is_a_newer_tabletop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "new.db")
    asyncio.run(start(db))
    with sqlite3.connect(db) as conn:
        conn.execute("update alembic_version set version_num = '9999'")
    for command in (["db", "upgrade"], ["serve", "--port", "1"]):
        assert main([*command, "--db", db]) == 2
        err = capsys.readouterr().err
        assert "made by a newer tabletop (revision 9999" in err and "Traceback" not in err


def test_db_upgrade_says_what_it_did(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.db")
    assert main(["db", "upgrade", "--db", db]) == 0
    assert capsys.readouterr().out == (
        f"tabletop: {db}: upgraded from an empty database to revision {migrate.head()}\n"
    )
    assert main(["db", "upgrade", "--db", db]) == 0
    assert capsys.readouterr().out == f"tabletop: {db}: already at revision {migrate.head()}\n"
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 10)
    assert main(["db", "upgrade", "--db", str(tmp_path / "junk.db")]) == 2
    assert "not an SQLite database" in capsys.readouterr().err


def test_a_new_sqlite_file_gets_its_tables_at_start(tmp_path: Path) -> None:
    # `make run` needs nothing installed and no command first (decision record 0126).
    db = str(tmp_path / "first.db")
    asyncio.run(start(db))
    assert rows(db, "select version_num from alembic_version") == [(migrate.head(),)]


async def start(db: str) -> None:
    store = Store(database_url(db), shown=db)
    try:
        await store.start()
    finally:
        await store.close()
