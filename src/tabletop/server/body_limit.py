"""Request bodies over a limit get 413 before they are parsed (records may be larger)."""

from __future__ import annotations

from starlette.types import Message, Receive, Scope, Send

from tabletop.server.errors import error_response
from tabletop.server.middleware import HttpMiddleware

#: Request bodies over this many bytes get 413 (records may be larger).
MAX_BODY = 64 * 1024
MAX_RECORD_BODY = 2 * 1024 * 1024


class BodyLimit(HttpMiddleware):
    """ASGI middleware: refuse request bodies over the limit with 413 before parsing them."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = MAX_RECORD_BODY if scope["path"] == "/api/records" else MAX_BODY
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went (or was cut off for a stalled body): no request
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                response = error_response(
                    413,
                    "too-large",
                    f"request bodies are at most {limit} bytes",
                    params={"limit": limit},
                )
                await response(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
