"""Invite reuse (issue 7 B7): a second browser opening an invite link that was used already."""

from __future__ import annotations

import asyncio
import json

import httpx
import websockets

from abuse import NO_CLIENT_LIMITS, Target, next_message

NAME = "invite-reuse"
SERVE_ARGS: list[str] = NO_CLIENT_LIMITS


async def _reuse(http: httpx.AsyncClient, ws_url: str) -> tuple[bool, bool]:
    """First claim, then reuse; returns (the second socket got the seat, it moved for it)."""
    created = await http.post(
        "/api/games", json={"game": "go", "options": {"size": 9}, "seats": [{"claim": True}, {}]}
    )
    gid = created.json()["id"]
    ann, invite = (s["token"] for s in created.json()["seats"])
    url = f"{ws_url}/ws/games/{gid}?token={invite}"
    async with websockets.connect(url) as first:
        await next_message(first, ("snapshot",))
        async with websockets.connect(url) as second:
            snapshot = await next_message(second, ("snapshot",))
            took = snapshot is not None and snapshot["you"] == 1
            await http.post(f"/api/games/{gid}/moves", json={"token": ann, "move": "E5"})
            moved = False
            if second.state is websockets.State.OPEN:
                await second.send(json.dumps({"type": "move", "move": "D4", "ply": 1}))
                answer = await next_message(second, ("error", "move"))
                while answer is not None and answer["type"] == "event":
                    if answer["event"]["seat"] == 1:
                        moved = True
                        break
                    answer = await next_message(second, ("error", "move"))
            return took, moved


def attack(target: Target, quick: bool) -> str:
    """Reuse ``tries`` used invite links; count takeovers and moves made through them."""
    tries = 20 if quick else 200

    async def run() -> list[tuple[bool, bool]]:
        async with httpx.AsyncClient(base_url=target.url, timeout=60) as http:
            return [await _reuse(http, target.ws_url) for _ in range(tries)]

    results = asyncio.run(run())
    took = sum(t for t, _ in results)
    moved = sum(m for _, m in results)
    return f"a used invite took the seat in {took} of {tries} tries and moved for it in {moved}"
