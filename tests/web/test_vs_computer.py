"""A whole game against the computer in each of the four games, by clicking (Go to the
accepted score, Oust and Quoridor to the goal, Abalone to its move limit)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.web.play import (
    api_view,
    click_point,
    click_wall,
    create_by_form,
    is_finished,
    legal_points,
    move_count,
    wait_turn,
)
from tests.web.server import call


def finish_shown(page: Any, base: str, gid: str) -> None:
    """The page shows the server's outcome, with replay and record links that work."""
    page.wait_for_selector("#outcome:not([hidden])")
    view = api_view(base, gid)
    assert view["status"] == "finished"
    # The page's sentence is the server's, the winner named as the panels name it (colour
    # and player: Quoridor's server text says "North" where the panels say White).
    named = re.sub(r" \([^)]*\)", "", page.inner_text("#outcome-text"))
    assert named.split(" ", 1)[1] == view["outcome"]["text"].split(" ", 1)[1]
    assert page.inner_text("#status") == page.inner_text("#outcome-text")
    href = page.get_attribute("#record-json", "href")
    status, record = call(base + href)
    assert status == 200 and record is not None


def test_go_against_the_computer_then_resign_and_replay(new_page: Any, server: str) -> None:
    page = new_page()
    gid = create_by_form(page, server, "go", {"size": 5}, ["person", 1])
    for point in ["c3", "b4"]:
        before = move_count(page)
        if point not in legal_points(page):
            point = legal_points(page)[0]
        click_point(page, point)
        wait_turn(page, before)
    assert move_count(page) == 4

    # A hint marks moves on the board; an undo takes back to our last move.
    page.click("#hint-btn")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Hint:')")
    assert page.locator("#board .hint").count() >= 1
    status = page.locator("#status").text_content()
    assert "% to win" in status and "you win about" in status
    page.click("#undo-btn")
    page.wait_for_function("document.querySelectorAll('#moves li').length === 2")
    before = move_count(page)
    click_point(page, legal_points(page)[0])
    wait_turn(page, before)
    assert move_count(page) == 4
    page.click("#resign-btn")
    finish_shown(page, server, gid)
    assert "resign" in api_view(server, gid)["outcome"]["reason"]

    page.click("#replay-link")
    page.wait_for_url(f"**/replay/{gid}")
    page.wait_for_selector("#board .stone")
    assert page.locator("#board .stone").count() >= 1
    page.click("#first")
    page.wait_for_function("document.querySelectorAll('#board .stone').length === 0")
    page.click("#next")
    page.wait_for_selector("#board .stone")
    assert page.inner_text("#position").startswith("move 1 of 4")

    # The downloaded record opens again in the replay view from the home page.
    with page.expect_download() as download:
        page.click("#record-json")
    text = Path(download.value.path()).read_text()
    page.goto(server + "/")
    page.set_input_files(
        "#record-file",
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": text.encode()}],
    )
    page.click("#upload-form button")
    page.wait_for_url("**/replay/**")
    page.wait_for_function("document.getElementById('position').textContent.includes('of 4')")


def test_go_against_the_computer_played_out_passed_and_scored(new_page: Any, server: str) -> None:
    """Stones, then passes until the computer passes too, then the score is accepted."""
    page = new_page()
    gid = create_by_form(page, server, "go", {"size": 5}, ["person", 1])
    for turn in range(60):
        if is_finished(page) or page.locator("#scoring").is_visible():
            break
        before = move_count(page)
        points = legal_points(page)
        if turn < 4 and points:
            click_point(page, points[len(points) // 2])
        else:
            page.click("#pass-btn")  # from here on the computer decides when play ends
        wait_turn(page, before)
    page.wait_for_selector("#scoring:not([hidden])")
    page.wait_for_selector("#scoring:not(.pending)")  # the proposal is in (record 0075)
    scoring = api_view(server, gid)["scoring"]
    assert scoring is not None and 1 in scoring["accepted"]  # the computer agrees at once
    page.click("#accept-btn")
    finish_shown(page, server, gid)
    outcome = api_view(server, gid)["outcome"]
    assert outcome["reason"] == "score" and outcome["winners"]


def test_oust_against_the_computer_to_the_end(new_page: Any, server: str) -> None:
    page = new_page()
    gid = create_by_form(page, server, "oust", {"size": 4, "max_plies": 24}, ["person", 1])
    for _ in range(100):
        if is_finished(page):
            break
        before = move_count(page)
        click_point(page, legal_points(page)[0])
        wait_turn(page, before)
    finish_shown(page, server, gid)


def test_quoridor_against_the_computer_steps_and_a_wall(new_page: Any, server: str) -> None:
    page = new_page()
    gid = create_by_form(page, server, "quoridor", {"max_plies": 40}, ["person", 1])
    before = move_count(page)
    click_wall(page, "d7h")
    wait_turn(page, before)
    assert "d7h" in api_view(server, gid)["board"]["walls"]
    for _ in range(60):
        if is_finished(page):
            break
        before = move_count(page)
        # Step towards row 9: the legal square with the highest row.
        target = max(legal_points(page), key=lambda p: (int(p[1:]), p))
        click_point(page, target)
        wait_turn(page, before)
    finish_shown(page, server, gid)


def abalone_clicks(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Clicks for a single-marble in-line move and for a broadside among the legal moves."""
    marbles = view["board"]["marbles"]
    inline = next(m for m in view["legal"] if len(m) == 4 and m[2:] not in marbles)
    broadside = next(m for m in view["legal"] if len(m) == 6)
    a, b, to = broadside[:2], broadside[2:4], broadside[4:]
    return [inline[:2], inline[2:]], [a, b, to]


def test_abalone_against_the_computer_select_and_push_then_resign(
    new_page: Any, server: str
) -> None:
    page = new_page()
    gid = create_by_form(page, server, "abalone", {}, ["person", 1])
    for pick in (0, 1):
        view = api_view(server, gid)
        clicks = abalone_clicks(view)[pick]
        expected = "".join(clicks)
        before = move_count(page)
        for cell in clicks:
            click_point(page, cell)
        wait_turn(page, before)
        moves = [m["move"] for m in api_view(server, gid)["moves"]]
        assert moves[before] == expected
    page.click("#resign-btn")
    finish_shown(page, server, gid)


def test_abalone_against_the_computer_to_the_move_limit(new_page: Any, server: str) -> None:
    """A game with a move limit, played by clicking until the limit ends it."""
    page = new_page()
    gid = create_by_form(page, server, "abalone", {"max_plies": 6}, ["person", 1])
    for turn in range(3):
        before = move_count(page)
        for cell in abalone_clicks(api_view(server, gid))[turn % 2]:
            click_point(page, cell)
        wait_turn(page, before)
    finish_shown(page, server, gid)
    view = api_view(server, gid)
    assert view["outcome"]["reason"] == "max-plies" and len(view["moves"]) == 6
