"""The home page's games (issue 10, point 4): a line, a small board and Learn, Rules, Play
for each game."""

from __future__ import annotations

from typing import Any

from tests.web.axe import assert_accessible

GAMES = ["abalone", "go", "oust", "quoridor"]


def test_each_game_has_a_line_a_board_and_learn_rules_play(new_page: Any, server: str) -> None:
    page = new_page()
    page.goto(f"{server}/")
    page.wait_for_selector(".game-card")
    assert page.eval_on_selector_all(".game-card", "cs => cs.map(c => c.dataset.game)") == GAMES
    for game in GAMES:
        card = f".game-card[data-game='{game}']"
        assert page.inner_text(f"{card} .small").strip()
        # The picture is the game's own renderer drawing its start position.
        assert page.locator(f"{card} svg.preview-board .pt").count() > 0
        assert page.get_attribute(f"{card} a >> nth=0", "href") == f"/learn/{game}"
        assert page.get_attribute(f"{card} a >> nth=1", "href") == f"/rules/{game}"
    page.click(".game-card[data-game='quoridor'] button")
    assert page.is_checked("#game-quoridor")
    assert_accessible(page, "home page with the game cards")
