"""Under /static the browser app's web files are served, and nothing else of its folder."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from tabletop.server.app import WEB_DIR, create_app


def test_only_web_assets_are_served(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    (web / "__pycache__").mkdir()
    files = {
        "index.html": "<title>x</title>",
        "style.css": "body {}",
        "js/app.js": "export const x = 1;",
        "logo.svg": "<svg/>",
        "__init__.py": "SECRET = 1",
        "__pycache__/__init__.cpython-311.pyc": "x",
        "notes.md": "x",
        "games.db": "x",
        ".env.js": "x",
        "Makefile": "x",
    }
    for name, text in files.items():
        (web / name).write_text(text)
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(str(tmp_path / "db"), executor=pool, web_dir=web)) as client,
    ):
        for name in ("index.html", "style.css", "js/app.js", "logo.svg"):
            assert client.get(f"/static/{name}").status_code == 200, name
        for name in ("__init__.py", "__pycache__/__init__.cpython-311.pyc", "notes.md",
                     "games.db", ".env.js", "Makefile", "js", ""):  # fmt: skip
            answer = client.get(f"/static/{name}")
            assert answer.status_code == 404 and "SECRET" not in answer.text, name


def test_the_installed_app_serves_its_files_but_not_its_package_source(tmp_path: Path) -> None:
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(str(tmp_path / "db"), executor=pool)) as client,
    ):
        assert client.get("/static/style.css").status_code == 200
        assert client.get("/static/js/game.js").status_code == 200
        assert (WEB_DIR / "__init__.py").is_file()
        assert client.get("/static/__init__.py").status_code == 404
