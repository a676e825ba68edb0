"""Sessions: an HTTP-only, SameSite=Lax cookie holding a random id that the server looks
up by its hash (decision record 0121), and the guard against cross-site requests
(decision record 0122).

The guard reads the browser's own word on where a request comes from: ``Sec-Fetch-Site``
where the browser sends it (HTTPS and localhost), else ``Origin``, which must be this
server's own (``null``, what a page that hides its origin sends, is cross-site). A
request with neither is not from a browser page, and carries no cookie of a victim.
"""

from __future__ import annotations

import secrets

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send

from tabletop.server.accounts.storage import Account, AccountStore, session_hash
from tabletop.server.middleware import HttpMiddleware

COOKIE = "tabletop_session"
#: How long a session lasts from its log-in (lichess keeps one for months; a month here).
LIFETIME = 30 * 24 * 3600.0
#: Longer than any id this server makes: a longer cookie is not looked up at all.
MAX_ID = 64
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: The API paths whose every state-changing request is guarded, cookie or not (a
#: cross-site log-in would sign the victim into the attacker's account).
GUARDED_PREFIXES = ("/api/accounts", "/api/session", "/api/account/")


def new_session_id() -> str:
    """A fresh session id: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def accounts_of(connection: HTTPConnection) -> AccountStore:
    """The account storage of the app serving ``connection``."""
    store: AccountStore = connection.app.state.accounts
    return store


def session_id(connection: HTTPConnection) -> str | None:
    """The session id the client sent, or None (none, or not one this server makes)."""
    sid = connection.cookies.get(COOKIE)
    if not sid or len(sid) > MAX_ID:
        return None
    return sid


async def current_account(connection: HTTPConnection, now: float) -> Account | None:
    """The account signed in on ``connection`` (an unexpired session), or None."""
    sid = session_id(connection)
    if sid is None:
        return None
    return await accounts_of(connection).session_account(session_hash(sid), now)


def set_session_cookie(response: Response, sid: str, secure: bool) -> None:
    """Put the session id in its cookie: HTTP-only (no script reads it), SameSite=Lax
    (no cross-site request but a top-level navigation carries it), Secure over HTTPS."""
    response.set_cookie(
        COOKIE,
        sid,
        max_age=int(LIFETIME),
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )


def clear_session_cookie(response: Response, secure: bool) -> None:
    """Tell the browser to drop the session cookie."""
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def same_site(scope: Scope) -> bool:
    """Whether a request comes from this server's own pages, or from no page at all."""
    fetch_site = _header(scope, b"sec-fetch-site")
    if fetch_site is not None:
        return fetch_site in ("same-origin", "none")
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    host = _header(scope, b"host") or ""
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    return origin == f"{scheme}://{host}"


def has_session_cookie(scope: Scope) -> bool:
    """Whether the request carries a session cookie (read from the raw header)."""
    cookies = _header(scope, b"cookie") or ""
    return any(part.strip().startswith(COOKIE + "=") for part in cookies.split(";"))


class CrossSiteGuard(HttpMiddleware):
    """ASGI middleware: refuse a state-changing API request from another site's page when
    it carries a session cookie, or when it is an account request (log-in included)."""

    def applies(self, scope: Scope) -> bool:
        """State-changing API requests only."""
        path = str(scope.get("path", ""))
        return scope.get("method") in UNSAFE and path.startswith("/api/")

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        guarded = has_session_cookie(scope) or path.startswith(GUARDED_PREFIXES)
        if not guarded or same_site(scope):
            await self.app(scope, receive, send)
            return
        body = {
            "error": "cross-site",
            "message": "a request from another site's page: refused (nothing changed)",
        }
        await JSONResponse(body, status_code=403)(scope, receive, send)
