"""Seeks over the API: offered, listed to whoever fits, accepted into a game both players
hold at once, lapsing when the seeker's page stops asking; bad input refused clearly."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.server.accounts.conftest import Clock, play, register
from tests.server.offers.conftest import Browser

GO9 = {"game": "go", "options": {"size": 9}}


def resign(client: TestClient, gid: str, token: str) -> None:
    """Resign the seat of ``token`` (over the game's socket: there is no HTTP resign)."""
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "resign"})
        while ws.receive_json().get("event", {}).get("kind") != "end":
            pass


def seek(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/seeks", json={**GO9, **body})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def wait(client: TestClient, offer: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(f"/api/offers/{offer['id']}/wait", json={"key": offer["key"]})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def test_an_accepted_seek_seats_both_players_at_once(client: TestClient, app: FastAPI) -> None:
    register(client, "Ada")
    made = seek(client, rated=True)
    assert wait(client, made) == {
        "status": "open",
        "game": None,
        "seat": None,
        "token": None,
        "url": None,
    }
    other = Browser(client)
    register(other, "Bob")
    listed = other.get("/api/seeks").json()
    assert [s["id"] for s in listed] == [made["id"]]
    assert listed[0]["name"] == "Ada" and listed[0]["rating"] == "1500?"
    assert listed[0]["pool"] == "go-9" and listed[0]["rated"] is True
    assert client.get("/api/seeks").json() == []  # not one's own
    taken = other.post(f"/api/seeks/{made['id']}/accept", json={})
    assert taken.status_code == 200, taken.text
    game = taken.json()
    state = wait(client, made)
    assert state["status"] == "accepted" and state["game"] == game["game"]
    assert {state["seat"], game["seat"]} == {0, 1}
    view = client.get(f"/api/games/{game['game']}").json()
    assert view["status"] == "playing"
    names = [s["name"] for s in view["seats"]]
    assert names[state["seat"]] == "Ada" and names[game["seat"]] == "Bob"
    # Both tokens play: whoever is Black moves first.
    tokens = {state["seat"]: (client, state["token"]), game["seat"]: (other, game["token"])}
    play(tokens[0][0], game["game"], tokens[0][1], "E5")
    play(tokens[1][0], game["game"], tokens[1][1], "C3")
    # The seek is gone from the list, and a second accept is refused.
    assert other.get("/api/seeks").json() == []
    again = Browser(client).post(f"/api/seeks/{made['id']}/accept", json={"name": "Cy"})
    assert again.status_code == 409 and again.json()["error"] == "offer-gone"


def test_a_game_from_a_rated_seek_is_rated(client: TestClient, app: FastAPI) -> None:
    register(client, "Ada")
    made = seek(client)
    other = Browser(client)
    register(other, "Bob")
    game = other.post(f"/api/seeks/{made['id']}/accept", json={}).json()
    mine = wait(client, made)
    seats = {mine["seat"]: (client, mine["token"]), game["seat"]: (other, game["token"])}
    gid = game["game"]
    play(seats[0][0], gid, seats[0][1], "E5")
    play(seats[1][0], gid, seats[1][1], "C3")
    resign(client, gid, seats[1][1])
    black = "Ada" if mine["seat"] == 0 else "Bob"
    profile = client.get(f"/api/players/{black}").json()
    assert profile["ratings"]["go-9"]["rating"] > 1500


def test_guests_seek_casual_games_only(client: TestClient, app: FastAPI) -> None:
    refused = client.post("/api/seeks", json={**GO9, "rated": True})
    assert refused.status_code == 400
    assert refused.json()["params"]["reason"] == "rated-guest"
    made = seek(client, name="Guesty")
    other = Browser(client)
    register(other, "Bob")
    listed = other.get("/api/seeks").json()
    assert listed[0]["name"] == "Guesty" and listed[0]["rated"] is False
    assert listed[0]["rating"] is None
    # A guest does not see rated seeks, and cannot take one.
    rated = seek(other, rated=True)
    assert [s["id"] for s in Browser(client).get("/api/seeks").json()] == [made["id"]]
    taken = Browser(client).post(f"/api/seeks/{rated['id']}/accept", json={"name": "G"})
    assert taken.status_code == 400 and taken.json()["params"]["reason"] == "rated-guest"
    # A guest takes the guest's seek: a casual game of two guests.
    game = Browser(client).post(f"/api/seeks/{made['id']}/accept", json={"name": "Other"})
    assert game.status_code == 200, game.text
    assert wait(client, made)["game"] == game.json()["game"]


def test_the_rating_range_decides_who_sees_and_takes_a_seek(
    client: TestClient, app: FastAPI
) -> None:
    register(client, "Ada")
    high = seek(client, rating_min=1600, rating_max=2000)
    fits = seek(client, rating_min=1400, rating_max=1600)
    other = Browser(client)
    register(other, "Bob")
    assert [s["id"] for s in other.get("/api/seeks").json()] == [fits["id"]]
    refused = other.post(f"/api/seeks/{high['id']}/accept", json={})
    assert refused.status_code == 400
    assert refused.json()["params"] == {
        "reason": "out-of-range",
        "rating": 1500,
        "min": 1600,
        "max": 2000,
    }
    backwards = client.post("/api/seeks", json={**GO9, "rating_min": 1800, "rating_max": 1200})
    assert backwards.status_code == 400
    assert backwards.json()["params"]["reason"] == "rating-range"


def test_a_seek_lapses_when_its_page_stops_asking(
    client: TestClient, app: FastAPI, clock: Clock
) -> None:
    made = seek(client)
    clock.t += 20
    assert wait(client, made)["status"] == "open"
    clock.t += 20
    assert [s["id"] for s in Browser(client).get("/api/seeks").json()] == [made["id"]]
    clock.t += 31
    assert Browser(client).get("/api/seeks").json() == []
    assert wait(client, made)["status"] == "lapsed"
    late = Browser(client).post(f"/api/seeks/{made['id']}/accept", json={})
    assert late.status_code == 409 and late.json()["error"] == "offer-gone"


def test_a_seek_is_withdrawn_by_its_key_only(client: TestClient, app: FastAPI) -> None:
    made = seek(client)
    stranger = Browser(client)
    wrong = stranger.post(f"/api/offers/{made['id']}/cancel", json={"key": "x" * 32})
    assert wrong.status_code == 403 and wrong.json()["error"] == "not-yours"
    assert stranger.post(f"/api/offers/{made['id']}/wait", json={"key": "y"}).status_code == 403
    assert stranger.post(f"/api/offers/{made['id']}/wait", json={}).status_code == 403
    gone = client.post(f"/api/offers/{made['id']}/cancel", json={"key": made["key"]})
    assert gone.status_code == 204
    assert wait(client, made)["status"] == "cancelled"
    assert Browser(client).get("/api/seeks").json() == []
    again = client.post(f"/api/offers/{made['id']}/cancel", json={"key": made["key"]})
    assert again.status_code == 409


def test_seeks_per_player_are_bounded(client: TestClient) -> None:
    register(client, "Ada")
    for _ in range(3):
        seek(client)
    fourth = client.post("/api/seeks", json=GO9)
    assert fourth.status_code == 429
    assert fourth.json()["params"] == {"reason": "open-offers", "max": 3}


def test_ones_own_seek_is_not_accepted(client: TestClient) -> None:
    register(client, "Ada")
    made = seek(client)
    own = client.post(f"/api/seeks/{made['id']}/accept", json={})
    assert own.status_code == 400 and own.json()["params"]["reason"] == "own-offer"


def test_hostile_seeks_get_one_clear_error_and_change_nothing(
    client: TestClient, app: FastAPI
) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"game": "chess"}, "bad-request"),
        ({"game": "go", "options": {"size": 99}}, "bad-request"),
        ({"game": "go", "options": {"size": "9"}}, "bad-request"),
        ({"game": "abalone", "options": {"players": 3}}, "bad-request"),
        ({**GO9, "clock": {"kind": "fischer", "main": -5}}, "bad-request"),
        ({**GO9, "rating_min": -1}, "bad-request"),
        ({**GO9, "rating_max": "1500"}, "bad-request"),
        ({**GO9, "name": "x" * 500}, "bad-request"),
        ({**GO9, "surprise": 1}, "bad-request"),
        ({**GO9, "game": "go'; DROP TABLE offers; --"}, "bad-request"),
    ]
    for body, code in cases:
        answer = client.post("/api/seeks", json=body)
        assert answer.status_code == 400, (body, answer.text)
        assert answer.json()["error"] == code and answer.json()["message"]
    assert Browser(client).get("/api/seeks").json() == []
    assert client.post("/api/seeks/" + "z" * 300 + "/accept", json={}).status_code == 404
    assert client.post("/api/seeks/nope/accept", json={}).json()["error"] == "unknown-offer"
    # A name with HTML in it is kept as text (the pages write it as text, never as HTML).
    made = seek(client, name="<script>alert(1)</script>")
    listed = Browser(client).get("/api/seeks").json()
    assert listed[0]["id"] == made["id"] and listed[0]["name"] == "<script>alert(1)</script>"


def test_a_seek_from_another_site_is_refused(client: TestClient) -> None:
    register(client, "Ada")
    forged = client.post("/api/seeks", json=GO9, headers={"Sec-Fetch-Site": "cross-site"})
    assert forged.status_code == 403 and forged.json()["error"] == "cross-site"
    assert client.get("/api/seeks").json() == []
    made = seek(client)
    stranger_page = client.post(
        f"/api/offers/{made['id']}/cancel",
        json={"key": made["key"]},
        headers={"Origin": "https://evil.example"},
    )
    assert stranger_page.status_code == 403


def test_the_offers_api_is_in_the_openapi_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path, method in (
        ("/api/seeks", "post"),
        ("/api/seeks", "get"),
        ("/api/seeks/{seek_id}/accept", "post"),
        ("/api/offers/{offer_id}/wait", "post"),
        ("/api/offers/{offer_id}/cancel", "post"),
        ("/api/challenges", "post"),
        ("/api/challenges", "get"),
        ("/api/challenges/{challenge_id}/accept", "post"),
        ("/api/challenges/{challenge_id}/decline", "post"),
        ("/api/account/games", "get"),
    ):
        assert method in paths[path], path
    assert "409" in paths["/api/seeks/{seek_id}/accept"]["post"]["responses"]
