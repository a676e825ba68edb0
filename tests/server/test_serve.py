"""``tabletop serve`` prints the address to open and runs the app on uvicorn."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main
from tabletop.server.work import pool_size


def test_serve_prints_the_address_and_runs_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[dict[str, Any]] = []
    apps: list[Any] = []

    def fake_run(app: object, **kwargs: Any) -> None:
        calls.append(kwargs)
        apps.append(app)

    import socket

    monkeypatch.setattr("uvicorn.run", fake_run)
    db = tmp_path / "games.db"
    with socket.socket() as probe:  # a port that is free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["serve", "--port", str(port), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:{port}/" in out and str(db) in out
    assert calls and calls[0]["host"] == "127.0.0.1" and calls[0]["port"] == port
    assert apps[0].state.rooms.grace == 60
    assert apps[0].state.rooms.work.workers == pool_size()
    argv = ["--grace", "5", "--workers", "3"]
    assert main(["serve", "--port", str(port), "--db", str(db), *argv]) == 0
    assert apps[1].state.rooms.grace == 5 and apps[1].state.rooms.work.workers == 3


def test_serve_refuses_stray_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--colour", "red"])
    assert "unexpected arguments" in capsys.readouterr().err


def test_what_cannot_be_served_is_one_line_before_anything_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: pytest.fail("uvicorn started"))
    db = str(tmp_path / "games.db")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        for argv, message in [
            (["--port", "70000"], "--port 70000: must be 1 to 65535"),
            (["--grace", "-1"], "--grace -1: must be 0 to 86400 seconds"),
            (["--grace", "nan"], "--grace nan: must be 0 to 86400 seconds"),
            (["--workers", "0"], "--workers 0: must be 1 to 64"),
            (["--db", str(tmp_path)], f"--db {tmp_path}: cannot open the database"),
            # No driver installed, or nothing listening on port 1: either way one line.
            (["--db", "postgresql+asyncpg://u@127.0.0.1:1/x"], "cannot open the database ("),
            (["--host", "no.such.host.invalid"], "--host no.such.host.invalid: not an address"),
            (["--port", str(busy)], f"cannot listen on 127.0.0.1:{busy} (Address already in use)"),
        ]:
            assert main(["serve", "--db", db, *argv]) == 2
            captured = capsys.readouterr()
            assert message in captured.err and "Traceback" not in captured.err
            assert "serving on" not in captured.out


def test_limit_flags_reach_the_app_and_forwarded_headers_are_not_believed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    runs: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: runs.append((app, kwargs)))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = ["serve", "--port", str(port), "--db", str(tmp_path / "g.db")]
    extra = ["--games-per-minute", "2.5", "--idle-rooms", "7", "--trusted-proxy", "10.0.0.1"]
    assert main([*argv, *extra]) == 0
    app, kwargs = runs[0]
    limits = app.state.limits.limits
    assert limits.games_per_minute == 2.5 and limits.idle_rooms == 7
    assert limits.trusted_proxies == ("10.0.0.1",)
    assert app.state.rooms.idle_rooms == 7
    # uvicorn would take X-Forwarded-For from 127.0.0.1 as the client: only limits.py reads it.
    assert kwargs["proxy_headers"] is False
    assert main([*argv, "--hints-burst", "-1"]) == 2
    assert "--hints-burst -1: must be 0 or more" in capsys.readouterr().err


# -- every --db value: a server, or one line saying what is wrong --------------------------------
def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _serve(db: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[dict[str, Any]]]:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: calls.append(kwargs))
    return main(["serve", "--port", str(_free_port()), "--db", db]), calls


def _sqlite_file(path: Path, rows: int = 0) -> Path:
    import sqlite3

    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
        connection.executemany("INSERT INTO notes VALUES (?)", [("x" * 500,)] * rows)
    connection.close()
    return path


def test_sqlite_urls_and_home_paths_serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    status, calls = _serve(f"sqlite:///{tmp_path}/url.db", monkeypatch)
    assert status == 0 and calls
    assert f"sqlite+aiosqlite:///{tmp_path}/url.db" in capsys.readouterr().out
    status, calls = _serve("~/home.db", monkeypatch)
    assert status == 0 and calls
    assert (tmp_path / "home.db").is_file() and not Path("~").exists()
    assert f"sqlite+aiosqlite:///{tmp_path}/home.db" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: "", "--db '': empty; give a file path or a database URL"),
        (lambda d: "://x", "--db ://x: not a database URL"),
        (lambda d: "sqlite://", "--db sqlite://: names no file"),
        (lambda d: "/dev/null", "--db /dev/null: cannot open the database (not a regular file)"),
        (lambda d: str(d), "cannot open the database (a folder)"),
        (
            lambda d: _junk(d / "junk.db"),
            "junk.db: not an SQLite database",
        ),
        (
            lambda d: _truncated(d / "cut.db"),
            "cut.db: the database is truncated (300000 of its ",
        ),
        (
            lambda d: _foreign(d / "other.db"),
            "other.db: its 'games' table is not tabletop's (it has no id, ",
        ),
    ],
    ids=[
        "empty",
        "no-scheme",
        "sqlite-no-file",
        "dev-null",
        "folder",
        "corrupt",
        "truncated",
        "foreign",
    ],
)
def test_a_database_that_cannot_serve_is_one_line(
    make: Any,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = make(tmp_path)
    before = _files(tmp_path)
    status, calls = _serve(db, monkeypatch)
    captured = capsys.readouterr()
    assert status == 2 and not calls and "serving on" not in captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], captured.err
    assert _files(tmp_path) == before  # nothing written


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def _junk(path: Path) -> str:
    path.write_bytes(os.urandom(5000))
    return str(path)


def _truncated(path: Path) -> str:
    whole = _sqlite_file(path.with_name("whole.db"), rows=2000).read_bytes()
    path.write_bytes(whole[:300000])
    path.with_name("whole.db").unlink()
    return str(path)


def _foreign(path: Path) -> str:
    import sqlite3

    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (name TEXT, score INTEGER)")
    connection.close()
    return str(path)


def test_postgresql_keeps_its_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, calls = _serve("postgresql://u@127.0.0.1:1/x", monkeypatch)
    err = capsys.readouterr().err
    assert status == 2 and not calls
    assert err.startswith("tabletop: error: --db postgresql://u@127.0.0.1:1/x: cannot open")
    assert len(err.strip().splitlines()) == 1


@pytest.fixture
def read_only_db(tmp_path: Path) -> Iterator[Path]:
    """A tabletop database that cannot be written: on a read-only mount if this process may
    mount (root in most containers), else an immutable file (chattr +i), else skipped. A
    chmod'ed file does not do: root writes it anyway."""
    import shutil
    import subprocess

    mount = tmp_path / "mount"
    mount.mkdir()
    db = mount / "games.db"

    def run(*command: str) -> bool:
        return subprocess.run(command, capture_output=True).returncode == 0

    if shutil.which("mount") and run("mount", "-t", "tmpfs", "tmpfs", str(mount)):
        try:
            _served_once(db)
            if run("mount", "-o", "remount,ro", str(mount)):
                yield db
                return
        finally:
            run("umount", str(mount))
    _served_once(db)
    if shutil.which("chattr") and run("chattr", "+i", str(db)):
        try:
            yield db
        finally:
            run("chattr", "-i", str(db))
        return
    pytest.skip("neither a read-only mount nor an immutable file can be made here")


def _served_once(db: Path) -> None:
    import asyncio

    from tabletop.server.store import Store

    async def start() -> None:
        store = Store(f"sqlite+aiosqlite:///{db}")
        await store.start()
        await store.close()

    asyncio.run(start())


def test_a_database_that_cannot_be_written_is_found_at_start(
    read_only_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, calls = _serve(str(read_only_db), monkeypatch)
    captured = capsys.readouterr()
    assert status == 2 and not calls and "serving on" not in captured.out
    assert f"--db {read_only_db}: cannot write to the database (" in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_a_broken_pipe_at_start_exits_non_zero(tmp_path: Path) -> None:
    import subprocess
    import sys

    # A free port can be taken by another test worker before the server binds it (it
    # then says so and exits, before it prints): try another port then.
    for _ in range(5):
        command = [
            sys.executable,
            "-m",
            "tabletop.cli",
            "serve",
            "--port",
            str(_free_port()),
            "--db",
            str(tmp_path / "g.db"),
        ]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # nobody reads the address
        try:
            err = process.stderr.read().decode()
            status = process.wait(timeout=120)
        finally:
            if process.poll() is None:
                process.kill()
        if "Address already in use" not in err:
            break
    assert status != 0 and "Traceback" not in err
    assert "standard output is closed" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--request-timeout", "0"], "--request-timeout 0: must be over 0, at most 3600"),
        (["--send-timeout", "nan"], "--send-timeout nan: must be over 0"),
        (["--max-connections", "0"], "--max-connections 0: must be at least 1"),
        (["--max-per-address", "-3"], "--max-per-address -3: must be at least 1"),
    ],
)
def test_connection_limits_out_of_range_are_one_line(
    argv: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: pytest.fail("uvicorn started"))
    assert main(["serve", "--port", str(_free_port()), "--db", str(tmp_path / "g.db"), *argv]) == 2
    assert message in capsys.readouterr().err


def test_serve_passes_the_connection_guards_to_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, calls = _serve(str(tmp_path / "g.db"), monkeypatch)
    assert status == 0
    http, ws = calls[0]["http"], calls[0]["ws"]
    assert http.registry is ws.registry and http.limits.request_timeout == 20


def test_a_database_of_the_older_layout_is_served_and_upgraded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start-up check does not take a version 1 file for another program's: it says to
    upgrade it (decision record 0126), and serves it once upgraded."""
    from tests.server.test_store import old_database

    path = tmp_path / "old.db"
    old_database(path)
    status, calls = _serve(str(path), monkeypatch)
    assert status == 2 and not calls
    assert main(["db", "upgrade", "--db", str(path)]) == 0
    status, calls = _serve(str(path), monkeypatch)
    assert status == 0 and calls
