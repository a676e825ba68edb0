"""Connection guards against a real uvicorn server: slow requests get 408 and are closed,
idle connections make room over the caps, a WebSocket client that stops reading is closed
with 4408 and its seat is free."""

from __future__ import annotations

import json
import resource
import socket
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tabletop.server.connections import ConnectionLimits, Guarded, Registry, raise_descriptor_limit

from .live import live_server, wait_until


def read_until_closed(sock: socket.socket, seconds: float = 60.0) -> bytes:
    """Everything the server sends until it closes the connection (fails if it never does)."""
    sock.settimeout(seconds)
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return data
        except TimeoutError:
            pytest.fail(f"the server kept the connection open; it sent {data[:200]!r}")
        if not chunk:
            return data
        data += chunk


def is_closed(sock: socket.socket) -> bool:
    """True when the server has closed ``sock`` (readable, and reading finds the end)."""
    try:
        return sock.recv(65536, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:  # nothing to read yet: open
        return False
    except ConnectionResetError:
        return True


def opened(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port))


# -- slow requests ------------------------------------------------------------------------------
def test_half_sent_headers_get_408_and_are_closed(tmp_path: Path) -> None:
    with live_server(tmp_path / "g.db", ConnectionLimits(request_timeout=0.5)) as live:
        silent = opened(live.port)  # connects, sends nothing
        half = opened(live.port)
        half.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        for sock in (silent, half):
            answer = read_until_closed(sock)
            assert answer.startswith(b"HTTP/1.1 408 ") and b'"error": "timeout"' in answer
            sock.close()
        assert httpx.get(live.url + "/api/catalog").status_code == 200


def test_a_stalled_body_gets_408_and_is_closed(tmp_path: Path) -> None:
    with live_server(tmp_path / "g.db", ConnectionLimits(request_timeout=0.5)) as live:
        sock = opened(live.port)
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 200\r\n\r\n" + b'{"game": "go", '
        )
        answer = read_until_closed(sock)
        assert answer.startswith(b"HTTP/1.1 408 ") and b"body" in answer
        sock.close()
        # Nothing was created from the half body; whole requests go on as before.
        assert httpx.get(live.url + "/api/games").json() == []


def test_requests_in_time_keep_their_connection(tmp_path: Path) -> None:
    limits = ConnectionLimits(request_timeout=30)
    with live_server(tmp_path / "g.db", limits) as live, httpx.Client(base_url=live.url) as client:
        for _ in range(3):  # one kept-alive connection
            assert client.get("/api/catalog").status_code == 200
        body = {"game": "go", "options": {"size": 9}}
        assert client.post("/api/games", json=body).status_code == 201


# -- the caps -----------------------------------------------------------------------------------
def test_idle_connections_over_the_cap_make_room_for_requests(tmp_path: Path) -> None:
    limits = ConnectionLimits(request_timeout=300, max_per_address=5)
    with live_server(tmp_path / "g.db", limits) as live:
        idle = [opened(live.port) for _ in range(20)]
        # Each connection over the cap closed the oldest idle one of the address ...
        assert wait_until(lambda: sum(map(is_closed, idle)) == 15)
        assert not any(is_closed(s) for s in idle[15:])
        # ... and a real request still gets through, making room the same way.
        assert httpx.get(live.url + "/api/catalog").status_code == 200
        assert wait_until(lambda: sum(map(is_closed, idle)) == 16)
        assert live.open_connections() <= 5
        for sock in idle:
            sock.close()


class Fake(Guarded):
    def __init__(self, address: str, idle: bool = True) -> None:
        self.address = address
        self.is_idle = idle
        self.evicted = False

    def idle(self) -> bool:
        return self.is_idle

    def evict(self) -> None:
        self.evicted = True


def test_the_registry_evicts_the_oldest_idle_and_refuses_when_nothing_is_idle() -> None:
    registry = Registry(ConnectionLimits(max_connections=3, max_per_address=2))
    a1, a2, b1 = Fake("a"), Fake("a", idle=False), Fake("b")
    assert all(registry.admit(c) for c in (a1, a2, b1))
    a3 = Fake("a")
    assert registry.admit(a3) and a1.evicted  # a's cap: its oldest idle one went
    c1 = Fake("c")
    assert registry.admit(c1) and b1.evicted  # the total cap: the oldest idle anywhere
    a4 = Fake("a", idle=False)
    assert registry.admit(a4) and a3.evicted
    assert not registry.admit(Fake("a"))  # a2 and a4 are busy: no room for a
    assert registry.per_address == {"a": 2, "c": 1} and len(registry.open) == 3
    for conn in (a2, a4, c1):
        registry.discard(conn)
    assert registry.open == {} and registry.per_address == {}


# -- WebSocket clients that stop reading ------------------------------------------------------
def small_socket(port: int) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    return sock


#: httpx's timeout for the helpers' requests: a loaded machine (the suite on two
#: busy cores) may answer slowly, and only the limits under test should cut anyone off.
PATIENT = 60.0


def play_until(live_url: str, tokens: list[str], game_id: str, done: object) -> None:
    """Play moves on a 19x19 board (each an event to every socket) until ``done()``."""
    with httpx.Client(base_url=live_url, timeout=PATIENT) as client:
        for ply in range(300):
            move = "ABCDEFGHJKLMNOPQRST"[ply % 19] + str(1 + ply // 19)
            answer = client.post(
                f"/api/games/{game_id}/moves", json={"token": tokens[ply % 2], "move": move}
            )
            assert answer.status_code == 200, answer.text
            if done():  # type: ignore[operator]
                return
    pytest.fail("the socket that stopped reading was never closed")


def seat_connected(live_url: str, game_id: str, seat: int) -> bool:
    view = httpx.get(f"{live_url}/api/games/{game_id}", timeout=PATIENT).json()
    return bool(view["seats"][seat]["connected"])


def new_go_game(live_url: str) -> tuple[str, list[str]]:
    body = {"game": "go", "options": {"size": 19}, "seats": [{"claim": True}, {"claim": True}]}
    created = httpx.post(live_url + "/api/games", json=body, timeout=PATIENT).json()
    return created["id"], [s["token"] for s in created["seats"]]


def test_a_socket_that_stops_reading_is_closed_with_4408_and_its_seat_left(
    tmp_path: Path,
) -> None:
    limits = ConnectionLimits(send_timeout=0.4, close_timeout=120)
    with live_server(tmp_path / "g.db", limits, send_buffer=4096) as live:
        game_id, tokens = new_go_game(live.url)
        uri = f"{live.ws_url}/ws/games/{game_id}?token={tokens[0]}"
        with connect(
            uri, sock=small_socket(live.port), max_queue=1, close_timeout=2, ping_interval=None
        ) as ws:
            assert wait_until(lambda: seat_connected(live.url, game_id, 0))
            # The client reads nothing while the game goes on.
            play_until(live.url, tokens, game_id, lambda: not seat_connected(live.url, game_id, 0))
            # When it reads again it finds everything sent, then the close: 4408.
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=60)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408


def close_code(data: bytes) -> int | None:
    """The code of the close frame among a server's unmasked WebSocket frames, if any."""
    i = 0
    while i + 2 <= len(data):
        opcode, length = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if length == 126:
            length, i = int.from_bytes(data[i : i + 2], "big"), i + 2
        elif length == 127:
            length, i = int.from_bytes(data[i : i + 8], "big"), i + 8
        if opcode == 0x8 and length >= 2:
            return int.from_bytes(data[i : i + 2], "big")
        i += length
    return None


@pytest.mark.slow
def test_a_socket_that_leaves_a_ping_unanswered_is_closed_with_4408(tmp_path: Path) -> None:
    # Nothing is played, so the send timeout never sees a stalled write: the keep-alive
    # ping, never read nor answered, is what shows that the client stopped reading.
    limits = ConnectionLimits(send_timeout=600)
    with live_server(tmp_path / "g.db", limits, ws_ping_interval=0.3, ws_ping_timeout=0.3) as live:
        game_id, tokens = new_go_game(live.url)
        sock = opened(live.port)
        sock.sendall(
            (
                f"GET /ws/games/{game_id}?token={tokens[0]} HTTP/1.1\r\nHost: x\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        assert wait_until(lambda: seat_connected(live.url, game_id, 0))
        # The client reads nothing from here on, and so never answers a ping.
        assert wait_until(lambda: not seat_connected(live.url, game_id, 0))
        data = read_until_closed(sock)
        head, _, frames = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101 ")
        assert close_code(frames) == 4408
        sock.close()


def test_a_late_reader_that_answers_the_ping_still_finds_4408(tmp_path: Path) -> None:
    # The client stops reading with moves queued behind the server's keep-alive ping; when
    # it reads again it answers that ping on its way to the close frame. The server must
    # still be reading then: a socket closed with unread input is reset by the kernel,
    # and a reset throws away what the client has not received yet, the close included.
    limits = ConnectionLimits(send_timeout=600, close_timeout=120)
    with live_server(tmp_path / "g.db", limits, ws_ping_interval=1, ws_ping_timeout=1) as live:
        game_id, tokens = new_go_game(live.url)
        sock = small_socket(live.port)
        sock.sendall(
            (
                f"GET /ws/games/{game_id}?token={tokens[0]} HTTP/1.1\r\nHost: x\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        assert wait_until(lambda: seat_connected(live.url, game_id, 0))
        play_until(live.url, tokens, game_id, lambda: not seat_connected(live.url, game_id, 0))
        # A masked pong (mask 0, empty payload): what a client library sends on the ping.
        sock.sendall(bytes([0x8A, 0x80, 0, 0, 0, 0]))
        time.sleep(0.5)
        data = b""
        sock.settimeout(60)
        while close_code(data.partition(b"\r\n\r\n")[2]) is None:
            chunk = sock.recv(65536)  # a reset here is the failure this test is about
            assert chunk, "the connection ended before its close frame"
            data += chunk
        assert close_code(data.partition(b"\r\n\r\n")[2]) == 4408
        # The client answers the close (a masked close frame, code 4408): the server hangs up.
        sock.sendall(bytes([0x88, 0x82, 0, 0, 0, 0, 0x11, 0x38]))
        read_until_closed(sock)
        sock.close()


def test_a_socket_that_never_reads_again_is_cut_off(tmp_path: Path) -> None:
    limits = ConnectionLimits(send_timeout=0.4, close_timeout=0.4)
    with live_server(tmp_path / "g.db", limits, send_buffer=4096) as live:
        game_id, tokens = new_go_game(live.url)
        uri = f"{live.ws_url}/ws/games/{game_id}?token={tokens[0]}"
        with connect(
            uri, sock=small_socket(live.port), max_queue=1, close_timeout=2, ping_interval=None
        ):
            assert wait_until(lambda: seat_connected(live.url, game_id, 0))
            play_until(live.url, tokens, game_id, lambda: not seat_connected(live.url, game_id, 0))
            # The server lets go of the connection though the close frame was never read.
            assert wait_until(lambda: live.open_connections() == 0)


def test_a_slow_but_steady_body_earns_its_time(tmp_path: Path) -> None:
    # Each 100 bytes earn 100 s at 1 byte a second: far more than the pauses between them.
    with live_server(
        tmp_path / "g.db", ConnectionLimits(request_timeout=0.5, body_rate=1.0)
    ) as live:
        body = json.dumps({"game": "go", "options": {"size": 9}, "seats": None}).ljust(600)
        sock = opened(live.port)
        head = (
            "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        chunks = [body[i : i + 100] for i in range(0, len(body), 100)]
        sock.sendall((head + chunks[0]).encode())
        for chunk in chunks[1:]:
            time.sleep(0.3)  # longer than request_timeout in all: the allowance carries it
            sock.sendall(chunk.encode())
        assert read_until_closed(sock).startswith(b"HTTP/1.1 201 ")
        sock.close()


def test_the_descriptor_limit_is_raised_to_the_hard_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lower = min(soft, 256)
    resource.setrlimit(resource.RLIMIT_NOFILE, (lower, hard))
    try:
        raised = raise_descriptor_limit()
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == raised
        assert raised == hard or (hard == resource.RLIM_INFINITY and raised >= lower)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_client_that_does_not_read_its_answers_is_cut_off(tmp_path: Path) -> None:
    limits = ConnectionLimits(send_timeout=0.4)
    with live_server(tmp_path / "g.db", limits, send_buffer=4096) as live:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", live.port))
        # Many answers asked for at once (pipelined), none of them read.
        sock.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n" * 100)
        assert wait_until(lambda: live.open_connections() == 1)  # accepted
        assert wait_until(lambda: live.open_connections() == 0)
        sock.close()
