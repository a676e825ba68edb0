"""The rules pages' content: one data file per game (``rules/<game>.json``).

A file holds the game's ``title``, a one-line ``text`` and its ``sections``, each
with a ``title``, ``paragraphs`` and ``diagrams``. A diagram is a position
``{options, setup, moves}`` (the shared position of issue 10: the game's own set-up
record and moves in its notation) with optional ``marks`` (cells or moves ringed on
the board), a ``caption`` and ``try`` (the reader may play on from it). Every text is
an English msgid of the ``rules`` catalog domain; the pages translate them.

The content is written for newcomers from docs/rules/<game>.md; which games have a
page is which data files exist, so no code here names a game.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

#: The data file of the pages' own words (headings, links), beside the games' files.
PAGE = "page"

#: The keys of a rules file whose strings are texts a reader sees (the catalog's msgids).
TEXT_KEYS = ("title", "text", "paragraphs", "caption", "label")


@cache
def games() -> tuple[str, ...]:
    """The games with a rules page, in the registry's order (the home page's)."""
    from tabletop.core import list_games

    present = {p.stem for p in HERE.glob("*.json")} - {PAGE}
    return tuple(info.name for info in list_games() if info.name in present)


@cache
def load(game: str) -> dict[str, Any]:
    """The rules content of ``game`` (KeyError when it has no page)."""
    if game not in games():
        raise KeyError(game)
    data: dict[str, Any] = json.loads((HERE / f"{game}.json").read_text(encoding="utf-8"))
    return data


@cache
def page_words() -> dict[str, Any]:
    """The pages' own words (``page.json``): the index's title and text, and labels."""
    data: dict[str, Any] = json.loads((HERE / f"{PAGE}.json").read_text(encoding="utf-8"))
    return data


def diagrams(game: str) -> list[dict[str, Any]]:
    """Every diagram of a game's page, in page order."""
    return [d for section in load(game)["sections"] for d in section.get("diagrams", [])]


def position_of(game: str, diagram: dict[str, Any]) -> dict[str, Any]:
    """A diagram's position as the shared position record ``{game, options, setup, moves}``."""
    position = diagram["position"]
    out = {"game": game, "options": position.get("options", {}), "moves": position["moves"]}
    if "setup" in position:
        out["setup"] = position["setup"]
    return out


def texts(data: Any) -> list[str]:
    """Every reader's text in a rules file's data, in order, without repeats."""
    out: list[str] = []

    def walk(value: Any, key: str | None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in TEXT_KEYS and value not in out:
            out.append(value)

    walk(data, None)
    return out
