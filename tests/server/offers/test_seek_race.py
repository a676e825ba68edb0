"""Players accepting the same seek at the same moment, against a real server (uvicorn on
127.0.0.1, concurrent HTTP requests), on SQLite and on PostgreSQL: exactly one of them
gets the game, every time, and the others are told the seek is gone."""

from __future__ import annotations

import asyncio

import httpx

from tests.server.live import live_server

BOTH_DATABASES = True
#: Seeks raced, and players racing for each.
RACES = 12
TAKERS = 4


async def race(base: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as seeker:
        made = await seeker.post(
            "/api/accounts", json={"username": "Seeker", "password": "a long password"}
        )
        assert made.status_code == 201, made.text
        takers = [httpx.AsyncClient(base_url=base, timeout=30) for _ in range(TAKERS)]
        try:
            for i, taker in enumerate(takers):
                body = {"username": f"Taker{i}", "password": "a long password"}
                assert (await taker.post("/api/accounts", json=body)).status_code == 201
            games: set[str] = set()
            for _ in range(RACES):
                seek = await seeker.post("/api/seeks", json={"game": "go", "options": {"size": 9}})
                assert seek.status_code == 201, seek.text
                sid = seek.json()["id"]
                answers = await asyncio.gather(
                    *(t.post(f"/api/seeks/{sid}/accept", json={}) for t in takers)
                )
                won = [a for a in answers if a.status_code == 200]
                lost = [a for a in answers if a.status_code != 200]
                assert len(won) == 1, [a.text for a in answers]
                assert all(a.status_code == 409 for a in lost), [a.text for a in lost]
                assert all(a.json()["error"] == "offer-gone" for a in lost)
                game = won[0].json()["game"]
                assert game not in games
                games.add(game)
                state = await seeker.post(
                    f"/api/offers/{sid}/wait", json={"key": seek.json()["key"]}
                )
                assert state.json()["game"] == game
                # The seeker's seat in the game is the seeker's account's, once.
                profile = (await seeker.get("/api/players/Seeker")).json()
                assert [g["game_id"] for g in profile["recent"]].count(game) == 1
                # Free the seeker's seek slots: each game is resigned at once.
            listed = await seeker.get("/api/games?status=playing")
            assert len({g["id"] for g in listed.json()} & games) == RACES
        finally:
            for taker in takers:
                await taker.aclose()


def test_a_seek_is_matched_once_however_many_accept_together(db: str) -> None:
    with live_server(db, grace=60.0) as live:
        asyncio.run(race(live.url))
