"""Ratings over the API: rated games between two accounts change both Glicko-2 ratings in
the transaction that ends the game; casual, short, guest and unpooled games do not."""

from __future__ import annotations

import sqlite3
from typing import Any

import glicko2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event as sa_event

from tabletop.play.ratings import DAY, Rating, rate_game
from tabletop.server.scratch import ScratchPostgres
from tabletop.server.store import Store
from tests.server.accounts.conftest import Clock, browser, play, rated_game, register, resign
from tests.server.conftest import new_game


def ratings_of(client: TestClient, name: str) -> dict[str, Any]:
    answer = client.get(f"/api/players/{name}")
    assert answer.status_code == 200, answer.text
    ratings: dict[str, Any] = answer.json()["ratings"]
    return ratings


def two_accounts(client: TestClient, app: FastAPI) -> tuple[TestClient, TestClient]:
    register(client, "Ada")
    bob = browser(app)
    register(bob, "Bob")
    return client, bob


def finish(ada: TestClient, bob: TestClient, loser: int, **options: Any) -> str:
    """A rated game with two moves in which seat ``loser`` resigns."""
    gid, t0, t1 = rated_game(ada, bob, **options)
    first, second = ((bob, t1), (ada, t0)) if options.get("handicap") else ((ada, t0), (bob, t1))
    play(first[0], gid, first[1], "B2")
    play(second[0], gid, second[1], "B3")
    resign(ada, gid, (t0, t1)[loser])
    return gid


def test_a_rated_game_changes_both_ratings_as_glicko2_says(
    client: TestClient, app: FastAPI
) -> None:
    ada, bob = two_accounts(client, app)
    gid = finish(ada, bob, loser=1)
    won, lost = rate_game(Rating(), Rating(), 1.0)
    a, b = ratings_of(ada, "ada")["go-9"], ratings_of(ada, "bob")["go-9"]
    assert (a["rating"], a["rd"], a["volatility"], a["games"]) == pytest.approx(
        (won.rating, won.rd, won.volatility, 1)
    )
    assert (b["rating"], b["rd"]) == pytest.approx((lost.rating, lost.rd))
    assert a["provisional"] and a["shown"] == f"{round(won.rating)}?"
    profile = ada.get("/api/players/Ada").json()
    [game] = profile["recent"]
    assert game["game_id"] == gid and game["result"] == "win" and game["rated"]
    assert game["opponents"] == ["Bob"] and game["pool"] == "go-9"
    assert game["rating_before"] == 1500 and game["rating_after"] == pytest.approx(won.rating)
    [point] = profile["history"]["go-9"]
    assert point["game_id"] == gid and point["rating"] == pytest.approx(won.rating)


def test_a_sequence_of_games_matches_the_glicko2_package(
    client: TestClient, app: FastAPI, clock: Clock
) -> None:
    ada, bob = two_accounts(client, app)
    theirs = [glicko2.Player(), glicko2.Player()]
    losers = [1, 1, 0, 1, 0, 0, 1]
    for i, loser in enumerate(losers):
        clock.t += DAY * (i % 3)  # idle days grow both deviations before the game
        finish(ada, bob, loser=loser)
        days = i % 3
        for p in theirs:
            for _ in range(days):
                p.did_not_compete()
        before = [(p.rating, p.rd) for p in theirs]
        theirs[0].update_player([before[1][0]], [before[1][1]], [1.0 if loser == 1 else 0.0])
        theirs[1].update_player([before[0][0]], [before[0][1]], [0.0 if loser == 1 else 1.0])
    a, b = ratings_of(ada, "ada")["go-9"], ratings_of(ada, "bob")["go-9"]
    # The package's volatility step differs from the paper's by a hair (see test_ratings.py).
    assert a["rating"] == pytest.approx(theirs[0].rating, abs=1.0)
    assert b["rating"] == pytest.approx(theirs[1].rating, abs=1.0)
    assert a["rd"] == pytest.approx(theirs[0].rd, abs=1.0)
    assert a["games"] == b["games"] == len(losers)
    assert len(ada.get("/api/players/ada").json()["history"]["go-9"]) == len(losers)


def test_pools_come_from_the_games_facts(client: TestClient, app: FastAPI) -> None:
    ada, bob = two_accounts(client, app)
    finish(ada, bob, loser=0, size=13)
    finish(ada, bob, loser=0, size=7)  # no pool: unrated
    finish(ada, bob, loser=0, size=9, handicap=2)  # handicap: unrated
    assert set(ratings_of(ada, "ada")) == {"go-13"}


def test_casual_short_and_guest_games_are_not_rated(client: TestClient, app: FastAPI) -> None:
    ada, bob = two_accounts(client, app)
    gid, t0, t1 = rated_game(ada, bob, rated=False)
    play(ada, gid, t0, "C3")
    play(bob, gid, t1, "D4")
    resign(ada, gid, t0)
    gid, t0, _ = rated_game(ada, bob)
    play(ada, gid, t0, "C3")
    resign(ada, gid, t0)  # before the second side moved: aborted, as lichess does
    guest = browser(app)
    gid, t0, t1 = rated_game(ada, guest)
    play(ada, gid, t0, "C3")
    play(guest, gid, t1, "D4")
    resign(ada, gid, t1)
    assert ratings_of(ada, "ada") == {}
    results = [g["result"] for g in ada.get("/api/players/ada").json()["recent"]]
    assert results == ["win", "loss", "loss"]  # the games are kept, unrated


def test_a_guest_who_registers_keeps_the_games_of_its_browser(
    client: TestClient, app: FastAPI
) -> None:
    made = client.post(
        "/api/games", json={"game": "go", "options": {"size": 9}, "seats": [{"claim": True}, {}]}
    )
    gid, token = made.json()["id"], made.json()["seats"][0]["token"]
    register(client, "Ada")
    held = {
        "seats": [
            {"game": gid, "token": token},
            {"game": gid, "token": "forged"},
            {"game": "nope", "token": token},
        ]
    }
    linked = client.post("/api/account/games", json=held)
    assert linked.json() == {"linked": 1}
    assert client.post("/api/account/games", json=held).json() == {"linked": 0}  # once
    [game] = client.get("/api/players/ada").json()["recent"]
    assert game["game_id"] == gid and game["seat"] == 0
    assert browser(app).post("/api/account/games", json=held).status_code == 401


def test_the_rating_is_written_with_the_end_or_not_at_all(
    client: TestClient, app: FastAPI, db: str
) -> None:
    ada, bob = two_accounts(client, app)
    gid, t0, t1 = rated_game(ada, bob)
    play(ada, gid, t0, "C3")
    play(bob, gid, t1, "D4")
    store: Store = app.state.store

    async def broken(*_: Any) -> None:
        raise RuntimeError("storage failed")

    store.on_end.append(broken)
    # The failure reaches the socket's handler as storage failures do (the socket closes).
    with pytest.raises(RuntimeError), ada.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:
        ws.send_json({"type": "resign"})
        for _ in range(10):
            ws.receive_json()
    store.on_end.remove(broken)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT status FROM games WHERE id = ?", (gid,)).fetchone() == (
            "playing",
        )
        assert conn.execute("SELECT count(*) FROM ratings").fetchone() == (0,)
        assert conn.execute(
            "SELECT count(*) FROM account_seats WHERE result IS NOT NULL"
        ).fetchone() == (0,)
    resign(ada, gid, t0)  # stored now, ratings with it
    assert set(ratings_of(ada, "bob")) == {"go-9"}


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
def test_a_profile_is_read_as_of_one_moment(
    client: TestClient, app: FastAPI, db: str, postgres: ScratchPostgres
) -> None:
    """Another process rates a game between the profile's reads of the ratings and of
    their history: the profile shows the rating and the history before it, not the old
    rating with the new point (PostgreSQL; SQLite has one connection, nothing between)."""
    register(client, "Ada")
    # One browser only: a second TestClient runs on its own event loop, which asyncpg's
    # pooled connections refuse; the rating is written as the game's end writes it.
    gid = new_game(client, seats=[{"claim": True}, {"claim": True}])["id"]
    database = db.rsplit("/", 1)[1]
    ada_id = "(select id from accounts where name_key = 'ada')"
    postgres.psql(
        f"insert into ratings values ({ada_id}, 'go-9', 1600, 200, 0.06, 1, 1);"
        " insert into rating_history (account_id, pool, game_id, at, rating, rd)"
        f" values ({ada_id}, 'go-9', '{gid}', 1, 1600, 200)",
        database,
    )
    committed: list[str] = []

    def rate_between(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "FROM rating_history" in statement and not committed:
            committed.append(statement)
            postgres.psql(
                "insert into rating_history (account_id, pool, game_id, at, rating, rd)"
                " select account_id, pool, game_id, at + 1, rating + 100, rd"
                " from rating_history where pool = 'go-9';"
                " update ratings set rating = rating + 100, games = games + 1",
                database,
            )

    store: Store = app.state.store
    before = client.get("/api/players/Ada").json()
    sa_event.listen(store.engine.sync_engine, "before_cursor_execute", rate_between)
    try:
        during = client.get("/api/players/Ada").json()
    finally:
        sa_event.remove(store.engine.sync_engine, "before_cursor_execute", rate_between)
    after = client.get("/api/players/Ada").json()
    assert committed
    assert during["ratings"] == before["ratings"] and during["history"] == before["history"]
    assert after["ratings"]["go-9"]["rating"] == before["ratings"]["go-9"]["rating"] + 100
    assert [p["rating"] for p in after["history"]["go-9"]][-1] == after["ratings"]["go-9"]["rating"]
