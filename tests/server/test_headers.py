"""Security headers on every answer; the app's pages need nothing the policy forbids."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from tabletop.server.app import WEB_DIR, create_app
from tabletop.server.headers import CONTENT_SECURITY_POLICY


def test_every_answer_has_the_security_headers(tmp_path: Path) -> None:
    with (
        ThreadPoolExecutor(1) as pool,
        TestClient(create_app(str(tmp_path / "db"), executor=pool)) as client,
    ):
        gid = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json()["id"]
        answers = [
            client.get("/"),
            client.get(f"/game/{gid}"),
            client.get("/static/style.css"),
            client.get("/static/__init__.py"),  # 404
            client.get("/api/catalog"),
            client.get(f"/api/games/{gid}/record?format=sgf"),
            client.get("/api/games/nope"),  # 404
            client.post("/api/games", json={"game": 3}),  # 400
            client.post("/api/games", content=b"x" * 100_000),  # 413
            client.get("/openapi.json"),
        ]
        for answer in answers:
            headers = answer.headers
            assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY, answer.url
            assert headers["x-frame-options"] == "DENY"
            assert headers["referrer-policy"] == "no-referrer"
            assert headers["x-content-type-options"] == "nosniff"
        assert {a.status_code for a in answers} >= {200, 400, 404, 413}


def test_the_policy_allows_no_inline_script_or_style() -> None:
    assert "unsafe" not in CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY


def test_the_app_pages_have_no_inline_script_style_or_handlers() -> None:
    pages = list((WEB_DIR / "templates").glob("*.html"))
    assert pages
    for page in pages:
        html = page.read_text()
        for script in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S | re.I):
            assert not script.strip(), f"{page.name}: inline script"
        assert not re.search(r"<script(?![^>]*\bsrc=)", html, re.I), f"{page.name}: script"
        assert not re.search(r"<style\b", html, re.I), f"{page.name}: <style>"
        assert not re.search(r"\sstyle\s*=", html, re.I), f"{page.name}: style attribute"
        assert not re.search(r"\son[a-z]+\s*=", html, re.I), f"{page.name}: event handler"
    for script in WEB_DIR.glob("js/**/*.js"):
        text = script.read_text()
        # Markup built from strings, or a style attribute set, would be refused by the policy.
        assert not re.search(r"innerHTML|insertAdjacentHTML|setAttribute\(\s*[\"']style", text), (
            script.name
        )
        assert not re.search(r"\beval\(|new Function\(", text), script.name
