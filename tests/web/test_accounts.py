"""Accounts in a real browser, two players in two browser contexts: register (the recovery
code shown once), play a game between the two accounts from the home page's form and an
invite link, resign, see both ratings change on the profiles with their graph; log out,
change the password, recover with the code; the forms in another language."""

from __future__ import annotations

import re
import secrets
from typing import Any

from tests.web.play import answer_name, click_point, create_by_form, move_count, wait_turn

PASSWORD = "a long password"


def register(page: Any, server: str, username: str) -> str:
    """Register through the form; the recovery code it shows."""
    page.goto(f"{server}/account/register")
    page.fill("#username", username)
    page.fill("#new-password", PASSWORD)
    page.click("#account-form button[type=submit]")
    page.wait_for_selector("#recovery:not([hidden])")
    code: str = page.inner_text("#recovery-shown")
    assert re.fullmatch(r"[0-9A-Z]{5}(-[0-9A-Z]{5}){3}", code)
    return code


def play(player: Any, other: Any, point: str) -> None:
    player.wait_for_selector("#board.interactive")
    before = move_count(other)
    click_point(player, point)
    wait_turn(other, before)


def test_two_accounts_play_a_rated_game_and_see_their_ratings(new_page: Any, server: str) -> None:
    suffix = secrets.token_hex(3)
    ann_name, bob_name = f"Ann-{suffix}", f"Bob_{suffix}"
    ann, bob = new_page(), new_page()
    code = register(ann, server, ann_name)
    register(bob, server, bob_name)
    ann.goto(f"{server}/")
    ann.wait_for_selector("#account-name")
    assert ann.inner_text("#account-name") == ann_name

    create_by_form(ann, server, "go", {"size": 9}, ["person", "person"], name=ann_name)
    invite = ann.input_value("#invite-1")
    bob.goto(invite)
    answer_name(bob, bob_name)
    play(ann, bob, "c3")
    play(bob, ann, "d4")
    ann.click("#resign-btn")  # the confirm dialog is accepted by new_page
    ann.wait_for_selector("#outcome", state="visible")

    for page, name, result in ((bob, bob_name, "Won"), (ann, ann_name, "Lost")):
        page.goto(f"{server}/players/{name.lower()}")
        page.wait_for_selector('body[data-ready="true"]')
        row = page.inner_text("#ratings tbody")
        assert "go-9" in row and "?" in row  # provisional after one game
        shown = int(re.search(r"(\d{4})\?", row).group(1))  # type: ignore[union-attr]
        assert shown > 1500 if result == "Won" else shown < 1500
        assert page.locator("#graphs svg polyline").count() == 1
        assert result in page.inner_text("#recent")
        assert page.is_visible("#own-links")

    # Log out from the header; the profile stays public.
    ann.click("#log-out")
    ann.wait_for_url(f"{server}/")
    ann.wait_for_selector("#account-nav a[href='/account/register']")
    ann.goto(f"{server}/players/{bob_name}")
    ann.wait_for_selector('body[data-ready="true"]')
    assert not ann.is_visible("#own-links")

    # Bob changes his password.
    bob.goto(f"{server}/account/password")
    bob.fill("#old-password", PASSWORD)
    bob.fill("#new-password", "another long one")
    bob.click("#account-form button[type=submit]")
    bob.wait_for_selector("#form-done:has-text('Password changed')")

    # Ann forgot hers: the recovery code sets a new one and shows a new code.
    ann.goto(f"{server}/account/recover")
    ann.fill("#username", ann_name)
    ann.fill("#recovery-code", code)
    ann.fill("#new-password", "a brand new password")
    ann.click("#account-form button[type=submit]")
    ann.wait_for_selector("#recovery:not([hidden])")
    assert ann.inner_text("#recovery-shown") != code
    ann.goto(f"{server}/account/login")
    ann.wait_for_selector("#account-name")


def test_the_forms_speak_the_page_language_and_say_what_is_wrong(
    new_page: Any, server: str
) -> None:
    page = new_page()
    page.goto(f"{server}/account/register?lang=de")
    assert page.inner_text("h1") == "Registrieren"
    page.fill("#username", "аda")  # a Cyrillic а
    page.fill("#new-password", PASSWORD)
    page.click("#account-form button[type=submit]")
    page.wait_for_selector("#form-error:has-text('Buchstaben')")
    page.goto(f"{server}/account/login?lang=tr")
    page.fill("#username", "nobody-here")
    page.fill("#password", "wrong password")
    page.click("#account-form button[type=submit]")
    page.wait_for_selector("#form-error:has-text('yanlış')")
    assert page.inner_text("h1") == "Giriş yap"
