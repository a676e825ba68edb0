"""Connection guards for uvicorn: deadlines for slow requests, a cap on open connections,
and WebSocket clients that stop reading (decision record 0070).

uvicorn bounds the wait *between* requests (``timeout_keep_alive``) but not a request
that arrives slowly: a client that sends half a request line, or half a body, holds its
connection (and a file descriptor) for ever. The guards here sit where the bytes arrive,
in uvicorn's own protocol classes, subclassed:

* :class:`GuardedHttpProtocol` gives each request a deadline: its headers must be complete
  within ``request_timeout`` seconds of its first byte (or of the connection), and its body
  within ``request_timeout`` seconds of the headers plus one second per ``body_rate`` bytes
  received (a slow but steady upload goes on; a stalled one does not). Past the deadline
  the client gets ``408`` and the connection is closed.
* A :class:`Registry` per server counts open connections, in total and per client address.
  A new connection over either cap closes the oldest *idle* connection of that address (or
  of any address, for the total): one that is still sending its headers or waits between
  requests. When nothing is idle, the new connection is closed instead. So a flood of
  half-open connections from one address cannot starve the server or that address's own
  requests.
  A client that stops reading its answers (the write buffers stay full for
  ``send_timeout`` seconds) is cut off.
* :class:`BoundedWebSocketProtocol` closes a WebSocket whose outgoing data has waited for
  about ``send_timeout`` seconds (the client stopped reading) with close code 4408, as
  docs/protocol.md promises, and the app hears a disconnect at once; a client that does not
  read even the close frame is cut off ``close_timeout`` seconds later. Until then the
  server keeps the socket open and goes on reading (a lingering close): a socket
  closed with unread input is reset by the kernel, and the reset would throw away the close
  frame a late reader has not yet received (its answer to an old ping is such input).
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger("tabletop.server")

#: Close code of a WebSocket client that stopped reading (docs/protocol.md).
NOT_READING = 4408


@dataclass(frozen=True)
class ConnectionLimits:
    """The connection limits of one server (``tabletop serve`` options; docs/server.md)."""

    #: Seconds for a request's headers, and for its body (plus the ``body_rate`` allowance).
    request_timeout: float = 20.0
    #: Bytes per second a body must keep up to earn more time past ``request_timeout``.
    body_rate: float = 1000.0
    #: Seconds a WebSocket's outgoing data may wait for the client to read it.
    send_timeout: float = 20.0
    #: Seconds a closed WebSocket's last data (its close frame) may wait before the cut.
    close_timeout: float = 10.0
    #: Open connections (HTTP and WebSocket) of the whole server, and of one address.
    max_connections: int = 2000
    max_per_address: int = 100


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit; returns the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if target > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):  # e.g. a platform with a lower ceiling than it reports
            return soft
        return target
    return soft


def default_limits() -> ConnectionLimits:
    """:class:`ConnectionLimits` with the connection cap fitted under this process's
    descriptor limit (raised first): some descriptors stay for the database, the workers
    and logs."""
    descriptors = raise_descriptor_limit()
    return ConnectionLimits(
        max_connections=max(16, min(ConnectionLimits.max_connections, descriptors - 128))
    )


class Guarded:
    """What the registry needs of a connection, and what the guarded protocols share: the
    server's limits and registry (set on each server's own subclasses by :func:`protocols`)
    and the client's address (known once the connection is made)."""

    limits: ClassVar[ConnectionLimits]
    registry: ClassVar[Registry]
    address: str = "?"

    def idle(self) -> bool:
        """True when closing it loses no request: it is sending headers or between requests."""
        return False

    def evict(self) -> None:
        """Close it now, to make room."""


class Registry:
    """The open connections of one server, oldest first, and how many per address."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.open: dict[Guarded, None] = {}
        self.per_address: dict[str, int] = {}

    def admit(self, conn: Guarded) -> bool:
        """Count a new connection, making room by evicting idle ones; False: no room."""
        crowded = self.per_address.get(conn.address, 0) >= self.limits.max_per_address
        if crowded and not self._evict_oldest_idle(conn.address):
            return False
        full = len(self.open) >= self.limits.max_connections
        if full and not self._evict_oldest_idle(None):
            return False
        self.add(conn)
        return True

    def add(self, conn: Guarded) -> None:
        """Count a connection without checking the caps (a WebSocket taking over its HTTP one)."""
        if conn not in self.open:
            self.open[conn] = None
            self.per_address[conn.address] = self.per_address.get(conn.address, 0) + 1

    def discard(self, conn: Guarded) -> None:
        """Stop counting a connection (closed, or handed over)."""
        if self.open.pop(conn, False) is None:
            left = self.per_address[conn.address] - 1
            if left:
                self.per_address[conn.address] = left
            else:
                del self.per_address[conn.address]

    def _evict_oldest_idle(self, address: str | None) -> bool:
        for conn in self.open:
            if (address is None or conn.address == address) and conn.idle():
                self.discard(conn)
                conn.evict()
                return True
        return False


def _address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def _timeout_response(message: str) -> bytes:
    body = json.dumps({"error": "timeout", "message": message}).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class GuardedHttpProtocol(HttpToolsProtocol, Guarded):
    """uvicorn's httptools protocol with a deadline per request and the connection caps."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._phase: str | None = None  # "headers" or "body" while a deadline runs
        self._deadline = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._unread: asyncio.TimerHandle | None = None  # armed while writing is paused

    # -- the deadline ------------------------------------------------------------------------
    def _expect(self, phase: str) -> None:
        self._phase = phase
        self._deadline = self.loop.time() + self.limits.request_timeout
        if self._timer is None:
            self._timer = self.loop.call_at(self._deadline, self._check)

    def _settle(self) -> None:
        self._phase = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _check(self) -> None:
        self._timer = None
        if self._phase is None or self.transport.is_closing():
            return
        if self.loop.time() < self._deadline:  # the body earned more time meanwhile
            self._timer = self.loop.call_at(self._deadline, self._check)
            return
        what = "headers" if self._phase == "headers" else "body"
        log.debug("closing a connection from %s: request %s too slow", self.address, what)
        cycle = self.cycle
        # A 408 only where no other answer is being written (a kept-alive connection may
        # have one under way while the next request's headers trickle in).
        between = cycle is None or cycle.response_complete
        waiting = cycle is not None and not cycle.response_started
        if (self._phase == "headers" and between) or (self._phase == "body" and waiting):
            seconds = f"{self.limits.request_timeout:g}"
            self.transport.write(_timeout_response(f"the request {what} took over {seconds} s"))
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # the app reading the body hears a disconnect
            cycle.message_event.set()
        self._phase = None
        self.transport.close()

    # -- uvicorn's protocol ---------------------------------------------------------------------
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = _address(transport)
        if not self.registry.admit(self):
            log.debug("refusing a connection from %s: too many open", self.address)
            transport.abort()
            return
        self._expect("headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._settle()
        if self._unread is not None:
            self._unread.cancel()
            self._unread = None
        self.registry.discard(self)
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        # The client is not reading its answers (the buffers are full): it gets
        # ``send_timeout`` seconds to catch up before the connection is cut.
        super().pause_writing()
        if self._unread is None:
            self._unread = self.loop.call_later(self.limits.send_timeout, self._not_reading)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._unread is not None:
            self._unread.cancel()
            self._unread = None

    def _not_reading(self) -> None:
        self._unread = None
        log.debug("cutting a connection from %s: its answers are not read", self.address)
        self.transport.abort()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._phase is None:  # a later request on a kept-alive connection
            self._expect("headers")

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        if self.parser.should_upgrade() and self._should_upgrade():
            self._settle()  # the WebSocket protocol takes over
        else:
            self._expect("body")

    def on_body(self, body: bytes) -> None:
        super().on_body(body)
        if self._phase == "body":
            self._deadline += len(body) / self.limits.body_rate

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._settle()

    def handle_websocket_upgrade(self) -> None:
        self._settle()
        self.registry.discard(self)  # counted again as the WebSocket
        super().handle_websocket_upgrade()

    # -- for the registry -----------------------------------------------------------------------
    def idle(self) -> bool:
        if self._phase == "headers":
            return True
        return self._phase is None and (self.cycle is None or self.cycle.response_complete)

    def evict(self) -> None:
        self._settle()
        self.transport.abort()


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol, Guarded):
    """uvicorn's WebSocket protocol that closes a client which stops reading (code 4408)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.close_timeout = self.limits.close_timeout
        self._backlog_since: float | None = None
        self._watch: asyncio.TimerHandle | None = None
        self._lost = False
        self._draining = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.address = _address(transport)
        self.registry.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        self.registry.discard(self)
        super().connection_lost(exc)

    async def send(self, message: Any) -> None:
        await super().send(message)
        self._watch_backlog()

    def pause_writing(self) -> None:
        super().pause_writing()
        self._watch_backlog()

    def _watch_backlog(self) -> None:
        """Look at the outgoing buffer every quarter of ``send_timeout`` while it holds data."""
        if self._watch is None and not self._lost and self.transport.get_write_buffer_size():
            self._backlog_since = self.loop.time()
            self._watch = self.loop.call_later(self.limits.send_timeout / 4, self._look)

    def _look(self) -> None:
        self._watch = None
        if self._lost:
            return
        if not self.transport.get_write_buffer_size():
            self._backlog_since = None
            return
        assert self._backlog_since is not None
        if self.loop.time() - self._backlog_since < self.limits.send_timeout:
            self._watch = self.loop.call_later(self.limits.send_timeout / 4, self._look)
            return
        if self.close_sent or self.transport.is_closing():
            # Closed already and still not read: nothing more will get through.
            self.transport.abort()
            return
        self._not_reading()

    def keepalive_timeout(self) -> None:
        """A keep-alive ping left unanswered: the client has stopped reading (a small frame
        stream may never fill the buffers the send timeout watches), so it is closed as
        promised, with 4408, not uvicorn's 1011."""
        self.pong_timer = None
        self.pending_ping_payload = None
        if self.close_sent or self.transport.is_closing():
            return
        self._not_reading()

    def _not_reading(self) -> None:
        """Close with 4408 behind the unread data; the app hears it now, not when it is read.

        The socket stays open and reading goes on, so whatever the client still sends
        never meets a closed socket (see the module's docstring); the connection ends when
        the client answers the close or hangs up, or ``close_timeout`` seconds later. (No
        ``write_eof`` before that: under uvloop it ended the connection at once.)"""
        log.debug("closing a WebSocket from %s: not reading", self.address)
        if self.handshake_complete:
            self.conn.send_close(NOT_READING, "not reading")
            self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        self.disconnected = True  # a send waiting for room now raises ClientDisconnected
        self.queue.put_nowait({"type": "websocket.disconnect", "code": NOT_READING})
        self.writable.set()
        self._draining = True
        # Held as uvicorn's close timer, so the app's end does not close the transport
        # early (which would stop the reading) and connection_lost cancels it.
        self.close_timer = self.loop.call_later(self.close_timeout, self._cut)

    def data_received(self, data: bytes) -> None:
        if not self._draining:
            super().data_received(data)
            return
        # Read and drop: the app was told of the close, which is the last frame it gets
        # (the pongs the parser would answer with are discarded).
        self.conn.receive_data(data)
        self.conn.events_received()
        self.conn.data_to_send()
        if self.conn.close_rcvd is not None or self.conn.parser_exc is not None:
            self.transport.close()  # the client read the close frame and answered it

    def eof_received(self) -> None:
        if self._draining:
            self.transport.close()  # the client hung up: both sides are done

    def _cut(self) -> None:
        if not self._lost:
            self.transport.abort()


def protocols(limits: ConnectionLimits) -> dict[str, type[asyncio.Protocol]]:
    """uvicorn's ``http`` and ``ws`` options for a server with ``limits``: protocol classes
    sharing one new :class:`Registry`."""
    registry = Registry(limits)

    class Http(GuardedHttpProtocol):
        pass

    class WebSocket(BoundedWebSocketProtocol):
        pass

    for cls in (Http, WebSocket):
        cls.limits = limits
        cls.registry = registry
    return {"http": Http, "ws": WebSocket}
