"""Every word the server sends for the browser to show (option labels, explanations and
choices, presets, level descriptions, clock presets, side names) is a catalog message:
marked with N_() where it is written, so the browser can translate it with t()."""

from __future__ import annotations

import re
from typing import Any

from tabletop.core import list_games, load_game
from tabletop.i18n.tools import read, template_path
from tabletop.server.routes.catalog import catalog_body


def server_words() -> set[str]:
    body = catalog_body()
    words: set[str] = set()

    def add(*texts: Any) -> None:
        words.update(t for t in texts if isinstance(t, str) and re.search("[A-Za-z]", t))

    for game in body["games"]:
        for option in game["options"]:
            add(option["label"], option["explanation"], option["default_text"])
            for choice in option["choice_labels"] or []:
                add(choice["label"])
        for preset in game["presets"]:
            add(preset["label"], preset["explanation"], *preset["sides"])
    for level in body["level_words"]:
        add(level["words"])
    for clock in body["clock_presets"]:
        add(clock["label"], clock["explanation"])
    for info in list_games():
        for preset in info.presets:
            add(*load_game(info.name, **preset.options).seat_names)
    return words


def test_every_server_word_is_in_the_catalog() -> None:
    messages = {m.id for m in read(template_path("tabletop")) if isinstance(m.id, str)}
    missing = sorted(server_words() - messages)
    assert missing == [], "mark these with N_() and run python -m tabletop.i18n update"
