"""The browser app works under the server's Content-Security-Policy: a game against the
computer, a resignation and the replay, with no policy violation reported by the browser.
(The other browser tests bypass the policy for Playwright's own predicates.)"""

from __future__ import annotations

from typing import Any

from tests.web.axe import assert_accessible
from tests.web.conftest import PATIENCE_MS
from tests.web.play import click_point, create_by_form, legal_points


def test_the_app_runs_under_the_content_security_policy(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_default_timeout(PATIENCE_MS)
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("dialog", lambda dialog: dialog.accept())  # "Resign?"
    page.on(
        "console",
        lambda message: (
            problems.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    try:
        answer = page.goto(server + "/")
        assert (
            answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
        )
        create_by_form(page, server, "go", {"size": 5}, ["person", 1])
        page.locator("#board .pt.legal").first.wait_for()
        click_point(page, legal_points(page)[0])
        page.locator("#moves li").nth(1).wait_for()  # the computer answered over the socket
        page.click("#resign-btn")
        page.locator("#outcome:not([hidden])").wait_for()
        page.click("#replay-link")
        page.wait_for_url("**/replay/**")
        page.locator("#board .stone").first.wait_for()
        page.click("#first")
        page.click("#next")
        page.locator("#board .stone").first.wait_for()
        assert_accessible(page, "replay under the policy")  # not a fixture's page: checked here
    finally:
        context.close()
    assert problems == []
