"""The board by keyboard: Tab reaches it, the arrow keys move over the points, Enter
plays; the move and captures are announced in a live region; axe checks each state."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.axe import assert_accessible
from tests.web.games import against_computer


def focused_point(page: Any) -> str | None:
    name: str | None = page.evaluate(
        "document.activeElement?.closest?.('#board .pt')?.dataset.point ?? null"
    )
    return name


def tab_to_board(page: Any) -> str:
    for _ in range(12):
        page.keyboard.press("Tab")
        name = focused_point(page)
        if name:
            return name
    raise AssertionError("Tab never reached the board")


def open_game(page: Any, server: str, game: str, options: dict[str, Any]) -> None:
    gid, token = against_computer(server, game, options)
    page.goto(f"{server}/game/{gid}?token={token}")
    page.wait_for_selector("#board.interactive", timeout=60_000)


def test_go_move_by_keyboard(new_page: Any, server: str) -> None:
    page = new_page(1280, 800)
    open_game(page, server, "go", {"size": 9})
    assert tab_to_board(page) == "e5"  # no move yet: the middle point
    assert page.get_attribute('#board [data-point="e5"]', "aria-label") == "E5, play here"
    assert_accessible(page, "go, a point focused")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert focused_point(page) == "d6"
    page.keyboard.press("ArrowDown")
    assert focused_point(page) == "d5"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#moves li').length >= 2", timeout=60_000)
    assert page.locator("#moves li").first.text_content().strip().endswith("D5")
    # Black's move and the reply are said; the focus stays on the board after the redraw.
    page.wait_for_function("/played/.test(document.getElementById('announce')?.textContent || '')")
    assert "played" in page.text_content("#announce")
    page.wait_for_selector("#board.interactive", timeout=60_000)
    assert focused_point(page) == "d5"
    assert page.get_attribute('#board [data-point="d5"]', "aria-label") == "D5, Black (Ann)"
    assert_accessible(page, "go after a keyboard move")


def test_abalone_move_by_keyboard(new_page: Any, server: str) -> None:
    page = new_page(1280, 800)
    open_game(page, server, "abalone", {})
    tab_to_board(page)
    page.focus('#board [data-point="c5"]')  # one of Black's front marbles
    page.keyboard.press("Enter")  # select it
    page.wait_for_selector('#board [data-point="c5"].selected')
    assert focused_point(page) == "c5"
    page.keyboard.press("ArrowRight")
    assert focused_point(page) == "c6"
    assert "target" in (page.get_attribute('#board [data-point="c6"]', "class") or "")
    assert_accessible(page, "abalone, a marble selected")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#moves li').length >= 1")
    assert page.locator("#moves li").first.text_content().strip().endswith("c5c6")


def test_move_list_can_be_focused(new_page: Any, server: str) -> None:
    page = new_page(1280, 800)
    open_game(page, server, "oust", {})
    page.focus("#moves")
    assert page.evaluate("document.activeElement.id") == "moves"


def test_a_capture_is_announced(page: Any, static_url: str) -> None:
    page.goto(static_url + "/")
    text = page.evaluate(
        """async () => {
          const a = await import('/static/js/announce.js');
          const seats = [0, 1].map((s) => ({seat: s, name: `P${s}`, kind: 'person', claimed: true,
                                            colour: ['black', 'white'][s]}));
          const board = (caps) => ({kind: 'go', size: 5, stones: {}, captures: caps});
          const before = {players: 2, seats, moves: [{seat: 1, move: 'B2'}], board: board([0, 0])};
          const after = {...before, moves: [...before.moves, {seat: 0, move: 'C3'}],
                         board: board([2, 0])};
          a.announceMove(before, after);
          return [document.getElementById('announce').textContent, a.describeChange(after, after)];
        }"""
    )
    assert text == ["Black (P0) played C3. Black (P0): captures: 2.", ""]


def announced(page: Any) -> str:
    text: str = page.text_content("#announce") or ""
    return text


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_quoridor_wall_by_keyboard(new_page: Any, server: str, size: tuple[int, int]) -> None:
    page = new_page(*size)
    open_game(page, server, "quoridor", {})
    assert tab_to_board(page) == "e5"
    assert page.get_attribute('#board [data-point="e5"]', "aria-keyshortcuts") == "W"
    assert "W for walls" in page.inner_text("#status")  # said on the page, not only to readers
    page.keyboard.press("w")  # wall mode: a ghost above the focused square
    ghost = page.locator("#board .wall-preview")
    assert ghost.get_attribute("data-wall") == "e5h"
    assert ghost.get_attribute("visibility") == "visible"
    assert announced(page).startswith("Wall mode:")
    assert "Wall E5H, horizontal, can be placed." in announced(page)
    assert_accessible(page, "quoridor, wall mode")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    assert ghost.get_attribute("data-wall") == "d6h"
    assert focused_point(page) == "e5"  # the arrows moved the wall, not the focus
    page.keyboard.press("r")
    assert ghost.get_attribute("data-wall") == "d6v"
    assert announced(page) == "Wall D6V, vertical, can be placed."
    page.keyboard.press("Escape")  # back to the pawn: the arrows move over squares again
    assert ghost.get_attribute("visibility") == "hidden"
    assert announced(page).startswith("Pawn mode:")
    page.keyboard.press("ArrowDown")
    assert focused_point(page) == "e4"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("w")  # the wall is where it was left
    assert ghost.get_attribute("data-wall") == "d6v"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#moves li').length >= 2", timeout=60_000)
    assert page.locator("#moves li").first.text_content().strip().lower().endswith("d6v")
    assert page.locator("#board .walls rect.wall").count() >= 1
    page.wait_for_selector("#board.interactive", timeout=60_000)
    # The same groove again: it is taken, so Enter says why and plays nothing.
    page.focus('#board [data-point="e5"]')
    page.keyboard.press("w")
    assert page.locator("#board .wall-preview.keyboard").get_attribute("data-wall") == "d6v"
    assert announced(page).endswith("Wall D6V, vertical, cannot be placed here.")
    before = page.locator("#moves li").count()
    page.keyboard.press("Enter")
    assert page.text_content("#error") == "Wall d6v is not allowed here"
    assert page.locator("#moves li").count() == before
    assert_accessible(page, "quoridor, a wall refused")
