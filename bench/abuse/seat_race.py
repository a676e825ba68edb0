"""Seat race (issue 7 B6): an invite-link socket and a lobby join for the same open seat."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import websockets

from abuse import NO_CLIENT_LIMITS, Target, next_message

NAME = "seat-race"
SERVE_ARGS: list[str] = NO_CLIENT_LIMITS


async def _race(http: httpx.AsyncClient, ws_url: str) -> tuple[bool, bool]:
    """One race; returns (both held the seat, the side that lost it moved for it)."""
    created = await http.post(
        "/api/games", json={"game": "go", "options": {"size": 9}, "seats": [{"claim": True}, {}]}
    )
    gid = created.json()["id"]
    ann, invite = (s["token"] for s in created.json()["seats"])

    async def by_socket() -> tuple[Any, int | None]:
        ws = await websockets.connect(f"{ws_url}/ws/games/{gid}?token={invite}")
        snapshot = await next_message(ws, ("snapshot",))
        return ws, None if snapshot is None else snapshot["you"]

    (ws, you), joined = await asyncio.gather(
        by_socket(), http.post(f"/api/games/{gid}/join", json={"name": "Lobby"})
    )
    async with ws:
        socket_held, join_held = you == 1, joined.status_code == 200
        await http.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "E5"})
        loser_moved = False
        if join_held and ws.state is websockets.State.OPEN:
            # The lobby holds the seat: does the socket still move for it?
            await ws.send(json.dumps({"type": "move", "move": "D4", "ply": 1}))
            answer = await next_message(ws, ("error", "move"))
            while answer is not None and answer["type"] == "event":
                if answer["event"]["seat"] == 1:
                    loser_moved = True
                    break
                answer = await next_message(ws, ("error", "move"))
        return socket_held and join_held, loser_moved


def attack(target: Target, quick: bool) -> str:
    """Race ``tries`` times; count the races where both held the seat, and moves by a loser."""
    tries = 30 if quick else 300

    async def run() -> list[tuple[bool, bool]]:
        async with httpx.AsyncClient(base_url=target.url, timeout=60) as http:
            return [await _race(http, target.ws_url) for _ in range(tries)]

    results = asyncio.run(run())
    both = sum(b for b, _ in results)
    moved = sum(m for _, m in results)
    return f"both held the seat in {both} of {tries} races; the loser moved for it in {moved}"
