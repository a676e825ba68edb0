"""The compiled catalogs (``web/i18n/<domain>.<lang>.json``) for the server's pages.

The same files the browser loads, so a page's first paint and its script agree on every
word. A message missing from a catalog reads in English (its msgid).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale

#: Where ``python -m tabletop.i18n compile`` writes and the app reads the catalogs.
COMPILED_DIR = Path(__file__).resolve().parents[1] / "web" / "i18n"
#: gettext's separator between a message's context and its id.
CONTEXT_SEPARATOR = "\x04"


def compiled_path(domain: str, language: str) -> Path:
    return COMPILED_DIR / f"{domain}.{language}.json"


class Catalog:
    """One domain's messages in one language: ``gettext``, ``ngettext``, ``pgettext``.

    Every function formats ``{name}`` placeholders from its keyword arguments
    (``ngettext`` also gives ``n``), as ``t()`` does in the browser.
    """

    def __init__(self, language: str, messages: dict[str, Any]) -> None:
        self.language = language
        self.messages = messages
        self._plural = Locale.parse(language).plural_form

    def gettext(self, message: str, /, **params: Any) -> str:
        found = self.messages.get(message)
        return _format(found if isinstance(found, str) and found else message, params)

    def pgettext(self, context: str, message: str, /, **params: Any) -> str:
        found = self.messages.get(context + CONTEXT_SEPARATOR + message)
        return _format(found if isinstance(found, str) and found else message, params)

    def ngettext(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        forms = self.messages.get(singular)
        text = forms.get(self._plural(n)) if isinstance(forms, dict) else None
        if not text:
            text = singular if n == 1 else plural
        return _format(text, {"n": n, **params})


def _format(text: str, params: dict[str, Any]) -> str:
    return text.format(**params) if params else text


@cache
def catalog(domain: str, language: str) -> Catalog:
    """The compiled catalog of ``domain`` in ``language`` (English: no file needed)."""
    path = compiled_path(domain, language)
    messages: dict[str, Any] = {}
    if path.is_file():
        messages = json.loads(path.read_text(encoding="utf-8"))["messages"]
    return Catalog(language, messages)
