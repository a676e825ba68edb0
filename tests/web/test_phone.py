"""The app on a phone: no sideways scrolling, finger-sized targets, the board in view.

Chromium with touch emulation (pointer: coarse) at 360, 390 and 430 px wide; axe
checks each page and state visited.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.axe import assert_accessible
from tests.web.games import KINDS, against_computer, replayed, waiting

WIDTHS = [360, 390, 430]
TARGET = 44  # px, WCAG 2.5.5


@pytest.fixture
def phone(new_page: Callable[..., Any]) -> Callable[[int], Any]:
    """Pages of a touch phone ``width`` px wide (844 px tall), from conftest's ``new_page``."""

    def make(width: int = 390) -> Any:
        return new_page(width, 844, is_mobile=True, has_touch=True)

    return make


def overflow(page: Any) -> int:
    """How many px the page is wider than the window (0: no sideways scrolling)."""
    extra: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return extra


def open_game(page: Any, server: str, game: str) -> None:
    gid, token = against_computer(server, game)
    page.goto(f"{server}/game/{gid}?token={token}")
    page.wait_for_selector("#board .pt")
    page.wait_for_selector("#board.interactive", timeout=60_000)


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_scrolls_sideways(phone: Callable[[int], Any], server: str, width: int) -> None:
    page = phone(width)
    for game in KINDS:
        waiting(server, game)  # the lobby lists one of each
    page.goto(server + "/")
    page.wait_for_selector("#lobby li a, #lobby li button", state="attached")
    options = page.eval_on_selector_all(
        "#game-choice input[name=game]", "inputs => inputs.map(i => i.value)"
    )
    assert sorted(options) == sorted(KINDS)
    check = assert_accessible if width == 390 else lambda page, where: None
    for game in options:
        page.check(f"#game-{game}")
        assert overflow(page) == 0, f"home page with {game} selected, {width} px"
        check(page, f"home page with {game} selected")
    for game in KINDS:
        open_game(page, server, game)
        assert overflow(page) == 0, f"{game} game page, {width} px"
        page.goto(f"{server}/replay/{replayed(server, game)}")
        page.wait_for_selector("#board .pt")
        page.wait_for_selector("#moves li")
        assert overflow(page) == 0, f"{game} replay page, {width} px"
        assert small_targets(page) == [], f"{game} replay page, {width} px"
        check(page, f"{game} replay page")


def small_targets(page: Any) -> list[str]:
    """Visible buttons, fields and checkboxes (by their label) smaller than a finger."""
    found: list[str] = page.evaluate(
        """(least) => {
          const out = [];
          const shown = (n) => n.getClientRects().length > 0
            && getComputedStyle(n).visibility !== 'hidden';
          for (const n of document.querySelectorAll('button, select, input')) {
            if (!shown(n) || n.closest('.sr-only')) continue;
            // A checkbox is hit through its label, which holds it.
            const tick = n.type === 'checkbox' || n.type === 'radio';
            const box = tick && n.closest('label') ? n.closest('label') : n;
            const r = box.getBoundingClientRect();
            const name = n.id || n.textContent.trim() || n.outerHTML.slice(0, 60);
            if (r.height < least || r.width < least) {
              out.push(`${name}: ${Math.round(r.width)}x${Math.round(r.height)}`);
            }
          }
          return out;
        }""",
        TARGET,
    )
    return found


@pytest.mark.parametrize("game", list(KINDS))
def test_touch_targets_and_the_board_in_view(
    phone: Callable[[int], Any], server: str, game: str
) -> None:
    page = phone(390)
    open_game(page, server, game)
    assert small_targets(page) == []
    board = page.locator("#board").bounding_box()
    assert board["y"] + board["height"] <= 844, "the board is taller than the phone's window"
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390
    # Confirming each move is on by default on a touch screen.
    assert page.is_checked("#confirm-moves")
    assert_accessible(page, f"{game} on a phone")


def test_home_touch_targets(phone: Callable[[int], Any], server: str) -> None:
    page = phone(390)
    page.goto(server + "/")
    page.wait_for_selector('#game-choice input[value="go"]', state="attached")
    assert small_targets(page) == []
    assert_accessible(page, "home page on a phone")


def test_small_board_zooms_on_the_first_tap(phone: Callable[[int], Any], server: str) -> None:
    page = phone(390)
    open_game(page, server, "go")  # 19x19: points of about 18 px
    page.locator('#board [data-point="k10"]').tap()
    page.wait_for_selector(".board-frame.zoomed")
    # Zoomed, a point is at least a finger wide, and the tap plays there (to confirm).
    point = page.locator('#board [data-point="k10"]').bounding_box()
    assert point["width"] >= TARGET - 0.5
    assert page.is_visible("#confirm-bar") is False
    page.locator('#board [data-point="k10"]').tap()
    page.wait_for_selector("#confirm-bar:not([hidden])")
    assert "K10" in page.text_content("#confirm-text")
    assert_accessible(page, "zoomed board")
    page.tap("#confirm-yes")
    page.wait_for_selector("#moves li")
    page.wait_for_selector(".board-frame:not(.zoomed)")


def test_quoridor_wall_by_taps(phone: Callable[[int], Any], server: str) -> None:
    page = phone(390)
    open_game(page, server, "quoridor")

    def groove() -> tuple[float, float]:
        # e3h lies above square e3, across columns e and f: a point on it, off its middle.
        box = page.locator('#board [data-point="e3"] rect').bounding_box()
        unit = box["width"] / 0.8
        return box["x"] + 1.2 * unit, box["y"] - 0.1 * unit

    page.touchscreen.tap(*groove())
    page.wait_for_selector(".board-frame.zoomed")
    box = page.locator('#board [data-point="e3"] rect').bounding_box()
    assert box["width"] / 0.8 * 0.5 >= TARGET - 0.5  # a groove's half square is a finger wide
    page.touchscreen.tap(*groove())
    page.wait_for_selector("#confirm-bar:not([hidden])")
    assert page.text_content("#confirm-text") == "Play e3h?"
    page.tap("#zoom-out" if page.locator("#zoom-out").count() else ".zoom-out")
    page.wait_for_selector(".board-frame:not(.zoomed)")
