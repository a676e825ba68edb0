"""Raw-socket helpers shared by the connection attacks (no attack of its own)."""

from __future__ import annotations

import resource
import socket


def allow_descriptors(count: int) -> None:
    """Raise this process's soft limit of open files to hold ``count`` sockets, if allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = count + 256
    if soft < want:
        ceiling = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))


def connect(
    port: int, source: str = "127.0.0.1", receive_buffer: int | None = None
) -> socket.socket:
    """A TCP connection to the server from ``source`` (any 127.x.y.z address is this host,
    and the server sees it as another client)."""
    sock = socket.socket()
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """True once the server has closed ``sock`` (reading what it sent on the way)."""
    while True:
        try:
            if not sock.recv(65536, socket.MSG_DONTWAIT):
                return True
        except BlockingIOError:  # nothing to read: still open
            return False
        except OSError:  # reset: closed too
            return True


def count_closed(socks: list[socket.socket]) -> int:
    """How many of ``socks`` the server has closed."""
    return sum(closed_by_server(s) for s in socks)


def server_side_open(port: int, client_ports: set[int]) -> set[int]:
    """Which of ``client_ports`` the server's side still holds open (ESTABLISHED in the
    kernel's table for 127.0.0.1:``port``): a connection the server has let go of (its
    socket closed, or cut) shows here even while the client has not read up to the end."""
    established = "01"
    held = set()
    try:
        with open("/proc/net/tcp") as table:
            lines = table.read().splitlines()[1:]
    except OSError:
        return set(client_ports)
    for line in lines:
        fields = line.split()
        local, remote, state = fields[1], fields[2], fields[3]
        if int(local.split(":")[1], 16) != port or state != established:
            continue
        peer = int(remote.split(":")[1], 16)
        if peer in client_ports:
            held.add(peer)
    return held
