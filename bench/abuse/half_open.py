"""Connection flood: 1,100 connections that never send a request; normal requests meanwhile."""

from __future__ import annotations

import time

import httpx

from abuse import Target, open_descriptors, percentile
from abuse.sockets import allow_descriptors, connect, count_closed

NAME = "half-open"
SERVE_ARGS: list[str] = []  # the default caps: 2000 connections, 100 per address


def attack(target: Target, quick: bool) -> str:
    """Open the connections from one address (127.0.0.2), then time 200 GETs from
    another (127.0.0.1) and 50 from the flooding address itself."""
    count = 150 if quick else 1100
    allow_descriptors(count)
    port = int(target.url.rsplit(":", 1)[1])
    flood = []
    refused = 0
    for _ in range(count):
        try:
            flood.append(connect(port, source="127.0.0.2"))
        except OSError:
            refused += 1
    time.sleep(1.0)
    held = open_descriptors(target.pid)
    results = {}
    for source, requests in (("127.0.0.1", 200), ("127.0.0.2", 50)):
        transport = httpx.HTTPTransport(local_address=source)
        times, failures = [], 0
        for _ in range(requests):
            started = time.perf_counter()
            try:
                with httpx.Client(transport=transport, timeout=10) as client:
                    client.get(f"{target.url}/api/catalog").raise_for_status()
                times.append(time.perf_counter() - started)
            except httpx.HTTPError:
                failures += 1
        results[source] = (times, failures, requests)
    closed = count_closed(flood)
    for sock in flood:
        sock.close()
    parts = []
    for source, (times, failures, requests) in results.items():
        p99 = percentile(times, 0.99) * 1000
        who = "other address" if source == "127.0.0.1" else "flooding address"
        parts.append(f"{who}: {requests - failures}/{requests} served, p99 {p99:.1f} ms")
    return (
        f"{count} idle connections from one address ({refused} refused at connect): "
        f"server held {held} descriptors, closed {closed} of them; " + "; ".join(parts)
    )
