"""The pages in the player's language: <html lang>, the picker, the remembered choice."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop.server.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("pages") / "db"
    with ThreadPoolExecutor(1) as pool, TestClient(create_app(str(db), executor=pool)) as c:
        yield c


@pytest.mark.parametrize("path", ["/", "/game/abc", "/replay/abc"])
def test_every_page_has_the_picker_and_the_language(client: TestClient, path: str) -> None:
    client.cookies.clear()
    page = client.get(path, params={"lang": "de"})
    assert page.status_code == 200
    assert '<html lang="de">' in page.text
    assert page.headers["content-language"] == "de"
    assert 'id="lang-picker"' in page.text
    names = {"en": "English", "tr": "Türkçe", "de": "Deutsch", "nl": "Nederlands"}
    for code, name in names.items():
        assert f'hreflang="{code}"' in page.text and name in page.text
    assert 'lang="de" aria-current="true"' in page.text


def test_the_first_paint_is_translated(client: TestClient) -> None:
    client.cookies.clear()
    assert "Neues Spiel" in client.get("/?lang=de").text
    assert "Yeni oyun" in client.get("/?lang=tr").text
    assert "New game" in client.get("/?lang=en").text


def test_a_chosen_language_is_remembered(client: TestClient) -> None:
    client.cookies.clear()
    first = client.get("/?lang=nl")
    assert "lang=nl" in first.headers["set-cookie"]
    assert '<html lang="nl">' in client.get("/game/x").text  # the cookie, no ?lang=
    assert '<html lang="tr">' in client.get("/game/x?lang=tr").text  # a new choice wins


def test_accept_language_without_a_choice(client: TestClient) -> None:
    client.cookies.clear()
    page = client.get("/", headers={"accept-language": "tr-TR,tr;q=0.9,en;q=0.5"})
    assert '<html lang="tr">' in page.text and "set-cookie" not in page.headers


def test_a_bad_language_is_ignored_and_not_stored(client: TestClient) -> None:
    client.cookies.clear()
    page = client.get("/?lang=<b>xx", headers={"accept-language": "nl"})
    assert page.status_code == 200 and '<html lang="nl">' in page.text
    assert "set-cookie" not in page.headers


def test_the_picker_keeps_the_other_parameters(client: TestClient) -> None:
    client.cookies.clear()
    page = client.get("/game/abc", params={"token": "a&b", "lang": "tr"})
    assert 'href="/game/abc?token=a%26b&amp;lang=de"' in page.text


def test_the_not_found_page_is_translated(client: TestClient) -> None:
    client.cookies.clear()
    page = client.get("/nowhere", headers={"accept": "text/html", "accept-language": "de"})
    assert page.status_code == 404 and "Seite nicht gefunden" in page.text
    assert client.get("/api/nowhere").json()["error"] == "not-found"


def test_the_compiled_catalogs_are_served(client: TestClient) -> None:
    answer = client.get("/static/i18n/tabletop.tr.json")
    assert answer.status_code == 200 and answer.json()["language"] == "tr"


def test_a_page_of_another_domain_keeps_the_layout_words(tmp_path: Path) -> None:
    """The rules and lessons pages render with their own catalog; base.html's words
    still come from the app's."""
    from starlette.requests import Request

    from tabletop.server.routes.pages import Pages
    from tabletop.web import WEB_DIR

    (tmp_path / "base.html").write_text((WEB_DIR / "templates" / "base.html").read_text())
    (tmp_path / "page.html").write_text(
        '{% extends "base.html" %}{% block main %}{{ _("Rules") }}{% endblock %}'
    )
    scope = {"type": "http", "path": "/x", "query_string": b"lang=de", "headers": []}
    body = Pages(tmp_path).render(Request(scope), "page.html", domain="rules").body.decode()
    assert 'aria-label="Sprache"' in body and "Regeln" in body


def test_the_home_forms_wait_for_their_script(client: TestClient) -> None:
    # A submit before home.js takes the forms over would be a plain GET of the page.
    page = client.get("/").text
    for button in ("create-btn", "upload-btn", "upload-review-btn"):
        assert re.search(rf'<button type="submit" id="{button}"[^>]* disabled>', page), button
