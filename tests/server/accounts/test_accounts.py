"""Accounts over the API: registration rules, log-in and out, sessions and their cookie,
password change and recovery, the limits on failed logins, and no secret ever shown."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.server.accounts import routes
from tabletop.server.accounts.sessions import COOKIE, LIFETIME
from tests.server.accounts.conftest import Clock, browser, register

PASSWORD = "a long password"


def accounts_in(db: str) -> list[tuple[str, str, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT username, password_hash, recovery_hash FROM accounts"
        ).fetchall()


def test_register_signs_in_and_shows_the_recovery_code_once(client: TestClient, db: str) -> None:
    answer = client.post("/api/accounts", json={"username": "Ada", "password": PASSWORD})
    assert answer.status_code == 201
    code = answer.json()["recovery_code"]
    assert len(code) == 23 and code.count("-") == 3
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower() and f"Max-Age={int(LIFETIME)}" in cookie
    assert client.get("/api/session").json() == {"username": "Ada"}
    [(name, password_hash, recovery_hash)] = accounts_in(db)
    assert name == "Ada"
    assert password_hash.startswith("$argon2id$") and recovery_hash.startswith("$argon2id$")
    # The session is stored as a hash, never as the id the cookie holds.
    sid = client.cookies[COOKIE]
    with sqlite3.connect(db) as conn:
        stored = [r[0] for r in conn.execute("SELECT id_hash FROM sessions")]
    assert stored and sid not in stored
    profile = client.get("/api/players/ada").text
    for secret in (PASSWORD, code, password_hash, sid, "argon2"):
        assert secret not in profile


@pytest.mark.parametrize(
    ("username", "why"),
    [
        ("ab", "3 to 20"),
        ("a" * 21, "3 to 20"),
        ("a" * 5000, "at most 100 characters"),
        ("ad a", "' ' is not allowed"),
        ("ada!", "'!' is not allowed"),
        ("_ada", "start and end"),
        ("ada-", "start and end"),
        ("a--da", "in a row"),
        ("аda", "only the letters"),  # a Cyrillic а
        ("Ａda", "write it as 'Ada'"),  # full-width: NFKC folds it to ASCII, still refused
        ("ada\u200b", "only the letters"),  # a zero-width space
        ("'; DROP TABLE x", "not allowed"),
        ("<b>x</b>", "not allowed"),
    ],
)
def test_bad_user_names_are_refused_with_the_reason(
    client: TestClient, db: str, username: str, why: str
) -> None:
    answer = client.post("/api/accounts", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 400
    assert answer.json()["error"] == "bad-request" and why in answer.json()["message"]
    assert accounts_in(db) == [] and COOKIE not in answer.headers.get("set-cookie", "")


def test_names_are_unique_whatever_their_case(client: TestClient, app: FastAPI, db: str) -> None:
    register(client, "Ada-Lovelace")
    again = browser(app).post(
        "/api/accounts", json={"username": "ada-LOVELACE", "password": PASSWORD}
    )
    assert again.status_code == 409 and again.json()["error"] == "name-taken"
    assert [r[0] for r in accounts_in(db)] == ["Ada-Lovelace"]
    # Logging in takes the name in any case.
    other = browser(app)
    signed = other.post("/api/session", json={"username": "ADA-lovelace", "password": PASSWORD})
    assert signed.json() == {"username": "Ada-Lovelace"}


@pytest.mark.parametrize(
    ("password", "why"),
    [("short", "at least 8"), ("x" * 129, "at most 128"), ("AdaAda12", "not be the user name")],
)
def test_bad_passwords_are_refused_without_quoting_them(
    client: TestClient, db: str, password: str, why: str
) -> None:
    answer = client.post("/api/accounts", json={"username": "AdaAda12", "password": password})
    assert answer.status_code == 400 and why in answer.json()["message"]
    assert password not in answer.text and accounts_in(db) == []


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.dictionaries(
        st.sampled_from(["username", "password", "extra", "<b>"]),
        st.one_of(st.text(max_size=30), st.integers(), st.none(), st.lists(st.integers())),
    )
)
def test_hostile_bodies_get_a_4xx_and_change_nothing(client: TestClient, body: dict) -> None:
    before = client.get("/api/session").json()
    for path in ("/api/session", "/api/account/recover", "/api/account/password"):
        answer = client.post(path, json=body)
        assert 400 <= answer.status_code < 500, answer.text
        assert set(answer.json()) == {"error", "message", "params"}
    assert client.get("/api/session").json() == before


def test_wrong_passwords_and_unknown_names_get_the_same_answer(
    client: TestClient, app: FastAPI
) -> None:
    register(client, "Ada")
    other = browser(app)
    wrong = other.post("/api/session", json={"username": "Ada", "password": "not the one"})
    unknown = other.post("/api/session", json={"username": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {
            "error": "bad-login",
            "message": "wrong user name or password",
            "params": {},
        }
    )
    assert COOKIE not in other.cookies


def test_failed_logins_are_limited_per_name(client: TestClient, app: FastAPI, clock: Clock) -> None:
    register(client, "Ada")
    other = browser(app)
    for _ in range(routes.NAME_FAILURES):
        assert (
            other.post("/api/session", json={"username": "ada", "password": "guess123"}).status_code
            == 401
        )
    # Locked: even the right password is not tried.
    locked = other.post("/api/session", json={"username": "Ada", "password": PASSWORD})
    assert locked.status_code == 429 and locked.headers["retry-after"] == "900"
    assert "user name" in locked.json()["message"]
    clock.t += routes.FAILURE_WINDOW
    assert (
        other.post("/api/session", json={"username": "Ada", "password": PASSWORD}).status_code
        == 200
    )


def test_failed_logins_are_limited_per_address(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(routes, "ADDRESS_FAILURES", 3)
    for name in ("one", "two", "three"):
        assert (
            client.post("/api/session", json={"username": name, "password": "guess123"}).status_code
            == 401
        )
    answer = client.post("/api/session", json={"username": "four", "password": "guess123"})
    assert answer.status_code == 429 and "address" in answer.json()["message"]


def test_logging_out_ends_the_session_on_the_server(client: TestClient, app: FastAPI) -> None:
    register(client, "Ada")
    sid = client.cookies[COOKIE]
    out = client.delete("/api/session")
    assert out.status_code == 204 and COOKIE in out.headers["set-cookie"]
    assert client.get("/api/session").json() == {"username": None}
    replay = browser(app)
    replay.cookies.set(COOKIE, sid)
    assert replay.get("/api/session").json() == {"username": None}


def test_sessions_expire(client: TestClient, clock: Clock) -> None:
    register(client, "Ada")
    clock.t += LIFETIME - 1
    assert client.get("/api/session").json() == {"username": "Ada"}
    clock.t += 2
    assert client.get("/api/session").json() == {"username": None}
    answer = client.post(
        "/api/account/password", json={"old_password": PASSWORD, "new_password": "x" * 9}
    )
    assert answer.status_code == 401 and answer.json()["error"] == "signed-out"


def test_changing_the_password_ends_the_other_sessions(client: TestClient, app: FastAPI) -> None:
    register(client, "Ada")
    elsewhere = browser(app)
    elsewhere.post("/api/session", json={"username": "Ada", "password": PASSWORD})
    wrong = client.post(
        "/api/account/password",
        json={"old_password": "not it at all", "new_password": "new password"},
    )
    assert wrong.status_code == 401
    short = client.post(
        "/api/account/password", json={"old_password": PASSWORD, "new_password": "new"}
    )
    assert short.status_code == 400
    done = client.post(
        "/api/account/password", json={"old_password": PASSWORD, "new_password": "new password"}
    )
    assert done.status_code == 204
    assert client.get("/api/session").json() == {"username": "Ada"}
    assert elsewhere.get("/api/session").json() == {"username": None}
    third = browser(app)
    assert (
        third.post("/api/session", json={"username": "Ada", "password": PASSWORD}).status_code
        == 401
    )
    assert (
        third.post("/api/session", json={"username": "Ada", "password": "new password"}).status_code
        == 200
    )


def test_the_recovery_code_sets_a_new_password_once(client: TestClient, app: FastAPI) -> None:
    code = register(client, "Ada")
    other = browser(app)
    body = {
        "username": "Ada",
        "recovery_code": "AAAAA-AAAAA-AAAAA-AAAAA",
        "new_password": "fresh password",
    }
    assert other.post("/api/account/recover", json=body).status_code == 401
    body["recovery_code"] = code.lower().replace("-", " ")  # as typed by hand
    answer = other.post("/api/account/recover", json=body)
    assert answer.status_code == 200
    new_code = answer.json()["recovery_code"]
    assert new_code != code and answer.json()["username"] == "Ada"
    assert other.get("/api/session").json() == {"username": "Ada"}
    assert client.get("/api/session").json() == {"username": None}  # every old session ends
    body["recovery_code"] = code
    assert other.post("/api/account/recover", json=body).status_code == 401  # used up
    login = browser(app).post(
        "/api/session", json={"username": "Ada", "password": "fresh password"}
    )
    assert login.status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_cross_site_requests_are_refused(
    client: TestClient, app: FastAPI, headers: dict[str, str]
) -> None:
    register(client, "Ada")
    for method, path, body in [
        ("DELETE", "/api/session", None),
        (
            "POST",
            "/api/account/password",
            {"old_password": PASSWORD, "new_password": "new password"},
        ),
        ("POST", "/api/games", {"game": "go", "options": {"size": 9}}),
    ]:
        answer = client.request(method, path, json=body, headers=headers)
        assert answer.status_code == 403 and answer.json()["error"] == "cross-site"
    assert client.get("/api/session").json() == {"username": "Ada"}
    # A log-in from another site's page is refused too (it would sign the victim in as
    # the attacker), cookie or not.
    fresh = browser(app)
    login = fresh.post(
        "/api/session", json={"username": "Ada", "password": PASSWORD}, headers=headers
    )
    assert login.status_code == 403 and COOKIE not in fresh.cookies


def test_same_origin_requests_pass(client: TestClient) -> None:
    register(client, "Ada")
    for headers in ({"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin"}):
        made = client.post(
            "/api/games", json={"game": "go", "options": {"size": 9}}, headers=headers
        )
        assert made.status_code == 201
    assert client.delete("/api/session", headers={"Origin": "http://testserver"}).status_code == 204


def test_unknown_players_are_404(client: TestClient) -> None:
    for name in ("nobody", "x" * 300, "<b>", "%27%20OR%201=1"):
        answer = client.get(f"/api/players/{name}")
        assert answer.status_code == 404 and answer.json()["error"] == "unknown-player"


def test_the_api_is_in_the_openapi_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/accounts",
        "/api/session",
        "/api/account/password",
        "/api/account/recover",
        "/api/account/games",
        "/api/players/{username}",
    ):
        assert path in paths
    assert paths["/api/accounts"]["post"]["responses"]["201"]
