"""The GameView's count: whom each point counts for under the marking, and the breakdown."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import new_game
from tests.server.test_rooms import wait_for

# Black walls column B, White column D; White's A5 is alone in Black's area.
MOVES = ["B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5", "pass", "A5", "pass", "pass"]


def test_the_count_shows_owners_and_the_breakdown_as_marked(client: TestClient) -> None:
    created = new_game(
        client,
        options={"size": 5, "rules": "chinese", "komi": 0.5},
        seats=[{"claim": True}, {"claim": True}],
    )
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    for ply, move in enumerate(MOVES):
        answer = client.post(
            f"/api/games/{gid}/moves", json={"token": tokens[ply % 2], "move": move}
        )
        assert answer.status_code == 200, answer.text
    view = answer.json()
    assert view["status"] == "scoring"
    # The estimator's proposal arrives from the worker pool (decision record 0075); whatever
    # it is, mark exactly A5 dead (a toggle takes a whole chain).
    proposed = wait_for(client, gid, lambda v: not v["scoring"]["pending"])
    dead = proposed["scoring"]["dead"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        while dead != ["A5"]:
            ws.send_json({"type": "dead-toggle", "point": sorted(set(dead) ^ {"A5"})[0]})
            assert ws.receive_json()["event"]["kind"] == "dead-toggle"
            dead = client.get(f"/api/games/{gid}").json()["scoring"]["dead"]
    scoring = client.get(f"/api/games/{gid}").json()["scoring"]
    assert scoring["dead"] == ["A5"]
    # Row 1 first, column A first: A-B Black's, C nobody's, D-E White's.
    assert scoring["owners"] == ["00.11"] * 5
    detail = scoring["detail"]
    assert detail["scoring"] == "area" and detail["result"] == "W+0.5"
    assert (detail["black"]["stones"], detail["black"]["territory"]) == (5, 5)
    assert (detail["white"]["total"], detail["black"]["total"]) == (10.5, 10)
    for token in tokens:
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            ws.receive_json()
            ws.send_json({"type": "dead-accept"})
            ws.receive_json()
    final = client.get(f"/api/games/{gid}").json()
    assert final["status"] == "finished"
    # The finished board keeps the count it was scored by, and the outcome its breakdown.
    assert final["scoring"]["owners"] == scoring["owners"]
    assert final["outcome"]["detail"] == detail
