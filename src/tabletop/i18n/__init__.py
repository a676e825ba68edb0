"""Every player's language: English (the source), Turkish, German and Dutch.

The app's words are gettext catalogs whose msgid is the English text (decision record 0102):
``src/tabletop/locale/<domain>.pot`` and ``<lang>/LC_MESSAGES/<domain>.po``, compiled to one
JSON file per domain and language in ``web/i18n/`` that both the browser (``web/js/i18n.js``)
and the server's page templates read (decision record 0104). ``python -m tabletop.i18n
update`` extracts, updates and compiles; ``compile`` only compiles.

Words the server sends as data (option labels and explanations, presets, level
descriptions, clock presets) stay English in the API and are marked with :func:`N_` so
that they are extracted; the browser shows them through ``t()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.i18n.negotiate import COOKIE, DEFAULT, LANGUAGE_NAMES, LANGUAGES, negotiate, pick

#: The three catalogs: the app, the rules pages, the lessons (each helper its own files).
DOMAINS = ("tabletop", "rules", "lessons")


def N_(message: str) -> str:
    """Mark ``message`` for extraction and return it unchanged (it is translated later,
    where the language is known: in the browser)."""
    return message


if TYPE_CHECKING:
    from tabletop.i18n.catalogs import Catalog, catalog


def __getattr__(name: str) -> Any:
    """The catalogs (and Babel) load when first asked for: the games import this package
    for :func:`N_` alone."""
    if name in ("Catalog", "catalog"):
        from tabletop.i18n import catalogs

        return getattr(catalogs, name)
    raise AttributeError(name)


__all__ = [
    "COOKIE",
    "DEFAULT",
    "DOMAINS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "Catalog",
    "catalog",
    "negotiate",
    "pick",
]
