"""The account pages render in every language; an unknown player's page is a 404 page;
hostile text in every field of every account request is refused or inert."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from tabletop.server.app import create_app
from tests.server.accounts.conftest import register
from tests.server.conftest import UNLIMITED

HEADINGS = {
    "en": ("Register", "Log in", "Change password", "Recover your account"),
    "tr": ("Kaydol", "Giriş yap", "Parolayı değiştir", "Hesabını geri al"),
    "de": ("Registrieren", "Anmelden", "Passwort ändern", "Konto wiederherstellen"),
    "nl": ("Registreren", "Inloggen", "Wachtwoord wijzigen", "Account herstellen"),
}
HOSTILE = [
    "'; DROP TABLE accounts; --",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "\x00\x01",
    "ada\u202e",
    "x" * 1001,
]


@pytest.fixture
def web(db: str, executor: ThreadPoolExecutor) -> Iterator[TestClient]:
    app = create_app(db, executor=executor, limits=UNLIMITED)
    with TestClient(app) as client:
        yield client


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_the_forms_render_in_each_language(web: TestClient, lang: str) -> None:
    for form, heading in zip(
        ("register", "login", "password", "recover"), HEADINGS[lang], strict=True
    ):
        page = web.get(f"/account/{form}?lang={lang}")
        assert page.status_code == 200
        assert f"<h1>{heading}</h1>" in page.text
        assert 'id="account-form"' in page.text and f'data-form="{form}"' in page.text
        # Until account.js takes the form over, a submit would be a plain GET that puts
        # the password in the URL; the button starts disabled.
        assert '<button type="submit" class="primary" disabled>' in page.text


def test_profile_pages_and_their_404(web: TestClient) -> None:
    register(web, "Ada")
    page = web.get("/players/ADA")
    assert page.status_code == 200 and 'data-username="Ada"' in page.text
    for name in ("nobody", "<script>", "x" * 300):
        missing = web.get(f"/players/{name}", headers={"accept": "text/html"})
        assert missing.status_code == 404 and "<script>" not in missing.text
    assert web.get("/account/admin", headers={"accept": "text/html"}).status_code == 404


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_in_every_field_changes_nothing(web: TestClient, db: str, text: str) -> None:
    register(web, "Ada")
    code_ok = "AAAAA-AAAAA-AAAAA-AAAAA"
    requests = [
        ("/api/accounts", {"username": text, "password": "a long password"}),
        ("/api/accounts", {"username": "Eve", "password": text}),
        ("/api/session", {"username": text, "password": "a long password"}),
        ("/api/session", {"username": "Ada", "password": text}),
        (
            "/api/account/recover",
            {"username": text, "recovery_code": code_ok, "new_password": "x" * 9},
        ),
        (
            "/api/account/recover",
            {"username": "Ada", "recovery_code": text, "new_password": "x" * 9},
        ),
        ("/api/account/password", {"old_password": text, "new_password": "x" * 9}),
        ("/api/account/games", {"seats": [{"game": text[:32], "token": text[:100]}]}),
    ]
    with sqlite3.connect(db) as conn:
        before = conn.execute(
            "SELECT username, password_hash, recovery_hash FROM accounts"
        ).fetchall()
    for path, body in requests:
        answer = web.post(path, json=body)
        if path == "/api/accounts" and body["username"] == "Eve" and len(text) >= 8:
            # A long enough hostile password is just a password: Eve may have it.
            assert answer.status_code in (201, 400)
            web.post("/api/session", json={"username": "Ada", "password": "a long password"})
            continue
        if path == "/api/account/games":
            assert answer.json() == {"linked": 0}
            continue
        assert 400 <= answer.status_code < 500, (path, answer.text)
        assert answer.headers["content-type"] == "application/json"  # never HTML
        secret = any(
            body.get(k) == text
            for k in ("password", "new_password", "old_password", "recovery_code")
        )
        assert not (secret and text in answer.text)  # a user name may be quoted, a secret never
    with sqlite3.connect(db) as conn:
        after = conn.execute(
            "SELECT username, password_hash, recovery_hash FROM accounts WHERE username = 'Ada'"
        ).fetchall()
    assert after == [r for r in before if r[0] == "Ada"]
    profile = web.get("/api/players/ada")
    assert profile.status_code == 200
