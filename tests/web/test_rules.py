"""The rules pages in a browser (web/js/rules.js): every diagram drawn as a board by the
game's renderer; a "try it" example played by clicking; tr, de and nl pages with no
English text of the rules domain; the page at phone size without sideways scrolling."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import rules
from tests.web.axe import assert_accessible
from tests.web.play import create_by_form

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def open_rules(page: Any, server: str, game: str, lang: str = "en") -> None:
    page.goto(f"{server}/rules/{game}?lang={lang}")
    page.wait_for_selector("body[data-rules-ready=true]")


@pytest.mark.parametrize("game", rules.games())
def test_each_diagram_is_a_board(new_page: Any, server: str, game: str) -> None:
    page = new_page(*SIZES["desktop"])
    open_rules(page, server, game)
    figures = page.locator("figure.rules-diagram")
    assert figures.count() == len(rules.diagrams(game))
    for i in range(figures.count()):
        board = figures.nth(i).locator("svg.rules-board")
        assert board.locator(".pt").count() > 0, f"{game} diagram {i} is not drawn"
        assert board.bounding_box()["width"] > 100


def _try(page: Any, figure: Any, clicks: list[str]) -> str:
    figure.locator(".rules-try-button").click()
    for cell in clicks:
        figure.locator(f"[data-point='{cell}']").click()
    figure.locator(".rules-reset:not([hidden])").wait_for()
    return str(figure.locator(".rules-status").inner_text())


@pytest.mark.parametrize("size", SIZES)
def test_try_it_plays_a_capture(new_page: Any, server: str, size: str) -> None:
    """Go's capture example: clicking the last liberty takes the white stone off."""
    page = new_page(*SIZES[size])
    open_rules(page, server, "go")
    figure = page.locator("#capture figure").first
    assert figure.locator(".stone.seat-1").count() == 1
    status = _try(page, figure, ["e4"])
    assert "E4" in status
    assert figure.locator(".stone.seat-1").count() == 0
    figure.locator(".rules-reset").click()
    assert figure.locator(".stone.seat-1").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]


def test_try_it_pushes_marbles(new_page: Any, server: str) -> None:
    """Abalone's sumito example: three marbles clicked, then the cell ahead: a push."""
    page = new_page(*SIZES["desktop"])
    open_rules(page, server, "abalone", "de")
    figure = page.locator("#push figure").first
    _try(page, figure, ["e3", "e4", "e5", "e6"])
    assert figure.locator("[data-point='e8'] .stone.seat-1").count() == 1


@pytest.mark.parametrize("lang", ["tr", "de", "nl"])
def test_no_english_rules_text_in_other_languages(new_page: Any, server: str, lang: str) -> None:
    page = new_page(*SIZES["desktop"])
    english = {t for g in rules.games() for t in rules.texts(rules.load(g)) if len(t) > 12} | set(
        rules.texts(rules.page_words())
    )
    for game in rules.games():
        open_rules(page, server, game, lang)
        figure = page.locator("figure.rules-diagram:has(.rules-try-button)").first
        figure.locator(".rules-try-button").click()
        shown = page.inner_text("main")
        left = sorted(t for t in english if t in shown and "{" not in t)
        assert not left, f"{game} in {lang}: {left[:3]}"
        buttons = page.locator(".rules-try button:visible").all_inner_texts()
        assert "Try it" not in buttons and "Start again" not in buttons


def test_rules_links_follow_the_game(new_page: Any, server: str) -> None:
    """The create form's "Rules" link follows the game chosen; the game page's points at
    the game played; both are in the page's language."""
    page = new_page(*SIZES["desktop"])
    page.goto(f"{server}/?lang=de")
    page.wait_for_selector("#game-quoridor")
    link = page.locator("#create-form a[data-rules-link]")
    assert link.inner_text() == "Regeln"
    page.check("#game-quoridor")
    assert link.get_attribute("href") == "/rules/quoridor"
    create_by_form(page, server, "oust", {}, ["person", 1])
    on_game = page.locator("a[data-rules-link]")
    page.wait_for_function("document.body.dataset.game === 'oust'")
    assert on_game.get_attribute("href") == "/rules/oust"
    on_game.click()
    page.wait_for_selector("body[data-rules-ready=true]")
    assert page.locator("h1").inner_text() == "Regeln von Oust"


@pytest.mark.parametrize("size", SIZES)
def test_rules_pages_under_the_policy_and_accessible(browser: Any, server: str, size: str) -> None:
    """The index and a page with a board being tried: no Content-Security-Policy violation
    (the diagrams' data is an attribute, not a script) and no axe violation."""
    context = browser.new_context(viewport=dict(zip(("width", "height"), SIZES[size], strict=True)))
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on(
        "console",
        lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None,
    )
    try:
        page.goto(f"{server}/rules?lang=tr")
        page.locator(".rules-game a").first.wait_for()
        assert_accessible(page, "rules index")
        page.locator("a[href='/rules/abalone']").first.click()
        page.locator("body[data-rules-ready=true]").wait_for()
        figure = page.locator("#move figure").first
        figure.locator(".rules-try-button").click()
        figure.locator(".rules-reset[hidden]").wait_for(state="attached")
        assert_accessible(page, "abalone rules, trying")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size][0]
    finally:
        context.close()
    assert problems == []
