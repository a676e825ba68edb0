"""Seats changing hands in the browser: an invite link gives its seat once (a second browser
opening it only watches), and "continue on another device" moves a seat, everyone told."""

from __future__ import annotations

from typing import Any

from tests.web.play import (
    answer_name,
    api_view,
    click_point,
    create_by_form,
    move_count,
    token_of,
    wait_turn,
)

HOLDS_A_SEAT = "document.getElementById('seats').textContent.includes('(you)')"


def play(player: Any, other: Any, point: str) -> None:
    """``player`` clicks ``point`` on its turn; waits until ``other`` has seen it."""
    player.wait_for_selector("#board.interactive")
    before = move_count(other)
    click_point(player, point)
    wait_turn(other, before)


def test_an_invite_link_gives_its_seat_once(new_page: Any, server: str) -> None:
    ann = new_page()
    gid = create_by_form(ann, server, "go", {"size": 5}, ["person", "person"])
    invite = ann.input_value("#invite-1")
    invite_token = invite.split("token=")[1]

    bob = new_page()  # browser A of the issue: opens the invite and plays
    bob.goto(invite)
    answer_name(bob, "Bob")
    bob.wait_for_function(HOLDS_A_SEAT)
    # The invite token left the address bar; the browser keeps the seat's own new token.
    bob.wait_for_function("!location.search.includes('token')")
    assert token_of(bob, 1) != invite_token

    eve = new_page()  # browser B: the same invite link only watches now, and says why
    eve.goto(invite)
    eve.wait_for_function("document.getElementById('error').textContent.includes('used')")
    eve.wait_for_selector("#seats li")
    assert "watching" in eve.inner_text("#error")
    assert "(you)" not in eve.inner_text("#seats")
    assert eve.locator("#board.interactive").count() == 0

    play(ann, bob, "c3")
    play(bob, ann, "d4")  # A still plays
    eve.wait_for_function("document.querySelectorAll('#moves li').length === 2")
    assert eve.inner_text("#status").startswith("Watching")
    assert [(m["seat"], m["move"]) for m in api_view(server, gid)["moves"]] == [
        (0, "C3"),
        (1, "D4"),
    ]

    # Bob goes on on another device: a one-time link; the old screen then only watches.
    bob.click("#handover-btn")
    link = bob.input_value("#handover-1")
    assert f"/game/{gid}?token=" in link
    phone = new_page(width=390, height=800)
    phone.goto(link)
    phone.wait_for_function(HOLDS_A_SEAT)
    bob.wait_for_function("document.getElementById('error').textContent.includes('another device')")
    bob.wait_for_function(f"!{HOLDS_A_SEAT}")
    ann.wait_for_function(
        "document.getElementById('status').textContent.includes('from another device')"
    )
    play(ann, phone, "b2")
    play(phone, ann, "d2")
    assert bob.locator("#board.interactive").count() == 0
    assert [m["seat"] for m in api_view(server, gid)["moves"]] == [0, 1, 0, 1]
    # The link, opened again, watches.
    again = new_page()
    again.goto(link)
    again.wait_for_function("document.getElementById('error').textContent.includes('used')")
    assert "(you)" not in again.inner_text("#seats")
