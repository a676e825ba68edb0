"""The rules pages: ``/rules`` (the index) and ``/rules/{game}``, in the reader's language.

The words come from the rules content (tabletop/rules/<game>.json) through the ``rules``
catalog domain, so the first paint is translated; each diagram's position is drawn by
the game's own board renderer (web/js/rules.js) from its view, which the page carries
(the same view ``POST /api/position`` answers), so no diagram waits for a request.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from tabletop import rules
from tabletop.i18n import catalog, negotiate
from tabletop.server.errors import error_response
from tabletop.server.positions import build_position, position_view
from tabletop.server.routes.pages import Pages

router = APIRouter()


def _pages(request: Request) -> Pages | None:
    """The app's page renderer (server/routes/pages.py); None when the app is not installed."""
    pages: Pages | None = getattr(request.app.state, "pages", None)
    return pages


def _not_installed() -> Response:
    return error_response(404, "not-found", "the browser app is not installed")


def _view(position: dict[str, Any]) -> dict[str, Any]:
    """A diagram's view, as ``POST /api/position`` answers it (tests check each is valid)."""
    state = build_position(
        position["game"], position["options"], position.get("setup"), position["moves"]
    )
    return position_view(state)


@cache
def _page_data(game: str) -> list[dict[str, Any]]:
    """A page's sections, each diagram with its element id and its data for the script
    (position, view, marks, try) as JSON: the same in every language, so made once per
    game. The JSON goes in the figure's ``data-diagram`` attribute (escaped as any
    attribute), since the Content-Security-Policy allows no inline script."""
    numbers = iter(range(len(rules.diagrams(game))))

    def with_data(diagram: dict[str, Any]) -> dict[str, Any]:
        position = rules.position_of(game, diagram)
        data = {"position": position, "view": _view(position), "marks": diagram.get("marks", []),
                "try": bool(diagram.get("try"))}  # fmt: skip
        return {**diagram, "id": f"{game}-{next(numbers)}", "data": json.dumps(data)}

    return [
        {**section, "diagrams": [with_data(d) for d in section.get("diagrams", [])]}
        for section in rules.load(game)["sections"]
    ]


@router.get("/rules", include_in_schema=False)
async def rules_index(request: Request) -> Response:
    """Every game with a rules page: its name, what it is in one line, a link."""
    pages = _pages(request)
    if pages is None:
        return _not_installed()
    words = catalog("rules", negotiate(request)).gettext
    entries = [
        {
            "game": g,
            "title": words(rules.load(g)["title"]),
            "text": words(rules.load(g)["text"]),
            "diagram": _first_diagram(g),
        }
        for g in rules.games()
    ]
    return pages.render(request, "rules_index.html", words=words, page=rules.page_words(),
                        entries=entries)  # fmt: skip


def _first_diagram(game: str) -> str:
    """The index's small board of a game: its first diagram (its start), not to be tried."""
    first = next(d for section in _page_data(game) for d in section["diagrams"])
    return json.dumps({**json.loads(first["data"]), "try": False})


@router.get("/rules/{game}", include_in_schema=False)
async def rules_page(request: Request, game: str) -> Response:
    """One game's rules: its sections, each diagram with the view of its position."""
    pages = _pages(request)
    if pages is None:
        return _not_installed()
    if game not in rules.games():
        known = ", ".join(rules.games())
        # Raised, not returned: a browser gets the app's 404 page, a program the JSON error.
        raise HTTPException(404, f"no rules page for {game!r}; there are rules for {known}")
    words = catalog("rules", negotiate(request)).gettext
    sections = _page_data(game)
    return pages.render(
        request,
        "rules.html",
        words=words,
        page=rules.page_words(),
        game=game,
        title=words(rules.load(game)["title"]),
        sections=sections,
    )
