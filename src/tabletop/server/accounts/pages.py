"""The accounts' pages: register, log in, change the password, recover, and a player's
profile (``/players/{name}``), rendered in the player's language; account.js and
player.js do the rest through the API."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from tabletop.server.accounts.names import name_key
from tabletop.server.accounts.profile import profile
from tabletop.server.errors import error_response
from tabletop.server.routes.context import store_of

router = APIRouter(include_in_schema=False)

#: The account forms, each one page of account.html.
FORMS = ("register", "login", "password", "recover")


def _render(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    pages = getattr(request.app.state, "pages", None)
    if pages is None:
        return error_response(404, "not-found", "the browser app is not installed")
    return pages.render(request, name, status, **context)  # type: ignore[no-any-return]


@router.get("/account/games")
async def my_games_page(request: Request) -> Response:
    """My games: challenges, games in progress and finished (my-games.js fills it)."""
    return _render(request, "my_games.html")


@router.get("/account/{form}")
async def account_page(request: Request, form: str) -> Response:
    """One of the account forms (:data:`FORMS`)."""
    if form not in FORMS:
        return _render(request, "404.html", 404)
    return _render(request, "account.html", form=form)


@router.get("/players/{username}")
async def player_page(request: Request, username: str) -> Response:
    """A player's profile: ratings, their graph, recent games (player.js draws them)."""
    found = None
    if len(username) <= 20:
        found = await profile(store_of(request).engine, name_key(username))
    if found is None:
        return _render(request, "404.html", 404)
    return _render(request, "player.html", username=found["username"])
