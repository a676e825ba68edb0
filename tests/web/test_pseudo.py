"""The pseudo-language (`?lang=qps`): every catalog message visibly transformed
("⟦Ýóúŕ ɱóṽé⟧"), so a whole game played in it shows any text that escaped the catalogs
as plain ASCII words (issue 10)."""

from __future__ import annotations

import re
from typing import Any

from tests.web.games import against_computer
from tests.web.play import click_point, is_finished, legal_points, move_count, wait_turn
from tests.web.test_languages import VISIBLE_TEXTS

#: Words that are not the app's: the brand, the picker's language names (each in its own
#: language), the player's name.
ALLOWED = {"tabletop", "English", "Deutsch", "Nederlands", "Ann"}


def untransformed(page: Any) -> list[str]:
    """Visible texts with an ASCII word of three letters or more that is not allowed."""
    found = []
    for text in page.evaluate(VISIBLE_TEXTS):
        words = set(re.findall(r"[A-Za-z]{3,}", text)) - ALLOWED
        if words:
            found.append(f"{sorted(words)} in {text!r}")
    return sorted(set(found))


def test_a_whole_game_in_the_pseudo_language_shows_no_untransformed_text(
    new_page: Any, server: str
) -> None:
    page = new_page()
    page.goto(f"{server}/?lang=en")  # the check is checked: English is found
    page.wait_for_selector(".game-card")
    assert any("Create" in text for text in untransformed(page))
    page.goto(f"{server}/?lang=qps")
    page.wait_for_selector("#game-choice input")
    page.wait_for_selector(".game-card")
    # The lobby lists other tests' games: their players' names are data, not the app's.
    page.evaluate("document.querySelectorAll('.lobby').forEach((n) => n.hidden = true)")
    assert untransformed(page) == []

    gid, token = against_computer(server, "oust", {"size": 4})
    page.goto(f"{server}/game/{gid}?token={token}&lang=qps")
    page.wait_for_selector("#board.interactive")
    seen = untransformed(page)
    for _ in range(60):  # a 4x4 board fills long before
        if is_finished(page):
            break
        before = move_count(page)
        click_point(page, legal_points(page)[0])
        wait_turn(page, before)
        seen += untransformed(page)
    assert is_finished(page)
    page.wait_for_selector("#rematch button")
    seen += untransformed(page)
    assert sorted(set(seen)) == []

    page.click("#replay-link")
    page.wait_for_selector("#moves li")
    page.wait_for_function("document.querySelector('#position').textContent !== ''")
    assert untransformed(page) == []
