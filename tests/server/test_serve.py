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

    monkeypatch.setattr("uvicorn.run", fake_run)
    db = tmp_path / "games.db"
    assert main(["serve", "--port", "8123", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and str(db) in out
    assert calls and calls[0]["host"] == "127.0.0.1" and calls[0]["port"] == 8123


def test_serve_refuses_stray_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--colour", "red"])
    assert "unexpected arguments" in capsys.readouterr().err
