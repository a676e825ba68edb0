"""The browser app's pages, rendered in the player's language, and ``/static/*``.

Every page is a Jinja2 template in ``web/templates/`` extending ``base.html`` (the header,
the language picker, ``<html lang>``), rendered with ``_``, ``ngettext``, ``pgettext`` and
``lang`` in the language :func:`tabletop.i18n.negotiate` chooses (decision record 0103),
so the first paint is already translated; the page's module then reads the same catalog.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletop.i18n import COOKIE, LANGUAGE_NAMES, LANGUAGES, Catalog, catalog, negotiate, pick
from tabletop.i18n.negotiate import TRANSLATED
from tabletop.server.assets import WebAssets
from tabletop.server.errors import error_response, http_error

# Where answers stay JSON whatever the client accepts: the API, sockets and app files.
_MACHINE_PREFIXES = ("/api/", "/ws/", "/static/")
#: How long the stored choice of language lasts (a year, renewed by each choice).
COOKIE_AGE = 365 * 24 * 3600


class Pages:
    """The templates of one web directory, rendered per request."""

    def __init__(self, templates: Path) -> None:
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(templates),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )

    def render(
        self,
        request: Request,
        name: str,
        status: int = 200,
        *,
        domain: str = "tabletop",
        **context: Any,
    ) -> HTMLResponse:
        """``name`` in the request's language; a valid ``?lang=`` is remembered (cookie).

        ``domain``: the catalog of the page's own words (the rules pages: "rules"); the
        layout's words (base.html) come from the app's catalog beneath it.
        """
        lang = negotiate(request)
        words = catalog("tabletop", lang)
        if domain != "tabletop":
            own = catalog(domain, lang)
            words = Catalog(lang, {**words.messages, **own.messages})
        body = self.env.get_template(name).render(
            lang=lang,
            _=words.gettext,
            gettext=words.gettext,
            ngettext=words.ngettext,
            pgettext=words.pgettext,
            languages=picker(request, lang),
            # The catalog the page's modules load first (none in English: msgid is English).
            catalog_url=f"/static/i18n/tabletop.{lang}.json" if lang in TRANSLATED else None,
            **context,
        )
        answer = HTMLResponse(body, status_code=status)
        answer.headers["content-language"] = lang
        answer.headers["vary"] = "Accept-Language, Cookie"
        chosen = pick(request.query_params.get("lang"))
        if chosen is not None:
            answer.set_cookie(COOKIE, chosen, max_age=COOKIE_AGE, samesite="lax")
        return answer


def picker(request: Request, current: str) -> list[dict[str, Any]]:
    """The picker's links: this address in each language (its other parameters kept)."""
    links = []
    for lang in LANGUAGES:
        query = request.query_params.multi_items()
        query = [(k, v) for k, v in query if k != "lang"] + [("lang", lang)]
        href = request.url.path + "?" + "&".join(f"{_quote(k)}={_quote(v)}" for k, v in query)
        links.append(
            {"code": lang, "name": LANGUAGE_NAMES[lang], "href": href, "current": lang == current}
        )
    return links


def _quote(text: str) -> str:
    return quote(text, safe="")


def serve_pages(app: FastAPI, web_dir: Path | None) -> None:
    """Serve the app's pages and files (a 404 answer when it is not installed)."""
    templates = None if web_dir is None else web_dir / "templates"
    pages = Pages(templates) if templates is not None and templates.is_dir() else None

    def has(name: str) -> bool:
        return templates is not None and (templates / name).is_file()

    def page(name: str) -> Callable[..., Awaitable[Response]]:
        async def serve(request: Request, game_id: str = "") -> Response:
            if pages is None or not has(name):
                return error_response(404, "not-found", "the browser app is not installed")
            return pages.render(request, name)

        return serve

    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/game/{game_id}", include_in_schema=False)(page("game.html"))
    app.get("/replay/{game_id}", include_in_schema=False)(page("replay.html"))
    app.get("/review/{game_id}", include_in_schema=False)(page("review.html"))
    if web_dir is not None and web_dir.is_dir():
        app.mount("/static", WebAssets(directory=web_dir), name="static")
    if pages is not None and has("404.html"):
        app.add_exception_handler(404, _not_found_page(pages))
    app.state.pages = pages  # other routers' pages (rules, lessons) render through it


def _not_found_page(pages: Pages) -> Callable[[Request, Exception], Awaitable[Response]]:
    """A 404 answer: a page for a browser asking for one, the JSON error body otherwise."""

    async def answer(request: Request, err: Exception) -> Response:
        path = request.url.path
        wants_html = "text/html" in request.headers.get("accept", "")
        if wants_html and not path.startswith(_MACHINE_PREFIXES):
            return pages.render(request, "404.html", status=404)
        assert isinstance(err, StarletteHTTPException)
        return await http_error(request, err)

    return answer
