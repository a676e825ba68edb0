"""The rules pages: ``/rules`` (the index) and ``/rules/{game}``, in the reader's language.

The words come from the rules content (tabletop/rules/<game>.json) through the ``rules``
catalog domain, so the first paint is translated; each diagram's position is drawn by
the game's own board renderer (web/js/rules.js) from its view, which the page carries
(the same view ``POST /api/position`` answers), so no diagram waits for a request.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from tabletop import rules
from tabletop.i18n import catalog, negotiate
from tabletop.server.positions import build_position, position_view
from tabletop.server.errors import error_response

router = APIRouter()


def _pages(request: Request) -> Any:
    return getattr(request.app.state, "pages", None)


def _not_installed() -> Response:
    return error_response(404, "not-found", "the browser app is not installed")


def _view(position: dict[str, Any]) -> dict[str, Any]:
    """A diagram's view, as ``POST /api/position`` answers it (tests check each is valid)."""
    state = build_position(
        position["game"], position["options"], position.get("setup"), position["moves"]
    )
    return position_view(state)


@router.get("/rules", include_in_schema=False)
async def rules_index(request: Request) -> Response:
    """Every game with a rules page: its name, what it is in one line, a link."""
    pages = _pages(request)
    if pages is None:
        return _not_installed()
    words = catalog("rules", negotiate(request)).gettext
    entries = [
        {"game": g, "title": words(rules.load(g)["title"]), "text": words(rules.load(g)["text"])}
        for g in rules.games()
    ]
    return pages.render(request, "rules_index.html", words=words, page=rules.page_words(),
                        entries=entries)  # fmt: skip


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
    data = rules.load(game)
    diagrams = [
        {**diagram, "id": f"{game}-{n}", "view": _view(rules.position_of(game, diagram))}
        for n, diagram in enumerate(rules.diagrams(game))
    ]
    # The positions and views go to the page's script as JSON (not executed: the CSP
    # allows no inline script); "</" is escaped so no text can close the element.
    data_json = json.dumps(
        [{"id": d["id"], "position": rules.position_of(game, d), "view": d["view"],
          "marks": d.get("marks", []), "try": bool(d.get("try"))} for d in diagrams],
        ensure_ascii=False,
    ).replace("</", "<\\/")  # fmt: skip
    ids = iter(d["id"] for d in diagrams)
    sections = [
        {**section, "diagrams": [{**d, "id": next(ids)} for d in section.get("diagrams", [])]}
        for section in data["sections"]
    ]
    return pages.render(
        request,
        "rules.html",
        words=words,
        page=rules.page_words(),
        game=game,
        title=words(data["title"]),
        sections=sections,
        diagrams_json=data_json,
    )
