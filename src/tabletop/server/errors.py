"""Error answers: every refusal is a 4xx with ``{"error": code, "message": text, "params":
{...}}`` and changes nothing; the status of each code is the protocol's table
(protocol.ERROR_STATUS). ``params`` holds the specifics (the move, the option, the limit,
a ``reason``) a client words the code with in its own language; ``message`` is English."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletop.core import TabletopError
from tabletop.core.errors import Param
from tabletop.play.match import MatchError
from tabletop.server.protocol import describe_errors, error_params, status_of

log = logging.getLogger("tabletop.server")

#: SQLSTATE classes and codes that mean the database went away, not a bad statement:
#: connection exceptions (08), operator intervention (57: shutting down, starting up).
OUTAGE_STATES = ("08", "57P01", "57P02", "57P03")
#: What a client is told during an outage (HTTP 503, or an error frame on a socket).
UNAVAILABLE = "the game database cannot be reached just now: try again in a moment"
#: Seconds a client waits before trying again.
RETRY_AFTER = "2"


def is_outage(err: BaseException) -> bool:
    """Whether ``err`` is the database (or the way to it) being unavailable, which passes,
    rather than a fault of the request or of the server's code."""
    from sqlalchemy import exc

    if isinstance(err, OSError | exc.TimeoutError):  # refused, reset, timed out, pool wait
        return True
    if isinstance(err, exc.OperationalError | exc.InterfaceError):
        return True
    if isinstance(err, exc.DBAPIError):
        if err.connection_invalidated:
            return True
        state = getattr(err.orig, "sqlstate", None) or getattr(err.orig, "pgcode", None)
        return isinstance(state, str) and state.startswith(OUTAGE_STATES)
    return False


async def _outage(_request: Request, err: Exception) -> JSONResponse:
    if not is_outage(err):
        raise err  # a real fault: the server's own 500 (and its log)
    log.warning("database unavailable: %s", (str(err).splitlines() or [type(err).__name__])[0])
    return error_response(503, "unavailable", UNAVAILABLE, {"Retry-After": RETRY_AFTER})


class ApiError(Exception):
    """An HTTP error answer: status (by default the code's: protocol.ERROR_STATUS), code,
    message, params (the specifics, for the client's wording), and headers such as
    Retry-After."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int | None = None,
        headers: dict[str, str] | None = None,
        params: dict[str, Param] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status or status_of(code)
        self.headers = headers
        self.params = dict(params or {})


def error_response(
    status: int,
    code: str,
    message: str,
    headers: dict[str, str] | None = None,
    params: dict[str, Param] | None = None,
) -> JSONResponse:
    """The body and status of an error answer."""
    body = {"error": code, "message": message, "params": params or {}}
    return JSONResponse(body, status_code=status, headers=headers)


async def _api_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, ApiError)
    return error_response(err.status, err.code, err.message, err.headers, err.params)


async def _match_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, MatchError)
    return error_response(status_of(err.code), err.code, err.message, params=err.details())


async def _tabletop_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, TabletopError)
    return error_response(400, "bad-request", str(err), params=err.details())


async def _invalid(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, RequestValidationError)
    errors = err.errors()
    return error_response(400, "bad-request", describe_errors(errors), params=error_params(errors))


async def http_error(_request: Request, err: Exception) -> JSONResponse:
    """The JSON body of an HTTP error (404, 405, ...)."""
    assert isinstance(err, StarletteHTTPException)
    code = {404: "not-found", 405: "method-not-allowed"}.get(err.status_code, "bad-request")
    return error_response(err.status_code, code, str(err.detail))


def install_error_handlers(app: FastAPI) -> None:
    """Answer every refusal of ``app`` as an error body (never a 500 for bad input)."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(MatchError, _match_error)
    app.add_exception_handler(TabletopError, _tabletop_error)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(StarletteHTTPException, http_error)
    from sqlalchemy import exc

    for outage in (OSError, exc.DBAPIError, exc.TimeoutError):
        app.add_exception_handler(outage, _outage)
