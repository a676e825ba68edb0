"""The browser app's files under ``/static``: web assets only.

The app's directory is a Python package (its ``__init__.py``, perhaps a
``__pycache__``): a plain static mount served those too. Only the kinds of
file a browser loads are served; anything else is a 404, as if absent. The page
templates (``templates/``) are rendered by the server, never served as they are.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

#: File name endings a browser loads from the app.
WEB_SUFFIXES = frozenset(
    {
        ".html", ".css", ".js", ".mjs", ".map", ".json", ".svg", ".png", ".jpg", ".jpeg",
        ".gif", ".webp", ".ico", ".woff", ".woff2", ".txt",
    }
)  # fmt: skip


class WebAssets(StaticFiles):
    """StaticFiles that serves files with a web suffix and nothing else."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        name = PurePosixPath(path)
        hidden = any(p.startswith(".") for p in name.parts) or name.parts[:1] == ("templates",)
        if name.suffix.lower() not in WEB_SUFFIXES or hidden:
            raise HTTPException(status_code=404)
        return await super().get_response(path, scope)
