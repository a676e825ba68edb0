"""The catalogs are complete and current: every message translated in tr, de and nl with
the same placeholders, the templates current with the sources, the compiled JSON current
with the .po files (decision record 0104)."""

from __future__ import annotations

import re

import pytest

from tabletop.i18n import Catalog, catalog
from tabletop.i18n.catalogs import compiled_path
from tabletop.i18n.tools import (
    TRANSLATED,
    compiled,
    domains,
    dump,
    extract,
    plural_categories,
    po_path,
    read,
    template_path,
)

DOMAINS = domains()
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def keys(catalog: object) -> set[tuple[object, object]]:
    return {(m.id, m.context) for m in catalog if m.id}  # type: ignore[attr-defined]


def test_the_three_domains_have_mapping_files() -> None:
    assert set(DOMAINS) >= {"tabletop", "rules", "lessons"}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_is_current_with_the_sources(domain: str) -> None:
    """Run `python -m tabletop.i18n update` after changing a message."""
    assert keys(extract(domain)) == keys(read(template_path(domain)))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated(domain: str, language: str) -> None:
    catalog = read(po_path(domain, language), language)
    assert keys(catalog) == keys(read(template_path(domain))), "run python -m tabletop.i18n update"
    missing = [
        m.id
        for m in catalog
        if m.id and (m.fuzzy or not all(m.string if m.pluralizable else [m.string]))
    ]
    assert missing == [], f"{language}/{domain}.po lacks translations"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_the_placeholders(domain: str, language: str) -> None:
    wrong = []
    for message in read(po_path(domain, language), language):
        if not message.id:
            continue
        ids = message.id if message.pluralizable else (message.id,)
        strings = message.string if message.pluralizable else (message.string,)
        want = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            # A plural form may leave out {n} ("one stone" for 1), never add a name.
            if text and not set(PLACEHOLDER.findall(text)) <= want | {"n"}:
                wrong.append((message.id, text))
            if text and not want - {"n"} <= set(PLACEHOLDER.findall(text)):
                wrong.append((message.id, text))
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_compiled_catalogs_are_current(domain: str) -> None:
    """Run `python -m tabletop.i18n compile` (or `make i18n`) after changing a .po file."""
    for language in ("en", *TRANSLATED):
        path = compiled_path(domain, language)
        assert path.is_file(), path
        assert path.read_text(encoding="utf-8") == dump(compiled(domain, language)), path


def test_plural_forms_are_keyed_by_cldr_category() -> None:
    """Intl.PluralRules names "one" and "other" in all four; Turkish has one gettext form
    ("{n} taş" whatever n), the others two: by each .po's own Plural-Forms, whatever the
    installed Babel's default for the language is (2.19 gives Turkish two forms)."""
    for language in ("en", *TRANSLATED):
        expected = {"one": 0, "other": 0} if language == "tr" else {"one": 0, "other": 1}
        expr = None if language == "en" else read(po_path("tabletop", language)).plural_expr
        assert plural_categories(language, expr) == expected


def test_a_catalog_translates_formats_and_falls_back_to_english() -> None:
    words = Catalog("de", {"Hello {name}": "Hallo {name}", "{n} stone": {"one": "ein Stein",
                          "other": "{n} Steine"}, "piece\x04Stone": "Stein"})  # fmt: skip
    assert words.gettext("Hello {name}", name="Ann") == "Hallo Ann"
    assert words.gettext("Missing") == "Missing"
    assert words.ngettext("{n} stone", "{n} stones", 1) == "ein Stein"
    assert words.ngettext("{n} stone", "{n} stones", 3) == "3 Steine"
    assert words.ngettext("{n} marble", "{n} marbles", 3) == "3 marbles"
    assert words.pgettext("piece", "Stone") == "Stein"


def test_the_pseudo_language_transforms_every_letter_but_placeholders() -> None:
    words = catalog("tabletop", "qps")
    text = words.gettext("{who} to move", who="Ann")
    assert text == "⟦Ann ţó ɱóṽé⟧"
    assert words.ngettext("{n} move", "{n} moves", 2) == "⟦2 ɱóṽéš⟧"


def test_the_rules_link_and_gos_rule_set_option_are_separate_messages() -> None:
    """The home card's and the pages' "Rules" (a link to the rules pages) carry a context;
    Go's option naming its rule set is its own message, so each is translated for what it
    is ("Regeln" / "Regelwerk")."""
    from tabletop.core import game_info

    template = read(template_path("tabletop"))
    links = [m for m in template if m.id == "Rules"]
    assert links and all(m.context == "link to the rules pages" for m in links)
    assert any(path == "web/js/game-cards.js" for m in links for path, _ in m.locations)
    label = next(o.label for o in game_info("go").options if o.name == "rules")
    assert label == "Rule set"
    german = read(po_path("tabletop", "de"))
    assert german.get("Rule set").string != german.get("Rules", "link to the rules pages").string
