"""Chat in the browser: two players and a spectator, each side reading only its own chat,
hostile lines shown as text (no element, no script run), muting, a reload keeping the
lines; and a correspondence game's time left in days and hours in the title."""

from __future__ import annotations

import re
from typing import Any

from tests.web.play import open_invite
from tests.web.server import call
from tests.web.test_play_flow import two_people

SCRIPT = "<script>window.pwned = 1</script>"
IMAGE = '<img src=x onerror="window.pwned = 2">'


def say(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-form button[type=submit]")


def lines(page: Any) -> list[str]:
    texts: list[str] = page.locator("#chat-lines .chat-text").all_text_contents()
    return texts


def wait_lines(page: Any, count: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelectorAll('#chat-lines .chat-text').length === n", arg=count
    )


def test_two_players_and_a_spectator_chat(new_page: Any, server: str) -> None:
    created = two_people(server)
    ann, bob, sue = new_page(), new_page(), new_page()
    open_invite(ann, server + created["seats"][0]["invite"], "Ann")
    open_invite(bob, server + created["seats"][1]["invite"], "Bob")
    sue.goto(f"{server}/game/{created['id']}")
    for page in (ann, bob, sue):
        page.wait_for_selector("#chat:not([hidden])")
    assert "Spectators' chat" in sue.text_content("#chat-side")
    assert sue.locator("#chat-mute-label").is_hidden()

    say(ann, SCRIPT)
    wait_lines(bob, 1)
    say(bob, IMAGE)
    for page in (ann, bob):
        wait_lines(page, 2)
        assert lines(page) == [SCRIPT, IMAGE]  # the text as typed, shown as text
        assert page.locator("#chat-lines img, #chat-lines script").count() == 0
        assert page.evaluate("window.pwned") is None
    assert "Ann" in ann.text_content("#chat-lines .chat-who")

    say(sue, "Spectators only")
    wait_lines(sue, 1)
    assert lines(sue) == ["Spectators only"]  # the players' lines never reach her
    assert lines(ann) == [SCRIPT, IMAGE] and lines(bob) == [SCRIPT, IMAGE]

    # Bob mutes the others: Ann's next line does not reach him; his own do.
    bob.check("#chat-mute")
    bob.wait_for_function("document.getElementById('chat-side').textContent.includes('muted')")
    wait_lines(bob, 1)  # the lines he still reads: his own
    assert lines(bob) == [IMAGE]
    say(ann, "can you hear me?")
    wait_lines(ann, 3)
    bob.reload()
    bob.wait_for_selector("#chat:not([hidden])")
    bob.wait_for_function("document.getElementById('chat-mute').checked")
    assert lines(bob) == [IMAGE]  # stored per seat: still muted after a reload
    sue.reload()
    wait_lines(sue, 1)
    assert lines(sue) == ["Spectators only"]


def test_a_correspondence_game_says_whose_turn_and_the_days_left(
    new_page: Any, server: str
) -> None:
    body = {
        "game": "go",
        "options": {"size": 9},
        "seats": [{"name": "Ann"}, {"name": "Bob"}],
        "clock": {"kind": "correspondence", "days": 3},
    }
    status, created = call(f"{server}/api/games", "POST", body)
    assert status == 201, created
    ann, bob = new_page(), new_page()
    open_invite(ann, server + created["seats"][0]["invite"], "Ann")
    open_invite(bob, server + created["seats"][1]["invite"], "Bob")
    # Black's three days began when both seats were taken: a few seconds gone by now.
    ann.wait_for_function("document.title.includes('left')")
    assert re.fullmatch(r"● Your move, (3 days|2 days, 23 hours) left – tabletop", ann.title())
    bob.wait_for_function("document.title.includes('left')")
    assert re.fullmatch(
        r"Black \(Ann\) to move, (3 days|2 days, 23 hours) left – Go – tabletop", bob.title()
    )
    assert re.search(r"(3 days|2 days, 23 hours)", ann.text_content("#seats") or "")
    german = new_page(locale="de-DE")
    german.goto(f"{server}/game/{created['id']}?lang=de")
    german.wait_for_function("document.title.includes('noch')")
    assert re.fullmatch(
        r"Schwarz \(Ann\) am Zug, noch (3 Tage|2 Tage, 23 Stunden) – Go – tabletop", german.title()
    )
