"""The Go count on the game page: every point shaded by whom it counts for (as the server
says), dead stones faded and crossed, and the score breakdown during and after the count."""

from __future__ import annotations

import json
from typing import Any

from tests.web.play import api_view
from tests.web.server import call

# 5x5, Chinese rules: Black walls column B, White column D; White's A5 is alone in
# Black's area and dead; then two passes end play.
MOVES = ["B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5", "pass", "A5", "pass", "pass"]


def test_the_count_is_shaded_marked_and_broken_down(new_page: Any, server: str) -> None:
    status, created = call(
        f"{server}/api/games",
        "POST",
        {
            "game": "go",
            "options": {"size": 5, "rules": "chinese", "komi": 0.5},
            "seats": [{"claim": True, "name": "Ann"}, {"claim": True, "name": "Bob"}],
        },
    )
    assert status == 201, created
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    for ply, move in enumerate(MOVES):
        status, answer = call(
            f"{server}/api/games/{gid}/moves", "POST", {"token": tokens[ply % 2], "move": move}
        )
        assert status == 200, answer
    # One screen holding both seats, as the home page's one-screen play leaves it.
    page = new_page()
    page.goto(f"{server}/")
    stored = json.dumps({"0": tokens[0], "1": tokens[1]})
    page.evaluate("([id, t]) => localStorage.setItem(`tabletop.tokens.${id}`, t)", [gid, stored])
    page.goto(f"{server}/game/{gid}")
    page.wait_for_selector("#scoring:not([hidden])")
    # The dead stones are worked out in the server's worker pool (decision record 0075):
    # the page says so until the proposal arrives, and accepting waits for it.
    page.wait_for_selector("#scoring:not(.pending)")
    assert "working out" not in (page.text_content("#score-text") or "")

    # Whatever was proposed, mark exactly A5 dead by clicking stones.
    for _ in range(10):
        dead = api_view(server, gid)["scoring"]["dead"]
        if dead == ["A5"]:
            break
        point = sorted(set(dead) ^ {"A5"})[0].lower()
        page.click(f'#board [data-point="{point}"]')
        page.wait_for_function(
            "([p, d]) => document.querySelectorAll('#board path.dead').length !== d",
            arg=[point, len(dead)],
        )
    page.wait_for_function("document.querySelectorAll('#board path.dead').length === 1")
    # The dead stone is faded and crossed; its point counts for Black now.
    a5 = page.locator('#board [data-point="a5"]')
    assert a5.locator("path.dead").count() == 1
    assert a5.locator(".stone").get_attribute("opacity") == "0.45"
    owners = api_view(server, gid)["scoring"]["owners"]
    assert owners == ["00.11"] * 5
    for row, line in enumerate(owners):
        for col, owner in enumerate(line):
            point = page.locator(f'#board [data-point="{"abcde"[col]}{row + 1}"]')
            shades = point.locator("rect.owner")
            if owner == ".":
                assert shades.count() == 0
            else:
                assert shades.get_attribute("data-owner") == owner
    table = page.inner_text("#score-detail")
    assert "Area count" in table and "Stones on the board" in table and "Komi" in table
    assert "10.5" in table and "W+0.5" in table

    page.click("#accept-btn")
    page.wait_for_selector("#outcome:not([hidden])")
    final = page.inner_text("#outcome-detail")
    assert "Territory\t5\t5" in final and "Total\t10\t10.5" in final and "W+0.5" in final
    # The finished board keeps its count.
    assert page.locator("#board rect.owner").count() == 20
    # The replay shows the same breakdown.
    page.goto(f"{server}/replay/{gid}")
    page.wait_for_selector("#outcome-detail table")
    assert page.inner_text("#outcome-detail") == final
