"""Which language a page is in: ``?lang=``, then the stored choice, then Accept-Language,
then English (decision record 0105). Anything not one of :data:`LANGUAGES` is ignored."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the games import tabletop.i18n (N_) without the web stack
    from starlette.requests import HTTPConnection

#: The languages of the app; English is the source language of every catalog.
LANGUAGES = ("en", "tr", "de", "nl")
DEFAULT = "en"
#: The cookie that keeps a player's choice (set when a page is asked with ``?lang=``).
COOKIE = "lang"
#: Each language's name in itself, for the picker.
LANGUAGE_NAMES = {"en": "English", "tr": "Türkçe", "de": "Deutsch", "nl": "Nederlands"}


def pick(value: str | None) -> str | None:
    """``value`` as one of :data:`LANGUAGES` ("de-AT" reads as "de"), or None."""
    if not value or len(value) > 35:
        return None
    primary = value.strip().split("-")[0].split("_")[0].lower()
    return primary if primary in LANGUAGES else None


def accepted(header: str | None) -> list[str]:
    """The languages of an Accept-Language header that the app has, best first."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "")[:500].split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                continue
        language = pick(tag)
        if language is not None and 0 < quality <= 1:
            ranked.append((-quality, index, language))
    return [language for _, _, language in sorted(ranked)]


def negotiate(request: HTTPConnection) -> str:
    """The language to answer ``request`` in."""
    for choice in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        language = pick(choice)
        if language is not None:
            return language
    return next(iter(accepted(request.headers.get("accept-language"))), DEFAULT)
