"""An invite-link socket racing a lobby join for the same open seat, against a real server
(uvicorn on 127.0.0.1, real sockets), on SQLite and on PostgreSQL: exactly one of them
holds the seat, every time, and the loser never moves for it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from tests.server.live import Live, live_server

BOTH_DATABASES = True
RACES = 150


async def next_of(ws: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The next message whose type (or event kind) is one of ``kinds``."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] in kinds or message.get("event", {}).get("kind") in kinds:
            return message


async def one_race(http: httpx.AsyncClient, where: str) -> str:
    """Race a socket with the invite link against a lobby join; returns who won."""
    created = await http.post(
        "/api/games", json={"game": "go", "options": {"size": 9}, "seats": [{"claim": True}, {}]}
    )
    gid = created.json()["id"]
    ann, invite = (s["token"] for s in created.json()["seats"])

    async def by_socket() -> tuple[Any, int | None]:
        ws = await websockets.connect(f"ws://{where}/ws/games/{gid}?token={invite}&name=Sock")
        try:
            snapshot = await next_of(ws, ("snapshot",))
        except websockets.ConnectionClosed:
            return ws, None  # refused outright (a server that closes on a used link)
        return ws, snapshot["you"]

    async def by_join() -> httpx.Response:
        return await http.post(f"/api/games/{gid}/join", json={"name": "Lobby"})

    (ws, you), joined = await asyncio.gather(by_socket(), by_join())
    async with ws:
        holders = int(you == 1) + int(joined.status_code == 200)
        assert holders == 1, f"game {gid}: socket holds seat {you}, join answered {joined.text}"
        # Ann moves; then both contenders try to move for seat 1: only the holder may.
        await http.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "E5"})
        answer: dict[str, Any] = {"type": "error", "code": "spectator"}  # a closed socket
        if ws.state is websockets.State.OPEN:
            await ws.send(json.dumps({"type": "move", "move": "D4", "ply": 1}))
            answer = await next_of(ws, ("error", "move"))
            while answer["type"] == "event" and answer["event"]["move"] == "E5":
                answer = await next_of(ws, ("error", "move"))
        if joined.status_code == 200:
            assert answer["type"] == "error" and answer["code"] == "spectator", answer
            token = joined.json()["token"]
            moved = await http.post(
                f"/api/games/{gid}/moves", json={"token": token, "move": "C3", "ply": 1}
            )
            assert moved.status_code == 200, moved.text
        moves = (await http.get(f"/api/games/{gid}")).json()["moves"]
        expected = "C3" if joined.status_code == 200 else "D4"
        assert [m["move"] for m in moves] == ["E5", expected]
        return "join" if joined.status_code == 200 else "socket"


@pytest.mark.slow
def test_an_invite_socket_and_a_lobby_join_never_both_hold_a_seat(db: str) -> None:
    async def races(live: Live) -> list[str]:
        where = f"{live.host}:{live.port}"
        async with httpx.AsyncClient(base_url=live.url, timeout=120) as http:
            return [await one_race(http, where) for _ in range(RACES)]

    with live_server(db, grace=60.0) as live:
        winners = asyncio.run(races(live))
    assert len(winners) == RACES
