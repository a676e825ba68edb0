"""The browser app: ``/``, ``/game/{id}``, ``/replay/{id}`` and ``/static/*`` from its directory."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response

from tabletop.server.assets import WebAssets
from tabletop.server.errors import error_response


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
