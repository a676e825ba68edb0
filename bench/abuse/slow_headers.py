"""Slowloris: requests whose headers, or bodies, never finish; normal GETs meanwhile."""

from __future__ import annotations

import threading
import time

import httpx

from abuse import Target, open_descriptors, percentile
from abuse.sockets import allow_descriptors, connect, count_closed

NAME = "slow-headers"
#: The timeout shortened from its default (20 s) so the run stays short; the per-address
#: cap raised so that the timeouts, not evictions, are what closes the connections.
TIMEOUT = 5.0
SERVE_ARGS: list[str] = ["--request-timeout", f"{TIMEOUT:g}", "--max-per-address", "1000"]


def attack(target: Target, quick: bool) -> str:
    """Open 300 connections that send half a request's headers and 100 that send whole
    headers and half a body; count those still open TIMEOUT + 5 s later, timing GETs."""
    heads, bodies = (30, 10) if quick else (300, 100)
    allow_descriptors(heads + bodies)
    port = int(target.url.rsplit(":", 1)[1])
    socks = []
    for _ in range(heads):
        sock = connect(port)
        sock.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        socks.append(sock)
    for _ in range(bodies):
        sock = connect(port)
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n" + b'{"game": "go"'
        )
        socks.append(sock)
    sent = time.monotonic()
    time.sleep(1.0)  # let the server accept them all
    held = open_descriptors(target.pid)
    times: list[float] = []
    failures = 0
    stop = threading.Event()

    def ask() -> None:
        nonlocal failures
        # A new connection for every GET, as new visitors would make.
        fresh = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=target.url, timeout=10, limits=fresh) as client:
            while not stop.is_set():
                started = time.perf_counter()
                try:
                    client.get("/api/catalog").raise_for_status()
                    times.append(time.perf_counter() - started)
                except httpx.HTTPError:
                    failures += 1
                time.sleep(0.05)

    asker = threading.Thread(target=ask)
    asker.start()
    time.sleep(max(0.0, sent + TIMEOUT + 5 - time.monotonic()))
    open_after = len(socks) - count_closed(socks)
    stop.set()
    asker.join()
    for sock in socks:
        sock.close()
    p50, p99 = (percentile(times, share) * 1000 for share in (0.5, 0.99))
    return (
        f"{heads} half-sent headers + {bodies} half-sent bodies (timeout {TIMEOUT:g} s): "
        f"{open_after} of {len(socks)} still open {TIMEOUT + 5:g} s later "
        f"(server held {held} descriptors while they were open); "
        f"GET meanwhile p50 {p50:.1f} ms, p99 {p99:.1f} ms, {len(times)} ok, {failures} failed"
    )
