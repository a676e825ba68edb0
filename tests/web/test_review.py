"""The computer review page (web/js/review.js): from an uploaded record's replay to the
review, its progress, the win-chance graph, the labelled moves, the best line stepped
through, and Go's ownership shading and score (the test server reviews at level 1)."""

from __future__ import annotations

import time
from typing import Any

from tests.web.server import call

#: How long a review may take on a loaded machine: its worker is niced, so it gets the CPU
#: only when the tests' other processes leave some (a guard, not a speed target).
REVIEW_PATIENCE = 900.0

#: A finished 9x9 game with a blunder a person is sure of (tests/review/hand_blunders.py's
#: first case: White's A1 at move 30 leaves five stones in atari, Black takes them at E5),
#: so that even a level-1 review labels a move.
SGF = (
    "(;GM[1]FF[4]SZ[9]KM[6.5]RE[B+R];B[cc];W[af];B[dc];W[bf];B[ec"
    "];W[cf];B[fc];W[df];B[gc];W[ef];B[bd];W[ff];B[hd];W[gf];B[ae];W[hf];B["
    "be];W[if];B[ce];W[cd];B[de];W[dd];B[ie];W[ed];B[he];W[fd];B[fe];W[gd];"
    "B[ge];W[ai];B[ee])"
)
#: Its moves.
PLIES = 31


def upload(server: str) -> str:
    status, body = call(f"{server}/api/records", "POST", {"format": "sgf", "text": SGF})
    assert status == 201, body
    game_id: str = body["id"]
    return game_id


def at(page: Any, ply: int) -> None:
    """Wait until the graph (and the board with it) is at position ``ply``."""
    page.wait_for_function(
        f"document.getElementById('graph').getAttribute('aria-valuenow') === '{ply}'"
    )


def test_review_from_replay_graph_labels_and_best_line(page: Any, server: str) -> None:
    gid = upload(server)
    page.goto(f"{server}/replay/{gid}")
    page.click("#review-link")
    page.wait_for_url(f"**/review/{gid}")
    page.wait_for_selector("#review-btn:visible")
    assert "not been reviewed" in page.inner_text("#review-status")
    page.click("#review-btn")
    # Progress (waiting, starting, a position of all) until the review is shown.
    page.wait_for_function(
        "document.getElementById('review-status').textContent.includes('…')"
        " || !document.getElementById('review-body').hidden"
    )
    deadline = time.monotonic() + REVIEW_PATIENCE
    while call(f"{server}/api/games/{gid}/review")[1]["status"] != "done":
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.5)
    page.wait_for_selector("#review-body:visible")
    assert "level 1" in page.inner_text("#review-status")
    assert page.locator("#review-progress").is_hidden()

    # The graph: a line per seat, a slider over the positions that the board follows.
    graph = page.locator("#graph")
    assert page.locator("#graph .graph-line").count() == 2
    assert graph.get_attribute("aria-valuemax") == str(PLIES)
    assert graph.get_attribute("aria-valuenow") == str(PLIES)
    graph.focus()
    page.keyboard.press("Home")
    at(page, 0)
    assert page.inner_text("#position").startswith("start")
    page.keyboard.press("ArrowRight")
    at(page, 1)
    assert "After move 1" in (graph.get_attribute("aria-valuetext") or "")
    box = graph.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
    page.wait_for_function("document.getElementById('graph').getAttribute('aria-valuenow') !== '1'")
    clicked = int(graph.get_attribute("aria-valuenow") or "0")
    assert PLIES * 0.4 < clicked < PLIES * 0.8  # near where the click was
    assert page.locator("#moves li.current").get_attribute("data-ply") == str(clicked)

    # Labels as marks with their words, a summary per player, the key moves.
    marks = page.locator("#moves .review-mark")
    assert marks.count() >= 1
    assert page.locator("#summary tbody tr").count() == 2
    assert page.locator("#key-moves li").count() >= 1

    # A move where another was better: the best move marked, then its line step by step.
    document = call(f"{server}/api/games/{gid}/review")[1]["review"]
    worse = next(p for p in document["plies"] if not p["best_played"] and p["line"])
    page.click(f"#moves li[data-ply='{worse['ply']}'] button")
    at(page, worse["ply"])
    assert worse["best"] in page.inner_text("#move-info")
    page.click("#show-line")
    page.wait_for_selector("#line-controls:visible")
    page.wait_for_selector("#board .hint")
    assert f"Before move {worse['ply']}" in page.inner_text("#line-position")
    page.click("#line-next")
    page.wait_for_function(
        "document.getElementById('line-position').textContent.includes('Best line, move 1')"
    )
    assert worse["line"][0] in page.inner_text("#line-position")
    page.click("#line-end")
    assert page.locator("#line-controls").is_hidden()

    # Go's extras: the ownership estimate over the board and the estimated score.
    assert page.locator("#board .ownership rect").count() > 0
    assert "Estimated score" in page.inner_text("#move-info")


def test_a_game_being_played_offers_no_review(page: Any, server: str) -> None:
    status, created = call(
        f"{server}/api/games",
        "POST",
        {"game": "go", "options": {"size": 9}, "seats": [{"claim": True, "name": "A"}, {}]},
    )
    assert status == 201
    page.goto(f"{server}/review/{created['id']}")
    page.wait_for_function("document.getElementById('review-status').textContent !== ''")
    assert "once it is finished" in page.inner_text("#review-status")
    assert page.locator("#review-btn").is_hidden()


def test_the_game_page_of_a_finished_game_links_its_review(page: Any, server: str) -> None:
    gid = upload(server)
    page.goto(f"{server}/game/{gid}")
    page.wait_for_selector("#review-link")
    assert page.get_attribute("#review-link", "href") == f"/review/{gid}"
    page.click("#review-link")
    page.wait_for_url(f"**/review/{gid}")
    page.wait_for_function("document.getElementById('review-status').textContent !== ''")


def test_a_record_uploaded_for_review(page: Any, server: str) -> None:
    page.goto(f"{server}/")
    bad = {"name": "bad.sgf", "mimeType": "text/plain", "buffer": b"(;GM[1]SZ[9];B[ee];W[ee])"}
    page.set_input_files("#record-file", files=[bad])
    page.click("#upload-review-btn")
    page.wait_for_function("document.getElementById('upload-error').textContent !== ''")
    error = page.inner_text("#upload-error")
    assert "2" in error and "E5" in error.upper()  # the move and its number
    good = {"name": "game.sgf", "mimeType": "text/plain", "buffer": SGF.encode()}
    page.set_input_files("#record-file", files=[good])
    page.click("#upload-review-btn")
    page.wait_for_url("**/review/**")
    page.wait_for_selector("#review-btn:visible")
