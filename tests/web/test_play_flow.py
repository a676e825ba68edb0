"""Playing on in the browser: a whole rematch between two browsers, looking back during a
game, the tab title on your turn, the move list's marks, messages that name people, the
spectators counted. At desktop and phone sizes."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import load_game
from tests.web.play import click_point, move_count, open_invite, wait_turn
from tests.web.server import call

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def two_people(
    server: str, game: str = "go", options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A game of Ann (seat 0) and Bob (seat 1), made over HTTP: the answer with invite links."""
    body = {"game": game, "options": options or {}, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    status, created = call(f"{server}/api/games", "POST", body)
    assert status == 201, created
    return dict(created)


def open_seat(new_page: Any, server: str, created: dict[str, Any], seat: int, size: str) -> Any:
    page = new_page(*SIZES[size])
    # An invite link asks the name to take the seat under (decision 0090).
    open_invite(page, server + created["seats"][seat]["invite"], ["Ann", "Bob"][seat])
    page.wait_for_function("document.getElementById('seats').textContent.includes('(you)')")
    return page


def play(player: Any, other: Any, point: str) -> None:
    """``player`` clicks ``point`` on its turn; waits until ``other`` has seen it."""
    player.wait_for_selector("#board.interactive")
    before = move_count(other)
    click_point(player, point)
    wait_turn(other, before)


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_rematch(new_page: Any, server: str, size: str) -> None:
    created = two_people(server, "go", {"size": 5})
    ann = open_seat(new_page, server, created, 0, size)
    bob = open_seat(new_page, server, created, 1, size)
    play(ann, bob, "c3")
    bob.click("#resign-btn")  # the dialog is accepted
    for page in (ann, bob):
        page.wait_for_selector("#outcome:not([hidden])")
        assert page.inner_text("#outcome-text") == "Black (Ann) wins by resignation"
        assert "Prisoners" in page.inner_text("#outcome-detail")
        assert page.get_attribute("#replay-link", "href") == f"/replay/{created['id']}"
        assert page.get_attribute("#new-game-link", "href") == "/"
    ann.click("#rematch-btn")
    ann.wait_for_function(
        "document.getElementById('rematch').textContent.includes('waiting for White (Bob)')"
    )
    bob.wait_for_function(
        "document.getElementById('rematch').textContent.includes('Black (Ann) offers a rematch')"
    )
    assert bob.inner_text("#rematch-btn") == "Accept rematch"
    bob.click("#rematch-btn")
    old = f"/game/{created['id']}"
    for page in (ann, bob):
        page.wait_for_function("(old) => location.pathname !== old", arg=old)
        page.wait_for_selector("#seats li")
        page.wait_for_function("document.getElementById('seats').textContent.includes('(you)')")
    assert ann.url == bob.url
    # Colours swapped: Bob plays Black and moves first, Ann plays White.
    seats = ann.locator("#seats li")
    assert "Bob" in seats.nth(0).inner_text() and "Ann" in seats.nth(1).inner_text()
    assert "(you)" in seats.nth(1).inner_text()
    play(bob, ann, "c3")
    assert move_count(ann) == 1


@pytest.mark.parametrize("size", SIZES)
def test_looking_back_during_a_game(new_page: Any, server: str, size: str) -> None:
    created = two_people(server, "go", {"size": 5})
    ann = open_seat(new_page, server, created, 0, size)
    bob = open_seat(new_page, server, created, 1, size)
    for player, other, point in [(ann, bob, "c3"), (bob, ann, "d4"), (ann, bob, "b2")]:
        play(player, other, point)
    bob.wait_for_selector("#board.interactive")
    # The tab says whose move it is.
    assert bob.title() == "● Your move – tabletop"
    assert ann.title() == "Go – tabletop"
    stones = "document.querySelectorAll('#board .stone').length"
    bob.click('#moves li[data-ply="1"] button')
    bob.wait_for_function(f"{stones} === 1")
    assert bob.is_visible("#lookback")
    assert bob.locator("#board.interactive").count() == 0  # play waits
    assert bob.inner_text("#lookback-text") == "Looking at move 1 of 3"
    bob.click("#board")
    assert "earlier position" in bob.inner_text("#error")
    # Focus leaves the board for the move list and → comes in the same task, as a busy
    # browser orders them (input before timers): the redraw must not pull focus back.
    bob.evaluate(
        """() => {
            const list = document.getElementById("moves");
            list.focus();
            list.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        }"""
    )
    bob.wait_for_function(f"{stones} === 2")
    assert bob.evaluate("document.activeElement.id") == "moves"
    bob.keyboard.press("Home")
    bob.wait_for_function(f"{stones} === 0")
    bob.keyboard.press("End")
    bob.wait_for_selector("#board.interactive")
    bob.wait_for_function(f"{stones} === 3")
    assert not bob.is_visible("#lookback")
    bob.keyboard.press("ArrowLeft")
    bob.wait_for_function(f"{stones} === 2")
    bob.click("#lookback-end")
    bob.wait_for_selector("#board.interactive")
    play(bob, ann, "d2")


def test_messages_name_people_and_clear(new_page: Any, server: str) -> None:
    created = two_people(server, "go", {"size": 5})
    ann = open_seat(new_page, server, created, 0, "desktop")
    bob = open_seat(new_page, server, created, 1, "desktop")
    watcher = new_page()
    watcher.goto(f"{server}/game/{created['id']}")
    watcher.wait_for_selector("#seats li")
    assert watcher.inner_text("#watchers") == "1 spectator"
    assert watcher.inner_text("#status") == "Watching – Black (Ann) to move"
    # A click out of turn says why nothing happens, naming whose turn it is.
    bob.click("#board")
    assert bob.inner_text("#error") == "It is Black (Ann)'s turn – wait for their move."
    assert "seat" not in bob.inner_text("#status")
    watcher.click("#board")
    assert "You are watching" in watcher.inner_text("#error")
    # The players see the spectator counted, and a second one come and go.
    assert ann.inner_text("#watchers") == "1 spectator"
    second = new_page()
    second.goto(f"{server}/game/{created['id']}")
    ann.wait_for_function("document.getElementById('watchers').textContent === '2 spectators'")
    second.close()
    ann.wait_for_function("document.getElementById('watchers').textContent === '1 spectator'")
    # Once the position changes, the message is gone.
    play(ann, bob, "c3")
    assert bob.inner_text("#error") == ""


def oust_capture_line() -> list[str]:
    """Opening moves of 5x5 Oust up to a capture, after which the capturer moves again."""
    state = load_game("oust", width=5, height=5).new_state()
    moves: list[str] = []
    import random

    rng = random.Random(3)
    while not state.is_over():
        mover = state.to_move
        move = rng.choice(state.legal_moves())
        moves.append(state.format_move(move))
        state.play(move)
        if state.to_move == mover and not state.is_over():
            return moves
    raise AssertionError("no capture in this game")


def test_move_list_marks_captures_and_moving_again(new_page: Any, server: str) -> None:
    created = two_people(server, "go", {"size": 5})
    ann = open_seat(new_page, server, created, 0, "desktop")
    bob = open_seat(new_page, server, created, 1, "desktop")
    for player, other, point in [(ann, bob, "a2"), (bob, ann, "a1"), (ann, bob, "b1")]:
        play(player, other, point)
    assert ann.inner_text('#moves li[data-ply="3"] .move-mark') == "captured 1"
    assert ann.locator('#moves li[data-ply="2"] .move-mark').count() == 0

    line = oust_capture_line()
    oust = two_people(server, "oust", {"width": 5, "height": 5})
    first = open_seat(new_page, server, oust, 0, "desktop")
    second = open_seat(new_page, server, oust, 1, "desktop")
    pages = [first, second]
    state = load_game("oust", width=5, height=5).new_state()
    for text in line:
        mover = pages[state.to_move]
        mover.wait_for_selector("#board.interactive")
        before = move_count(mover)
        click_point(mover, text.lower())
        mover.wait_for_function(
            "(n) => document.querySelectorAll('#moves li').length > n", arg=before
        )
        state.play(state.parse_move(text))
    capturer = pages[state.to_move]
    last = len(line)
    capturer.wait_for_selector(f'#moves li[data-ply="{last}"] .move-mark.took')
    assert "move again" in capturer.inner_text("#status")
    capturer.wait_for_selector("#board.interactive")
    other = pages[1 - state.to_move]
    assert "moves again" in other.inner_text("#status")
    # Its next move marks the capture as one after which the same side moved again.
    text = state.format_move(state.legal_moves()[0])
    click_point(capturer, text.lower())
    capturer.wait_for_selector(f'#moves li[data-ply="{last}"] .move-mark.again')
