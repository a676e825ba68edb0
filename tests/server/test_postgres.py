"""PostgreSQL: the same URL two ways, and every bad configuration one line at start."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.ext.asyncio import create_async_engine

import tabletop.server.accounts.tables  # noqa: F401  (its tables are on the same metadata)
from tabletop.cli import main
from tabletop.server import migrate
from tabletop.server.scratch import ScratchPostgres, free_port
from tabletop.server.store import database_url, metadata
from tests.server.test_migrate import differences

#: The tables revision 0001 makes (layout 2).
REVISION_0001_TABLES = {"games", "moves", "events", "seats", "links", "rematches", "schema"}


def test_postgresql_urls_mean_the_server_s_driver() -> None:
    for given in (
        "postgresql://u:p@h:5/d",
        "postgres://u:p@h:5/d",
        "postgresql+asyncpg://u:p@h:5/d",
    ):
        assert database_url(given) == "postgresql+asyncpg://u:p@h:5/d"


def serve_error(capsys: pytest.CaptureFixture[str], db: str) -> str:
    assert main(["serve", "--db", db, "--port", str(free_port())]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    (line,) = captured.err.splitlines()
    return line


def test_bad_postgresql_configurations_are_one_line_each(
    postgres: ScratchPostgres, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()  # nobody listens there
    assert serve_error(capsys, f"postgresql://tabletop:x@127.0.0.1:{port}/games") == (
        f"tabletop: error: --db postgresql://tabletop:***@127.0.0.1:{port}/games:"
        f" cannot open the database (Connect call failed ('127.0.0.1', {port}))"
    )
    wrong = postgres.url_of("migrated", password="wrong")
    line = serve_error(capsys, wrong)
    assert "password authentication failed" in line and "wrong" not in line
    missing = postgres.url_of("nosuchdb")
    assert 'database "nosuchdb" does not exist' in serve_error(capsys, missing)
    postgres.psql("create database empty")
    empty = postgres.url_of("empty")
    line = serve_error(capsys, empty)
    assert line.endswith(
        "this database has no tables yet: run `tabletop db upgrade --db"
        f" postgresql+asyncpg://tabletop:***@127.0.0.1:{postgres.port}/empty` first"
    )
    assert main(["db", "upgrade", "--db", empty]) == 0
    assert capsys.readouterr().out.endswith(f"to revision {migrate.head()}\n")


def test_a_postgresql_database_behind_is_refused_until_upgraded(
    postgres: ScratchPostgres, capsys: pytest.CaptureFixture[str]
) -> None:
    postgres.psql("create database behind template migrated")
    postgres.psql("update alembic_version set version_num = '0001'", database="behind")
    # What later revisions made must go too, or their upgrade finds it already there.
    later = [t.name for t in metadata.sorted_tables if t.name not in REVISION_0001_TABLES]
    postgres.psql(f"drop table {', '.join(later)} cascade", database="behind")
    behind = postgres.url_of("behind")
    assert "layout is behind (revision 0001" in serve_error(capsys, behind)
    assert main(["db", "upgrade", "--db", behind]) == 0
    assert "upgraded from revision 0001" in capsys.readouterr().out


def test_the_migrations_make_exactly_the_tables_of_store_py_on_postgresql(
    postgres: ScratchPostgres,
) -> None:
    async def compare() -> list[object]:
        engine = create_async_engine(postgres.url_of("migrated"))
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(differences)
        finally:
            await engine.dispose()

    assert asyncio.run(compare()) == []
