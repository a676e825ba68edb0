"""What the server's ASGI middlewares share: they act on HTTP requests only.

The body limit, the rate limit and the security headers each look at an HTTP
request (or its answer) before the app does; WebSocket connections and the
lifespan events go straight through. :class:`HttpMiddleware` holds that
dispatch once, so each middleware is only what it does to a request.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send


class HttpMiddleware:
    """Base of an ASGI middleware that acts on HTTP requests: :meth:`handle` gets those
    it :meth:`applies` to; every other connection goes to the app untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.applies(scope):
            await self.handle(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    def applies(self, scope: Scope) -> bool:
        """True when the middleware acts on this HTTP request (every one, unless overridden)."""
        return True

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Act on one HTTP request; passing it on is ``await self.app(scope, receive, send)``."""
        raise NotImplementedError
