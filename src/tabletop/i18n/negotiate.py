"""Which language a page is in: ``?lang=``, then the stored choice, then Accept-Language,
then English (decision record 0105). Anything not one of :data:`LANGUAGES` is ignored."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the games import tabletop.i18n (N_) without the web stack
    from starlette.requests import HTTPConnection

#: The languages of the app; English is the source language of every catalog.
LANGUAGES = ("en", "tr", "de", "nl")
DEFAULT = "en"
#: The languages with catalogs to translate (English is the msgids themselves).
TRANSLATED = tuple(language for language in LANGUAGES if language != DEFAULT)
#: The cookie that keeps a player's choice (set when a page is asked with ``?lang=``).
COOKIE = "lang"
#: The pseudo-language for tests: every catalog message visibly transformed ("⟦Ýóúŕ ɱóṽé⟧"),
#: so a page in it shows any text that escaped the catalogs. Chosen only by ?lang= (or the
#: cookie that sets); never offered by the picker nor taken from Accept-Language.
PSEUDO = "qps"
#: Each language's name in itself, for the picker.
LANGUAGE_NAMES = {"en": "English", "tr": "Türkçe", "de": "Deutsch", "nl": "Nederlands"}


def pick(value: str | None, pseudo: bool = True) -> str | None:
    """``value`` as one of :data:`LANGUAGES` ("de-AT" reads as "de"), or :data:`PSEUDO` when
    ``pseudo`` allows it, or None."""
    if not value or len(value) > 35:
        return None
    primary = value.strip().split("-")[0].split("_")[0].lower()
    if primary in LANGUAGES or (pseudo and primary == PSEUDO):
        return primary
    return None


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
        language = pick(tag, pseudo=False)
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
