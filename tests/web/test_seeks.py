"""Finding an opponent in a real browser, two players in two browser contexts: both
register, one offers a rated game to anyone from the home page, the other sees it in
the list and accepts it, both land on the board at once (the seeker's page taken there
by its poll), play, chat, one resigns, and both ratings change on the profiles. Then a
challenge from a profile, declined on My games."""

from __future__ import annotations

import re
import secrets
from typing import Any

from tests.web.play import click_point, move_count, wait_turn
from tests.web.test_accounts import register
from tests.web.test_chat import say, wait_lines


def to_move_first(ann: Any, bob: Any) -> tuple[Any, Any]:
    """(Black's page, White's page): the sides of a seek are drawn at random."""
    for _ in range(100):
        for page, other in ((ann, bob), (bob, ann)):
            if page.locator("#board.interactive").count():
                return page, other
        ann.wait_for_timeout(100)
    raise AssertionError("nobody may move")


def test_a_seek_accepted_takes_both_players_to_the_board(new_page: Any, server: str) -> None:
    suffix = secrets.token_hex(3)
    ann_name, bob_name = f"Sara-{suffix}", f"Tom_{suffix}"
    ann, bob = new_page(), new_page()
    register(ann, server, ann_name)
    register(bob, server, bob_name)

    ann.goto(f"{server}/")
    ann.wait_for_selector("#game-go")
    ann.check("#game-go")
    ann.check("#preset-9x9")
    ann.check("#opponent-anyone")
    ann.wait_for_selector("#seek-rated")
    assert ann.is_checked("#seek-rated")
    ann.click("#create-btn")
    ann.wait_for_selector("#seek-cancel")

    bob.goto(f"{server}/")
    line = bob.locator("#seeks li", has_text=ann_name)
    line.wait_for()
    assert "9×9" in line.inner_text()
    line.locator("button").click()
    bob.wait_for_url(re.compile(r"/game/"))
    ann.wait_for_url(re.compile(r"/game/"), timeout=15_000)
    assert ann.url.split("?")[0] == bob.url.split("?")[0]

    black, white = to_move_first(ann, bob)
    for player, other, point in ((black, white, "c3"), (white, black, "d4")):
        player.wait_for_selector("#board.interactive")
        before = move_count(other)
        click_point(player, point)
        wait_turn(other, before)
    black.wait_for_selector("#chat:not([hidden])")
    say(black, "Good game!")
    wait_lines(white, 1)
    assert "Good game!" in white.text_content("#chat-lines")
    black.click("#resign-btn")  # the confirm dialog is accepted by new_page
    black.wait_for_selector("#outcome", state="visible")

    for page, name in ((ann, ann_name), (bob, bob_name)):
        page.goto(f"{server}/players/{name}")
        page.wait_for_selector('body[data-ready="true"]')
        row = page.inner_text("#ratings tbody")
        shown = int(re.search(r"(\d{4})\?", row).group(1))  # type: ignore[union-attr]
        assert shown < 1500 if page is black else shown > 1500

    # Ann challenges Bob from his profile; Bob declines on My games; Ann hears it.
    ann.goto(f"{server}/players/{bob_name}")
    ann.wait_for_selector("#challenge:not([hidden])")
    ann.click("#challenge-btn")
    ann.wait_for_selector("#challenge-status:has-text('…')")
    bob.click("#my-games-link")
    bob.wait_for_url(f"{server}/account/games")
    challenge = bob.locator("#incoming li", has_text=ann_name)
    challenge.wait_for()
    assert bob.locator("#my-finished li").count() == 1
    challenge.get_by_role("button", name="Decline").click()
    ann.wait_for_selector("#challenge-status:has-text('Declined.')", timeout=15_000)
