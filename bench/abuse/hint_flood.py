"""Level-10 hints asked without pause by one client while another game's level-1 computer replies.

The flooding client holds ten Go 9x9 games against a level-10 computer and
keeps one hint request open in each (asking again as soon as it is answered
or refused). Meanwhile a player in a game against a level-1 computer moves
and times each computer reply: from the move sent to the reply's event.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import httpx
import websockets

from abuse import NO_CLIENT_LIMITS, Target, next_message, percentile, rss_mib
from tabletop.server.views import apply_delta

NAME = "hint-flood"
# The per-client hint rate would refuse most of the flood before it reaches the pool:
# off, so what is measured is the scheduler's own bounds (decision record 0073).
SERVE_ARGS: list[str] = [*NO_CLIENT_LIMITS, "--hints-per-minute", "0"]

FLOOD_GAMES = 10
Tally = dict[str, int]


def _create(client: httpx.Client, level: int) -> tuple[str, str]:
    """A Go 9x9 game: a person (seat 0, to move) against a computer at ``level``."""
    answer = client.post(
        "/api/games",
        json={
            "game": "go",
            "options": {"size": 9},
            "seats": [{"claim": True, "name": "P"}, {"kind": "computer", "level": level}],
        },
    )
    answer.raise_for_status()
    body = answer.json()
    return body["id"], body["seats"][0]["token"]


async def _ask(ws: Any, seconds: float) -> str:
    """Ask one hint; "hint", an error's code, or "" if no answer came within ``seconds``."""
    await ws.send(json.dumps({"type": "hint"}))
    while True:
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, seconds)))
        except TimeoutError:
            return ""
        if message["type"] == "hint":
            return "hint"
        if message["type"] == "error":
            return str(message["code"])


async def _flood(target: Target, game: str, token: str, until: float, tally: Tally) -> None:
    """One game of the flood: a hint request open at all times until ``until``."""
    url = f"{target.ws_url}/ws/games/{game}?token={token}"
    async with websockets.connect(url, max_size=None) as ws:
        await ws.recv()  # the snapshot
        while time.monotonic() < until:
            tally["asked"] += 1
            answer = await _ask(ws, until - time.monotonic())
            if not answer:
                return
            tally[answer] = tally.get(answer, 0) + 1
            if answer != "hint":
                await asyncio.sleep(0.2)  # refused: ask again shortly, as a script would


async def _one_hint(target: Target, game: str, token: str) -> None:
    async with websockets.connect(f"{target.ws_url}/ws/games/{game}?token={token}") as ws:
        await ws.recv()
        await _ask(ws, 60)


class Player:
    """The timed player: random legal moves against the level-1 computer."""

    def __init__(self, ws: Any, view: dict[str, Any]) -> None:
        self.ws = ws
        self.view = view
        self.rng = random.Random(7)

    async def reply_time(self) -> float:
        """Play a move; seconds until the computer's reply arrives."""
        view = self.view
        moves = [m for m in view["legal"] if m != "pass"] or view["legal"]
        move = {"type": "move", "move": self.rng.choice(moves), "ply": view["ply"]}
        sent = time.monotonic()
        await self.ws.send(json.dumps(move))
        while True:  # our move's event, then the computer's
            message = json.loads(await asyncio.wait_for(self.ws.recv(), 120))
            if message["type"] == "error":
                raise RuntimeError(f"move refused: {message}")
            if message["type"] != "event":
                continue
            if message.get("delta"):  # the last event of a commit carries what changed
                self.view = view = apply_delta(view, message["delta"])
            event = message["event"]
            if (event["kind"] == "move" and event["seat"] == 1) or view["status"] != "playing":
                return time.monotonic() - sent


async def _snapshot_view(ws: Any) -> dict[str, Any]:
    """The view of the snapshot that starts a socket (an invite's socket first gets its
    seat's own token)."""
    snapshot = await next_message(ws, ("snapshot",))
    assert snapshot is not None, "the socket closed before its snapshot"
    view: dict[str, Any] = snapshot["game"]
    return view


async def _run(target: Target, seconds: float) -> tuple[list[float], list[float], Tally]:
    with httpx.Client(base_url=target.url, timeout=10) as client:
        flood = [_create(client, 10) for _ in range(FLOOD_GAMES)]
        game, token = _create(client, 1)
    async with websockets.connect(f"{target.ws_url}/ws/games/{game}?token={token}") as ws:
        player = Player(ws, await _snapshot_view(ws))
        # Not in the figures: the server starts its worker processes as they are first
        # needed (a one-off each): the first for this reply, the second for the next
        # one while a hint holds the first.
        first = [await player.reply_time()]
        hinted = asyncio.create_task(_one_hint(target, *flood[0]))
        await asyncio.sleep(0.3)
        first.append(await player.reply_time())
        await hinted
    until = time.monotonic() + seconds
    tally: Tally = {"asked": 0, "hint": 0}
    flooders = [asyncio.create_task(_flood(target, g, t, until, tally)) for g, t in flood]
    await asyncio.sleep(1.0)  # the flood fills the queue first
    times: list[float] = []
    while time.monotonic() < until:  # game after game against the level-1 computer
        with httpx.Client(base_url=target.url, timeout=10) as client:
            game, token = _create(client, 1)
        async with websockets.connect(f"{target.ws_url}/ws/games/{game}?token={token}") as ws:
            player = Player(ws, await _snapshot_view(ws))
            while time.monotonic() < until and player.view["status"] == "playing":
                times.append(await player.reply_time())
    await asyncio.gather(*flooders)
    return first, times, tally


def attack(target: Target, quick: bool) -> str:
    """Flood hints for a while (8 s quick, 60 s full); the level-1 replies' latency."""
    first, times, tally = asyncio.run(_run(target, 8.0 if quick else 60.0))
    if not times:
        raise RuntimeError("no level-1 reply was timed")
    p50, p99, worst = percentile(times, 0.5), percentile(times, 0.99), max(times)
    answers = ", ".join(
        f"{n} {'answered' if code == 'hint' else code}"
        for code, n in sorted(tally.items())
        if code != "asked"
    )
    return (
        f"level-1 reply p50 {p50:.2f} s, p99 {p99:.2f} s, max {worst:.2f} s over {len(times)} "
        f"moves (target < 1 s; worker start-up {max(first):.2f} s); {tally['asked']} hints asked: "
        f"{answers}; RSS {rss_mib(target.pid):.0f} MiB"
    )
