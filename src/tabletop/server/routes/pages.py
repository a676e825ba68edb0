"""The browser app: ``/``, ``/game/{id}``, ``/replay/{id}`` and ``/static/*`` from its directory."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletop.server.assets import WebAssets
from tabletop.server.errors import error_response, http_error

# Where answers stay JSON whatever the client accepts: the API, sockets and app files.
_MACHINE_PREFIXES = ("/api/", "/ws/", "/static/")


def serve_pages(app: FastAPI, web_dir: Path | None) -> None:
    """Serve the app's pages and files (a 404 page when it is not installed)."""

    def page(name: str) -> Callable[..., Awaitable[Response]]:
        async def serve(game_id: str = "") -> Response:
            path = None if web_dir is None else web_dir / name
            if path is None or not path.is_file():
                return error_response(404, "not-found", "the browser app is not installed")
            return FileResponse(path, media_type="text/html")

        return serve

    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/game/{game_id}", include_in_schema=False)(page("game.html"))
    app.get("/replay/{game_id}", include_in_schema=False)(page("replay.html"))
    if web_dir is not None and web_dir.is_dir():
        app.mount("/static", WebAssets(directory=web_dir), name="static")
        not_found = web_dir / "404.html"
        if not_found.is_file():
            app.add_exception_handler(404, _not_found_page(not_found))


def _not_found_page(page: Path) -> Callable[[Request, Exception], Awaitable[Response]]:
    """A 404 answer: a page for a browser asking for one, the JSON error body otherwise."""

    async def answer(request: Request, err: Exception) -> Response:
        path = request.url.path
        wants_html = "text/html" in request.headers.get("accept", "")
        if wants_html and not path.startswith(_MACHINE_PREFIXES):
            return FileResponse(page, status_code=404, media_type="text/html")
        assert isinstance(err, StarletteHTTPException)
        return await http_error(request, err)

    return answer
