"""Security headers on every HTTP answer (decision record 0071).

The browser app is static ES modules and a stylesheet from this server, with no
inline script or style, so the Content-Security-Policy can allow this origin
alone: a script smuggled into a page (a player's name, a record) cannot run,
and no other site can frame the pages (clickjacking a move or a resignation).
Invite links carry a seat's token in the address, so no page sends a referrer.
"""

from __future__ import annotations

from starlette.types import Message, Receive, Scope, Send

from tabletop.server.middleware import HttpMiddleware

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",  # the API and the game WebSockets (same host, ws: or wss:)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders(HttpMiddleware):
    """ASGI middleware: add :data:`HEADERS` to every HTTP response (errors included)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in HEADERS if n not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
