"""An idle server, for reference: its memory and how fast it answers a game's GET."""

from __future__ import annotations

import time

import httpx

from abuse import NO_CLIENT_LIMITS, Target, percentile, rss_mib

NAME = "baseline"
# Its 2,000 GETs from one address are over the per-client request rate: limits off.
SERVE_ARGS: list[str] = NO_CLIENT_LIMITS


def attack(target: Target, quick: bool) -> str:
    """Create one game, then time sequential GETs of it; the server's RSS afterwards."""
    count = 200 if quick else 2000
    with httpx.Client(base_url=target.url, timeout=10) as client:
        created = client.post("/api/games", json={"game": "go", "options": {"size": 9}})
        created.raise_for_status()
        game_id = created.json()["id"]
        times = []
        for _ in range(count):
            started = time.perf_counter()
            client.get(f"/api/games/{game_id}").raise_for_status()
            times.append(time.perf_counter() - started)
    p50, p99 = (percentile(times, share) * 1000 for share in (0.5, 0.99))
    return f"GET p50 {p50:.1f} ms, p99 {p99:.1f} ms over {count}; RSS {rss_mib(target.pid):.0f} MiB"
