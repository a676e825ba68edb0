"""WebSocket clients that stop reading: 21 sockets (one of them a player's) of a game in
play; how many the server closes, how soon, and with which code."""

from __future__ import annotations

import time

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from abuse import NO_CLIENT_LIMITS, Target
from abuse.sockets import connect, server_side_open

NAME = "non-reading-ws"
#: The send timeout shortened from its default (20 s) so the run stays short.
SEND_TIMEOUT = 5.0
SERVE_ARGS: list[str] = ["--send-timeout", f"{SEND_TIMEOUT:g}", *NO_CLIENT_LIMITS]
SOCKETS = 21


def read_to_the_end(ws: ClientConnection) -> int | str | None:
    """Read everything the server sent; the close code it ended with (None: cut off)."""
    try:
        while True:
            ws.recv(timeout=30)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
    except TimeoutError:
        return "open"
    finally:
        ws.close()


def attack(target: Target, quick: bool) -> str:
    """Open the sockets (small receive buffers; none reads) and play moves over HTTP until
    the server has let go of every socket (its side closed in the kernel's table); once
    the player's seat shows disconnected, its client reads to the end for the close code."""
    bound = 10.0 if quick else 150.0
    port = int(target.url.rsplit(":", 1)[1])
    with httpx.Client(base_url=target.url, timeout=30) as client:
        body = {
            "game": "go",
            "options": {"size": 19},
            "seats": [{"claim": True}, {"claim": True}],
        }
        created = client.post("/api/games", json=body).json()
        game_id = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        sockets: dict[int, ClientConnection] = {}
        for i in range(SOCKETS):
            query = f"?token={tokens[1]}" if i == 0 else ""  # the first holds seat 1
            sock = connect(port, receive_buffer=4096)
            url = f"{target.ws_url}/ws/games/{game_id}{query}"
            sockets[sock.getsockname()[1]] = ws_connect(
                url, sock=sock, max_queue=1, close_timeout=2, ping_interval=None
            )
        player_port = next(iter(sockets))
        player_code: int | str | None = "not closed"
        started = time.monotonic()
        closed_at: dict[int, float] = {}
        seat_left_at = None
        plies = 0
        looked = 0.0
        view = client.get(f"/api/games/{game_id}").json()
        while time.monotonic() - started < bound and len(closed_at) < SOCKETS:
            moves = [m for m in view["legal"] if m != "pass"]
            if view["status"] != "playing" or not moves:
                break
            answer = client.post(
                f"/api/games/{game_id}/moves",
                json={"token": tokens[view["to_move"]], "move": moves[0]},
            )
            view = answer.json()
            plies += 1
            now = time.monotonic() - started
            if seat_left_at is None and not view["seats"][1]["connected"]:
                seat_left_at = now
                # The player's client reads again at once: the close it finds is its code.
                player_code = read_to_the_end(sockets[player_port])
            if now - looked >= 0.5:
                looked = now
                held = server_side_open(port, set(sockets))
                for client_port in set(sockets) - held - set(closed_at):
                    closed_at[client_port] = now
    for client_port, ws in sockets.items():
        if client_port != player_port:
            # Dropped, not closed: a closing handshake waits close_timeout on each socket
            # the server still holds (20 of them in a quick run: 40 s of nothing).
            ws.close_socket()
    times = sorted(closed_at.values())
    when = f", after {times[0]:.0f} to {times[-1]:.0f} s" if times else ""
    seat = "never" if seat_left_at is None else f"after {seat_left_at:.0f} s"
    return (
        f"{SOCKETS} non-reading sockets, send timeout {SEND_TIMEOUT:g} s, {plies} moves sent: "
        f"{len(times)} of {SOCKETS} let go by the server within {bound:.0f} s{when}; "
        f"the player's seat counted disconnected {seat}, its client then read "
        f"close code {player_code}"
    )
