"""A rematch between two accounts keeps them as its seats (colours swapped) from the first
move, and keeps the game rated, or casual, as it was (issue 12, point 6)."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient

from tests.server.accounts.conftest import play, register
from tests.server.offers.conftest import Browser
from tests.server.test_rematch import place
from tests.server.test_ws import until


@pytest.mark.parametrize("rated", [True, False])
def test_a_rematch_keeps_the_accounts_and_the_rated_setting(
    client: TestClient, db: str, rated: bool
) -> None:
    register(client, "Ada")
    bob = Browser(client)
    register(bob, "Bob")
    made = client.post(
        "/api/challenges",
        json={"game": "go", "options": {"size": 9}, "username": "Bob", "rated": rated},
    ).json()
    game = bob.post(f"/api/challenges/{made['id']}/accept").json()
    ada = client.post(f"/api/offers/{made['id']}/wait", json={"key": made["key"]}).json()
    gid = game["game"]
    tokens = {ada["seat"]: ada["token"], game["seat"]: game["token"]}
    play(client, gid, tokens[0], "E5")
    play(client, gid, tokens[1], "C3")
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as black,
        client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as white,
    ):
        until(black, "snapshot")
        until(white, "snapshot")
        black.send_json({"type": "resign"})
        until(white, "end")
        black.send_json({"type": "rematch"})
        until(white, "rematch-offer")
        white.send_json({"type": "rematch"})
        there = place(black)
    new = there["game"]
    with sqlite3.connect(db) as conn:
        linked = dict(
            conn.execute(
                "SELECT a.username, s.seat FROM account_seats s JOIN accounts a"
                " ON a.id = s.account_id WHERE s.game_id = ? AND s.linked_ply = 0",
                (new,),
            ).fetchall()
        )
        casual = conn.execute(
            "SELECT count(*) FROM game_terms WHERE game_id = ? AND rated = 0", (new,)
        ).fetchone()[0]
    assert linked == {"Ada": 1 - ada["seat"], "Bob": 1 - game["seat"]}
    assert casual == (0 if rated else 1)
    for who in (client, bob):
        assert new in [g["game_id"] for g in who.get("/api/account/games").json()["playing"]]
