"""What one client may ask of the server, and how much memory idle games may hold.

Every number is in :class:`Limits` (defaults in docs/server.md); ``create_app``
takes one and ``tabletop serve`` sets it from its flags. A client is its
address (an IPv6 client its /64 network: one machine is given a whole one),
or, behind a reverse proxy named in ``trusted_proxies``, the address that
proxy puts last in ``X-Forwarded-For``. Rates are token buckets: ``burst``
requests at once, then one each ``60 / per_minute`` seconds.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from tabletop.server.middleware import HttpMiddleware


@dataclass(frozen=True)
class Limits:
    """Per-client limits (0: no limit, except for bursts) and the memory bound of the rooms."""

    #: API requests per client (HTTP under /api/; WebSocket frames are not requests).
    requests_per_minute: float = 1200.0
    requests_burst: int = 200

    #: New games per client: ``games_burst`` at once, then ``games_per_minute``.
    games_per_minute: float = 30.0
    games_burst: int = 30
    #: Games a client made that still wait for players (more are refused until some start).
    waiting_games: int = 30
    #: Record imports per client, and the size of one record.
    imports_per_minute: float = 10.0
    imports_burst: int = 10
    import_bytes: int = 1_000_000
    import_plies: int = 2_000
    #: Account requests that hash a password (register, log in, recover, change) per
    #: client: each costs the server an Argon2id hash.
    logins_per_minute: float = 20.0
    logins_burst: int = 10
    #: Hint requests per client (each costs a worker seconds of search).
    hints_per_minute: float = 30.0
    hints_burst: int = 5
    #: Chat lines per client, in all its games (decision record 0149).
    chat_per_minute: float = 20.0
    chat_burst: int = 5
    #: Games kept in memory while nothing needs them (loaded again from storage on use),
    #: and the moves they may hold in all (a game's memory grows with its moves).
    idle_rooms: int = 100
    idle_plies: int = 20_000
    #: Clients each rate limiter remembers (the least recently seen are forgotten).
    clients: int = 10_000
    #: Addresses of reverse proxies whose X-Forwarded-For names the client.
    trusted_proxies: tuple[str, ...] = ()


class RateLimiter:
    """Token buckets by client key, in bounded memory.

    At most ``clients`` keys are kept, the least recently seen dropped first: a
    dropped client starts again with a full bucket, so the bound can only make
    the limit kinder, never stricter."""

    def __init__(
        self,
        per_minute: float,
        burst: int,
        clients: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1, burst)
        self.clients = max(1, clients)
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, at)

    def take(self, key: str) -> float:
        """Take one token for ``key``: 0.0 when allowed, else the seconds until one is free."""
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        tokens, at = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        return wait

    def __len__(self) -> int:
        return len(self._buckets)


class RateLimit(HttpMiddleware):
    """ASGI middleware: refuse a client over its rate before its request is even read.

    Every API request takes a token of the client's request bucket; creating a game
    and importing a record take one of their own too. Refusing here, before the body
    is parsed and the route found, keeps what an abusive client costs small, so the
    others' requests do not wait behind its flood."""

    def __init__(self, app: ASGIApp, limits: ClientLimits) -> None:
        super().__init__(app)
        self.limits = limits
        self.costly = {
            ("POST", "/api/games"): (limits.games, "new games"),
            ("POST", "/api/records"): (limits.imports, "record imports"),
            **{
                ("POST", path): (limits.logins, "account requests")
                for path in (
                    "/api/accounts",
                    "/api/session",
                    "/api/account/password",
                    "/api/account/recover",
                )
            },
        }

    def applies(self, scope: Scope) -> bool:
        """Only API requests count (pages and scripts are not limited)."""
        return str(scope.get("path", "")).startswith("/api/")

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        key = scope_key(scope, self.limits.limits.trusted_proxies)
        wait = self.limits.requests.take(key)
        what = "requests"
        if not wait:
            costly = self.costly.get((scope["method"], scope["path"].rstrip("/")))
            if costly is not None:
                wait = costly[0].take(key)
                what = costly[1]
        if not wait:
            await self.app(scope, receive, send)
            return
        after = retry_after(wait)
        body = {
            "error": "rate-limited",
            "message": f"too many {what} from your address: try again in {after} s",
            "params": {"seconds": int(after)},
        }
        response = JSONResponse(body, status_code=429, headers={"Retry-After": after})
        await response(scope, receive, send)


def scope_key(scope: Scope, trusted: tuple[str, ...]) -> str:
    """The client key (:func:`client_key`) of an ASGI connection."""
    client = scope.get("client")
    forwarded = None
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            forwarded = value.decode("latin-1")
    return client_key(client_address(client[0] if client else None, forwarded, trusted))


def retry_after(wait: float) -> str:
    """The Retry-After header value (whole seconds, at least 1) for a wait in seconds."""
    return str(max(1, math.ceil(wait)))


def client_address(peer: str | None, forwarded_for: str | None, trusted: tuple[str, ...]) -> str:
    """Who is asking: the peer, or behind a trusted proxy the address it forwarded.

    The last X-Forwarded-For entry that is not itself a trusted proxy is the one the
    (first) trusted proxy saw; entries before it are the client's own word."""
    address = peer or "unknown"
    if forwarded_for and address in trusted:
        for entry in reversed(forwarded_for.split(",")):
            entry = entry.strip()
            if entry and entry not in trusted:
                return entry[:64]
    return address


def client_key(address: str) -> str:
    """The key limits count by: the address, an IPv6 address's /64 network."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def creator_tag(key: str) -> str:
    """What storage keeps of the client that made a game: a digest, not the address."""
    return hashlib.sha256(key.encode()).hexdigest()[:32]


class ClientLimits:
    """The limiters of one server, built from its :class:`Limits`."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        n = limits.clients
        self.requests = RateLimiter(limits.requests_per_minute, limits.requests_burst, n, clock)
        self.games = RateLimiter(limits.games_per_minute, limits.games_burst, n, clock)
        self.imports = RateLimiter(limits.imports_per_minute, limits.imports_burst, n, clock)
        self.hints = RateLimiter(limits.hints_per_minute, limits.hints_burst, n, clock)
        self.logins = RateLimiter(limits.logins_per_minute, limits.logins_burst, n, clock)
        self.chat = RateLimiter(limits.chat_per_minute, limits.chat_burst, n, clock)
