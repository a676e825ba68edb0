"""Error answers: every refusal is a 4xx with ``{"error": code, "message": text}`` and changes
nothing; the status of each code is the protocol's table (protocol.ERROR_STATUS)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletop.core import TabletopError
from tabletop.play.match import MatchError
from tabletop.server.protocol import describe_errors, status_of


class ApiError(Exception):
    """An HTTP error answer: status (by default the code's: protocol.ERROR_STATUS), code,
    message, and headers such as Retry-After."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status or status_of(code)
        self.headers = headers


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """The body and status of an error answer."""
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


async def _api_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, ApiError)
    return error_response(err.status, err.code, err.message, err.headers)


async def _match_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, MatchError)
    return error_response(status_of(err.code), err.code, err.message)


async def _tabletop_error(_request: Request, err: Exception) -> JSONResponse:
    return error_response(400, "bad-request", str(err))


async def _invalid(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, RequestValidationError)
    return error_response(400, "bad-request", describe_errors(err.errors()))


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
