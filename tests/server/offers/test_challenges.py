"""Challenges over the API: one named player challenged, accepting (the game starts with
both accounts seated) or declining (the challenger hears it); the rules of who may."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.accounts.conftest import play, register
from tests.server.offers.conftest import Browser

GO9 = {"game": "go", "options": {"size": 9}}


def challenge(client: Any, username: str, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/challenges", json={**GO9, "username": username, **body})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def two_players(client: TestClient) -> Browser:
    register(client, "Ada")
    bob = Browser(client)
    register(bob, "Bob")
    return bob


def test_an_accepted_challenge_starts_the_game_with_both_accounts(client: TestClient) -> None:
    bob = two_players(client)
    made = challenge(client, "bob")  # any case finds the player
    incoming = bob.get("/api/challenges").json()
    assert [c["id"] for c in incoming["incoming"]] == [made["id"]]
    assert incoming["incoming"][0]["challenger"] == "Ada"
    assert incoming["outgoing"] == []
    assert client.get("/api/challenges").json()["outgoing"][0]["challenged"] == "Bob"
    wait = client.post(f"/api/offers/{made['id']}/wait", json={"key": made["key"]})
    assert wait.json()["status"] == "open"
    accepted = bob.post(f"/api/challenges/{made['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    game = accepted.json()
    mine = client.post(f"/api/offers/{made['id']}/wait", json={"key": made["key"]}).json()
    assert mine["status"] == "accepted" and mine["game"] == game["game"]
    seats = {mine["seat"]: (client, mine["token"]), game["seat"]: (bob, game["token"])}
    play(seats[0][0], game["game"], seats[0][1], "E5")
    for who, name in ((client, "Ada"), (bob, "Bob")):
        games = who.get("/api/account/games").json()
        assert [g["game_id"] for g in games["playing"]] == [game["game"]]
        assert games["playing"][0]["opponents"] == ["Bob" if name == "Ada" else "Ada"]
        assert games["playing"][0]["your_turn"] is (who is seats[1][0])
    answered = client.get("/api/challenges").json()["outgoing"][0]
    assert answered["status"] == "accepted" and answered["game_id"] == game["game"]
    again = bob.post(f"/api/challenges/{made['id']}/accept")
    assert again.status_code == 409 and again.json()["error"] == "offer-gone"


def test_a_declined_challenge_is_told_to_the_challenger(client: TestClient) -> None:
    bob = two_players(client)
    made = challenge(client, "Bob", rated=False)
    assert client.post(f"/api/challenges/{made['id']}/decline").status_code == 403
    assert bob.post(f"/api/challenges/{made['id']}/decline").status_code == 204
    state = client.post(f"/api/offers/{made['id']}/wait", json={"key": made["key"]})
    assert state.json()["status"] == "declined"
    late = bob.post(f"/api/challenges/{made['id']}/accept")
    assert late.status_code == 409


def test_only_the_challenged_player_answers(client: TestClient) -> None:
    bob = two_players(client)
    made = challenge(client, "Bob")
    cy = Browser(client)
    register(cy, "Cyd")
    for who in (client, cy):
        answer = who.post(f"/api/challenges/{made['id']}/accept")
        assert answer.status_code == 403 and answer.json()["error"] == "not-yours"
    guest = Browser(client).post(f"/api/challenges/{made['id']}/accept")
    assert guest.status_code == 401 and guest.json()["error"] == "signed-out"
    # The challenger withdraws it (signed in: no key needed); then nobody may take it.
    assert client.post(f"/api/offers/{made['id']}/cancel", json={}).status_code == 204
    assert bob.post(f"/api/challenges/{made['id']}/accept").status_code == 409


def test_challenge_refusals_are_clear(client: TestClient) -> None:
    guest = Browser(client).post("/api/challenges", json={**GO9, "username": "Ada"})
    assert guest.status_code == 401
    two_players(client)
    cases: list[tuple[dict[str, Any], int, str | None]] = [
        ({**GO9, "username": "Nobody"}, 404, None),
        ({**GO9, "username": "Ａda"}, 404, None),  # a full-width look-alike is someone else
        ({**GO9, "username": "x" * 300}, 400, None),
        ({**GO9, "username": "ada"}, 400, "challenge-self"),
        (
            {"game": "go", "options": {"size": 9, "handicap": 3}, "username": "Bob", "rated": True},
            400,
            "unrated-game",
        ),
        ({"game": "quoridor", "options": {"players": 4}, "username": "Bob"}, 400, "offer-players"),
        ({**GO9, "username": "Bob<script>"}, 404, None),
    ]
    for body, status, reason in cases:
        answer = client.post("/api/challenges", json=body)
        assert answer.status_code == status, (body, answer.text)
        if reason:
            assert answer.json()["params"]["reason"] == reason
    assert client.get("/api/challenges").json() == {"incoming": [], "outgoing": []}


def test_a_challenge_from_another_site_is_refused(client: TestClient) -> None:
    bob = two_players(client)
    forged = client.post(
        "/api/challenges",
        json={**GO9, "username": "Bob"},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert forged.status_code == 403 and forged.json()["error"] == "cross-site"
    made = challenge(client, "Bob")
    for action in ("accept", "decline"):
        answer = bob.post(f"/api/challenges/{made['id']}/{action}", headers={"Origin": "null"})
        assert answer.status_code == 403, answer.text
    assert bob.get("/api/challenges").json()["incoming"][0]["status"] == "open"


def test_my_games_needs_a_session_and_shows_your_turn_first(client: TestClient) -> None:
    assert Browser(client).get("/api/account/games").status_code == 401
    bob = two_players(client)
    first = challenge(client, "Bob", rated=False)
    second = challenge(client, "Bob", rated=False)
    games = [bob.post(f"/api/challenges/{c['id']}/accept").json() for c in (first, second)]
    seats = [
        client.post(f"/api/offers/{c['id']}/wait", json={"key": c["key"]}).json()
        for c in (first, second)
    ]
    # In each game Black moves once: Ada is to move in the games where she is White.
    for game, ada in zip(games, seats, strict=True):
        black = (bob, game["token"]) if game["seat"] == 0 else (client, ada["token"])
        play(black[0], game["game"], black[1], "E5")
    listed = client.get("/api/account/games").json()
    turns = [g["your_turn"] for g in listed["playing"]]
    assert turns == sorted(turns, reverse=True)
    assert sum(turns) == sum(ada["seat"] == 1 for ada in seats)
    assert listed["finished"] == []
