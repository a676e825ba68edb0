"""Extract, update and compile the catalogs (``python -m tabletop.i18n update|compile``).

* extract: each domain's sources, chosen by its Babel mapping file
  ``locale/<domain>.cfg``, into ``locale/<domain>.pot``;
* update: every ``locale/<lang>/LC_MESSAGES/<domain>.po`` from its template (new messages
  untranslated, gone ones dropped);
* compile: each .po to ``web/i18n/<domain>.<lang>.json`` (English: plurals only, from the
  template), plural forms keyed by CLDR category as ``Intl.PluralRules`` names them.

The files are written without dates or line numbers, so that running ``update`` on an
unchanged tree changes nothing and two branches' catalogs merge line by line.
"""

from __future__ import annotations

import gettext
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from tabletop.i18n.catalogs import CONTEXT_SEPARATOR, compiled_path
from tabletop.i18n.negotiate import DEFAULT, LANGUAGES, TRANSLATED

PACKAGE_DIR = Path(__file__).resolve().parents[1]
LOCALE_DIR = PACKAGE_DIR / "locale"
#: The call names that mark a message: Python (``_``, ``N_``, gettext's own), the Jinja2
#: templates, and the browser modules (``t``, ``tn``, ``tc`` of web/js/i18n.js).
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "t": None,
    "tn": (1, 2),
    "tc": ((1, "c"), 2),
}
#: A fixed date in the headers: the files change only when the messages do.
_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def template_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def po_path(domain: str, language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def domains() -> list[str]:
    """The domains that have a mapping file."""
    return sorted(path.stem for path in LOCALE_DIR.glob("*.cfg"))


def extract(domain: str) -> PoCatalog:
    """The messages of ``domain``'s sources (paths relative to the package directory)."""
    with (LOCALE_DIR / f"{domain}.cfg").open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)  # type: ignore[no-untyped-call]
    template = _new_catalog(domain, None)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE_DIR), method_map, options_map, keywords=KEYWORDS, comment_tags=("i18n:",)
    ):
        template.add(
            message,
            None,
            [(filename, lineno)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",) if _has_placeholder(message) else (),
        )
    return template


def _has_placeholder(message: str | tuple[str, ...]) -> bool:
    texts = (message,) if isinstance(message, str) else message
    return any("{" in text for text in texts)


def _new_catalog(domain: str, language: str | None) -> PoCatalog:
    return PoCatalog(
        locale=language,
        domain=domain,
        project="tabletop",
        version="",
        msgid_bugs_address="",
        copyright_holder="the tabletop authors",
        creation_date=_DATE,
        revision_date=_DATE,
        fuzzy=False,
    )


def write(catalog: PoCatalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, sort_output=True, include_lineno=False,
                 ignore_obsolete=True)  # fmt: skip


def read(path: Path, language: str | None = None) -> PoCatalog:
    with path.open("rb") as source:
        return read_po(source, locale=language)


def update(domain: str) -> None:
    """Extract ``domain`` into its template and bring each language's .po up to it."""
    template = extract(domain)
    write(template, template_path(domain))
    for language in TRANSLATED:
        path = po_path(domain, language)
        catalog = read(path, language) if path.is_file() else _new_catalog(domain, language)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.revision_date = _DATE
        catalog.fuzzy = False
        write(catalog, path)


def compiled(domain: str, language: str) -> dict[str, Any]:
    """The JSON document of ``domain`` in ``language``: translated messages only (a
    missing one reads in English), plurals as ``{category: text}``."""
    source = read(template_path(domain)) if language == DEFAULT else read(po_path(domain, language))
    categories = plural_categories(language, None if language == DEFAULT else source.plural_expr)
    messages: dict[str, Any] = {}
    for message in source:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else ()
        key = f"{message.context}{CONTEXT_SEPARATOR}{ids[0]}" if message.context else ids[0]
        if message.pluralizable:
            forms = list(ids) if language == DEFAULT else list(strings)
            by_category = {c: forms[i] for c, i in categories.items() if i < len(forms)}
            if all(by_category.values()):
                messages[key] = by_category
        elif language != DEFAULT and message.string:
            messages[key] = message.string
    return {"language": language, "domain": domain, "messages": messages}


def plural_categories(language: str, plural_expr: str | None = None) -> dict[str, int]:
    """Which gettext plural form (the .po's index) each CLDR category uses in ``language``:
    by the .po's own ``Plural-Forms`` expression when given (Babel's default for a language
    changes between its versions: 2.19 gives Turkish two forms where our files have one)."""
    locale = Locale.parse(language)
    plural_of = gettext.c2py(plural_expr or _new_catalog("x", language).plural_expr)
    mapping: dict[str, int] = {}
    for n in range(200):
        mapping.setdefault(locale.plural_form(n), plural_of(n))
    return mapping


def compile_domain(domain: str) -> None:
    for language in LANGUAGES:
        if language == DEFAULT or po_path(domain, language).is_file():
            document = compiled(domain, language)
            compiled_path(domain, language).write_text(dump(document), encoding="utf-8")


def dump(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
