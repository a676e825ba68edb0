"""The browser app's files, without a browser: shipped, self-contained, offline."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from tabletop.web import WEB_DIR

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    p for p in WEB_DIR.rglob("*") if p.is_file() and p.suffix in {".html", ".css", ".js", ".json"}
)
TEMPLATES = WEB_DIR / "templates"
PAGES = [
    "index.html",
    "game.html",
    "replay.html",
    "404.html",
    "learn_index.html",
    "learn_game.html",
]
#: The app's own pages a template links to: places to go, not files the page loads.
PAGE_LINKS = ("/learn",)


def test_the_pages_exist_and_extend_the_base_layout() -> None:
    for page in PAGES:
        layout = page
        while parent := re.search(r'{% extends "([^"]+)" %}', (TEMPLATES / layout).read_text()):
            layout = parent.group(1)
        assert layout == "base.html", page  # directly or through board_page.html


def test_package_data_ships_every_web_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["tabletop.web"]
    for path in FILES:
        relative = path.relative_to(WEB_DIR).as_posix()
        assert any(
            fnmatch.fnmatch(relative, p) and relative.count("/") == p.count("/") for p in patterns
        ), relative


@pytest.mark.parametrize("page", PAGES)
def test_pages_load_only_local_files(page: str) -> None:
    text = (TEMPLATES / page).read_text() + (TEMPLATES / "base.html").read_text()
    text = re.sub(r"<a\b[^>]*>", "", text)  # links to the app's pages (/rules) load nothing
    for ref in re.findall(r'(?:src|href)="([^"{]+)"', text):
        if ref in {"/", "#"} or ref.startswith(("data:", *PAGE_LINKS)):
            continue
        assert ref.startswith("/static/"), f"{page}: {ref} is not served from /static/"
        assert (WEB_DIR / ref.removeprefix("/static/")).is_file(), f"{page}: {ref} is missing"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(WEB_DIR).as_posix())
def test_no_network_beyond_the_server(path: Path) -> None:
    """No CDN, web font or remote script: the app works without internet."""
    text = path.read_text()
    remote = [u for u in re.findall(r"https?://[^\s\"'`)]+", text) if "www.w3.org" not in u]
    assert remote == [], f"{path.name} refers to {remote}"


@pytest.mark.parametrize(
    "path", [p for p in FILES if p.suffix == ".js"], ids=lambda p: p.relative_to(WEB_DIR).as_posix()
)
def test_module_imports_resolve(path: Path) -> None:
    text = path.read_text()
    for target in re.findall(r'(?:from|import)\s*\(?\s*"(\.[^"]+)"', text):
        assert (path.parent / target).resolve().is_file(), f"{path.name} imports missing {target}"
