"""The HTTP API: create, list, view, join, move, records; errors are clear 4xx answers."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import new_game

BOTH_DATABASES = True


def error(answer: object, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text  # type: ignore[attr-defined]
    body = answer.json()  # type: ignore[attr-defined]
    assert body["error"] == code, body
    assert body["message"]
    message: str = body["message"]
    return message


def test_catalog_lists_games_options_levels_and_clocks(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    names = {g["name"] for g in catalog["games"]}
    assert {"go", "abalone", "oust", "quoridor"} <= names
    go = next(g for g in catalog["games"] if g["name"] == "go")
    assert any(o["name"] == "size" for o in go["options"])
    assert catalog["levels"] == list(range(1, 11))
    assert catalog["clocks"] == ["none", "absolute", "fischer", "byoyomi", "correspondence"]


def test_create_gives_tokens_and_invites_to_person_seats_only(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"kind": "computer", "level": 2}])
    person, computer = created["seats"]
    assert person["token"] and person["invite"] == f"/game/{created['id']}?token={person['token']}"
    assert computer["token"] is None and computer["invite"] is None
    view = created["game"]
    assert view["status"] == "waiting"
    assert view["board"]["kind"] == "go" and view["board"]["size"] == 9
    public = client.get(f"/api/games/{created['id']}").json()
    assert person["token"] not in str(public)


def test_lobby_join_and_move(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann", "claim": True}, {}])
    gid = created["id"]
    lobby = client.get("/api/games", params={"status": "open"}).json()
    assert [g["id"] for g in lobby] == [gid]
    joined = client.post(f"/api/games/{gid}/join", json={"name": "Bob"})
    assert joined.status_code == 200
    bob = joined.json()
    assert bob["seat"] == 1 and bob["token"] != created["seats"][1]["token"]
    error(client.post(f"/api/games/{gid}/join", json={}), 409, "seat-taken")
    assert client.get("/api/games", params={"status": "open"}).json() == []
    # The invite link made at creation no longer holds the seat Bob took from the lobby.
    stale = {"token": created["seats"][1]["token"], "move": "E5"}
    error(client.post(f"/api/games/{gid}/moves", json=stale), 403, "bad-token")
    ann = created["seats"][0]["token"]
    view = client.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "e5"}).json()
    assert view["moves"] == [{"seat": 0, "move": "E5", "clock": None}]
    assert view["to_move"] == 1 and view["seq"] == 2
    error(
        client.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "D4"}),
        409,
        "not-your-turn",
    )
    error(
        client.post(f"/api/games/{gid}/moves", json={"token": bob["token"], "move": "E5"}),
        409,
        "illegal-move",
    )
    error(
        client.post(
            f"/api/games/{gid}/moves", json={"token": bob["token"], "move": "D4", "ply": 0}
        ),
        409,
        "stale",
    )
    playing = client.get("/api/games", params={"status": "playing"}).json()
    assert [g["id"] for g in playing] == [gid] and playing[0]["ply"] == 1


def test_records_download_and_import(client: TestClient) -> None:
    seats = [{"name": "Ann", "claim": True}, {"name": "Bob", "claim": True}]
    created = new_game(client, seats=seats)
    gid = created["id"]
    for seat, move in ((0, "E5"), (1, "C3")):
        token = created["seats"][seat]["token"]
        client.post(f"/api/games/{gid}/moves", json={"token": token, "move": move})
    sgf = client.get(f"/api/games/{gid}/record", params={"format": "sgf"})
    assert sgf.status_code == 200
    assert "attachment" in sgf.headers["content-disposition"]
    assert ";B[ee]" in sgf.text
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["format"] == "tabletop-record" and len(record["moves"]) == 2
    imported = client.post("/api/records", json={"format": "sgf", "text": sgf.text})
    assert imported.status_code == 201
    view = client.get(f"/api/games/{imported.json()['id']}").json()
    assert view["status"] == "finished" and view["ply"] == 2
    again = client.post("/api/records", json={"format": "json", "text": sgf.text})
    error(again, 400, "bad-request")


def test_sgf_of_another_game_is_refused(client: TestClient) -> None:
    created = new_game(client, game="oust", options={})
    error(client.get(f"/api/games/{created['id']}/record?format=sgf"), 400, "bad-request")


def test_bad_input_gets_clear_errors(client: TestClient) -> None:
    assert "malformed JSON" in error(
        client.post("/api/games", content=b"{bad", headers={"content-type": "application/json"}),
        400,
        "bad-request",
    )
    assert "sise" in error(
        client.post("/api/games", json={"game": "go", "options": {"sise": 9}}), 400, "bad-request"
    )
    assert "chess" in error(client.post("/api/games", json={"game": "chess"}), 400, "bad-request")
    error(client.post("/api/games", json={"game": "go", "colour": 1}), 400, "bad-request")
    error(
        client.post("/api/games", json={"game": "go", "seats": [{"kind": "computer"}, {}]}),
        400,
        "bad-request",
    )
    error(
        client.post("/api/games", json={"game": "go", "clock": {"kind": "fischer", "main": 5}}),
        400,
        "bad-request",
    )
    error(client.get("/api/games/nope"), 404, "unknown-game")
    error(client.post("/api/games/nope/join", json={}), 404, "unknown-game")
    error(client.get("/api/games", params={"status": "all"}), 400, "bad-request")
    error(client.post("/api/games", content=b"x" * 100_000), 413, "too-large")
    error(client.get("/api/nothing"), 404, "not-found")


def test_openapi_schema_describes_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/games" in schema["paths"]
    assert "/api/games/{game_id}/join" in schema["paths"]
    assert "GameViewOut" in schema["components"]["schemas"]


def test_odd_numbers_and_odd_records_are_400s(client: TestClient) -> None:
    json_body = {"content-type": "application/json"}
    for body in (
        '{"game": "go", "options": {"size": 1e400}}',
        '{"game": "go", "options": {"komi": NaN}}',
        '{"game": "go", "clock": {"kind": "absolute", "main": Infinity}}',
        "[" * 5000 + "]" * 5000,
    ):
        error(client.post("/api/games", content=body, headers=json_body), 400, "bad-request")
    for text in (
        '{"game": "go", "options": {"size": 9}, "moves": ["pass", "pass"], "dead": [5]}',
        '{"game": "go", "moves": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"game": "abalone", "options": {}, "moves": [], "setup": {"0": 5}}',
    ):
        answer = client.post("/api/records", json={"format": "json", "text": text})
        error(answer, 400, "bad-request")


def test_past_positions_for_the_replay_view(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann", "claim": True}, {"claim": True}])
    gid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for seat, move in enumerate(["E5", "D4", "C3"]):
        client.post(f"/api/games/{gid}/moves", json={"token": tokens[seat % 2], "move": move})
    now = client.get(f"/api/games/{gid}").json()
    assert now["ply"] == 3 and set(now["board"]["stones"]) == {"E5", "D4", "C3"}
    past = client.get(f"/api/games/{gid}", params={"ply": 1}).json()
    assert past["ply"] == 1 and past["board"]["stones"] == {"E5": 0}
    assert past["to_move"] == 1 and past["legal"] == [] and past["moves"] == now["moves"]
    assert client.get(f"/api/games/{gid}", params={"ply": 0}).json()["board"]["stones"] == {}
    again = client.get(f"/api/games/{gid}").json()
    assert {**again, "clock": None} == {**now, "clock": None}  # looking back changed nothing
    message = error(client.get(f"/api/games/{gid}", params={"ply": 4}), 400, "bad-request")
    assert "ply 4: the game has 3 plies" in message
    error(client.get(f"/api/games/{gid}", params={"ply": -1}), 400, "bad-request")


def test_the_lobby_lists_title_variant_and_sides(client: TestClient) -> None:
    """A lobby line needs no option names: the title, the variant in words, each seat's side
    (a hex Oust game has width null in its options, which the line never shows)."""
    new_game(client, game="oust", options={"board": "hex"}, seats=[{"claim": True}, {}])
    listed = client.get("/api/games?status=open").json()[0]
    assert listed["options"]["width"] is None
    assert (listed["title"], listed["summary"]) == ("Oust", "hex 7")
    assert [s["side"] for s in listed["seats"]] == ["Black", "White"]
    assert [s["colour"] for s in listed["seats"]] == ["black", "white"]
