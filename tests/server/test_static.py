"""The browser app's files: /, /game/{id}, /replay/{id} and /static/* from the web directory."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from tabletop.server.app import create_app


def test_pages_and_static_files_come_from_the_web_directory(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "templates").mkdir(parents=True)
    for name in ("index.html", "game.html", "replay.html"):
        (web / "templates" / name).write_text(f"<title>{name} {{{{ lang }}}}</title>")
    (web / "app.js").write_text("export const x = 1;")
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(str(tmp_path / "db"), executor=pool, web_dir=web)) as client,
    ):
        assert "index.html en" in client.get("/").text
        assert "game.html" in client.get("/game/abc?token=t").text
        assert "replay.html" in client.get("/replay/abc").text
        script = client.get("/static/app.js")
        assert script.status_code == 200 and "export" in script.text
        assert client.get("/static/missing.js").status_code == 404
        assert client.get("/static/templates/index.html").status_code == 404


def test_without_the_web_app_pages_are_a_clear_404(tmp_path: Path) -> None:
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(str(tmp_path / "db"), executor=pool, web_dir=None)) as client,
    ):
        answer = client.get("/")
        assert answer.status_code == 404
        assert answer.json()["error"] == "not-found"
