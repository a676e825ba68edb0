"""``tabletop serve`` prints the address to open and runs the app on uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main


def test_serve_prints_the_address_and_runs_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[dict[str, Any]] = []

    def fake_run(app: object, **kwargs: Any) -> None:
        calls.append(kwargs)

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
