"""The rules pages' content (tabletop/rules/<game>.json): every game has a page, every
diagram's position is one the rules engine accepts, every mark names a cell or move of its
board, and every text is translated into Turkish, German and Dutch."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tabletop import rules
from tabletop.core import list_games
from tabletop.server.positions import build_position
from tabletop.server.positions import position_view as state_view

babel_pofile = pytest.importorskip("babel.messages.pofile")

LOCALE = Path(rules.__file__).parents[1] / "locale"
TRANSLATED = ("tr", "de", "nl")


def position_state(position: dict) -> Any:
    """The state of a diagram's position, as ``POST /api/position`` builds it."""
    return build_position(
        position["game"], position["options"], position.get("setup"), position["moves"]
    )


def position_view(position: dict) -> dict[str, Any]:
    return state_view(position_state(position))


ALL_DIAGRAMS = [
    pytest.param(g, n, d, id=f"{g}-{n}")
    for g in rules.games()
    for n, d in enumerate(rules.diagrams(g))
]


def test_every_game_has_a_rules_page() -> None:
    assert set(rules.games()) == {info.name for info in list_games()}
    for game in rules.games():
        data = rules.load(game)
        assert data["game"] == game
        assert data["title"] and data["text"] and data["sections"]
        ids = [s["id"] for s in data["sections"]]
        assert len(ids) == len(set(ids)), f"{game}: section ids repeat"
        for section in data["sections"]:
            assert section["title"] and section["paragraphs"], (game, section["id"])


@pytest.mark.parametrize(("game", "n", "diagram"), ALL_DIAGRAMS)
def test_every_diagram_position_is_valid(game: str, n: int, diagram: dict) -> None:
    """The engine builds the position (a refused set-up or move fails here), and its view
    carries the board the renderer draws; a "try it" position still has moves to play."""
    position = rules.position_of(game, diagram)
    state = position_state(position)
    view = position_view(position)
    assert view["game"] == game and view["board"]
    if diagram.get("try"):
        assert not state.is_over() and view["legal"], f"{game} diagram {n}: nothing to try"
    assert diagram["caption"], f"{game} diagram {n} has no caption"


@pytest.mark.parametrize(("game", "n", "diagram"), ALL_DIAGRAMS)
def test_every_mark_is_on_the_board(game: str, n: int, diagram: dict) -> None:
    """A mark names a cell of the board, or a wall (Quoridor): a typo would ring nothing."""
    view = position_view(rules.position_of(game, diagram))
    board = view["board"]
    cells = {str(c["name"]).lower() for c in board.get("cells", [])}
    if not cells:  # Go and Quoridor: a square of columns (Go's skip the letter I) and rows
        n = board["size"]
        columns = board.get("columns", "abcdefghijklmnopqrstuvwxyz")[:n].lower()
        cells = {f"{c}{r}" for c in columns for r in range(1, n + 1)}
    for mark in diagram.get("marks", []):
        cell = re.match(r"[a-z]\d+", mark)
        assert cell, mark
        if cells:
            assert cell.group(0) in cells, f"{game} diagram {n}: {mark} is not on the board"


def _catalog(lang: str) -> dict[str, str]:
    with (LOCALE / lang / "LC_MESSAGES" / "rules.po").open("rb") as f:
        catalog = babel_pofile.read_po(f, locale=lang)
    return {m.id: m.string for m in catalog if m.id and "fuzzy" not in m.flags}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_rules_catalog_is_complete(lang: str) -> None:
    """Every text of every rules page (and of the pages' own words) has a translation, with
    the same placeholders as its English msgid."""
    found = _catalog(lang)
    texts = [t for g in rules.games() for t in rules.texts(rules.load(g))]
    texts += rules.texts(rules.page_words())
    missing = [t for t in texts if not found.get(t)]
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:3]}"
    for msgid in texts:
        assert set(re.findall(r"\{\w+\}", msgid)) == set(re.findall(r"\{\w+\}", found[msgid]))
