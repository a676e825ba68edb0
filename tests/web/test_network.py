"""Two browsers playing each other over the network, a third watching; a reload
in the middle of a game; moves out of turn or with a wrong token refused."""

from __future__ import annotations

from typing import Any

from tests.web.play import (
    answer_name,
    api_view,
    click_point,
    create_by_form,
    legal_points,
    move_count,
    open_invite,
    token_of,
    wait_turn,
)
from tests.web.server import call


def test_two_players_and_a_spectator(new_page: Any, server: str) -> None:
    ann = new_page()
    gid = create_by_form(ann, server, "go", {"size": 5}, ["person", "person"])
    invite = ann.input_value("#invite-1")
    assert f"/game/{gid}?token=" in invite
    assert "Waiting" in ann.inner_text("#status")

    bob = new_page(width=390, height=800)  # a phone-sized screen
    open_invite(bob, invite)
    # The page fits a phone's width: no sideways scrolling, the board is the full width.
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    assert bob.locator("#board").bounding_box()["width"] > 300
    watcher = new_page()
    watcher.goto(f"{server}/game/{gid}")
    watcher.wait_for_selector("#seats li")

    ann.wait_for_selector("#board.interactive")
    for turn, point in enumerate(["c3", "c4", "d3", "d4"]):
        player = ann if turn % 2 == 0 else bob
        other = bob if turn % 2 == 0 else ann
        before = move_count(other)
        player.wait_for_selector("#board.interactive")
        assert point in legal_points(player)
        click_point(player, point)
        wait_turn(other, before)
        watcher.wait_for_function(f"document.querySelectorAll('#moves li').length === {turn + 1}")
        assert watcher.locator(f'#board [data-point="{point}"] .stone').count() == 1
    assert watcher.locator("#board.interactive").count() == 0
    assert watcher.inner_text("#status").startswith("Watching")
    assert legal_points(watcher) == []

    # Ann asks to take back her last move; Bob allows it.
    ann.click("#undo-btn")
    bob.wait_for_selector("#undo-answer:not([hidden])")
    assert "asks to take back" in bob.inner_text("#undo-text")
    assert watcher.locator("#undo-answer:not([hidden])").count() == 0
    bob.click("#undo-accept")
    for page in (ann, bob, watcher):
        page.wait_for_function("document.querySelectorAll('#moves li').length === 2")
    ann.wait_for_selector("#board.interactive")

    bob.click("#resign-btn")
    for page in (ann, bob, watcher):
        page.wait_for_selector("#outcome:not([hidden])")
    assert api_view(server, gid)["outcome"]["text"] == "Black wins by resignation"
    # The page names the player beside the colour.
    text = "Black (Ann) wins by resignation"
    assert ann.inner_text("#outcome-text") == watcher.inner_text("#outcome-text") == text


def test_reload_keeps_the_game_and_the_seat(new_page: Any, server: str) -> None:
    page = new_page()
    gid = create_by_form(page, server, "go", {"size": 5}, ["person", 1])
    before = move_count(page)
    click_point(page, "c3")
    wait_turn(page, before)
    listed = page.inner_text("#moves")
    page.reload()
    page.wait_for_selector("#board.interactive")
    assert page.inner_text("#moves") == listed
    assert "(you)" in page.inner_text("#seats")
    before = move_count(page)
    click_point(page, legal_points(page)[0])
    wait_turn(page, before)
    assert len(api_view(server, gid)["moves"]) == 4


def test_moves_out_of_turn_or_with_a_wrong_token_are_refused(new_page: Any, server: str) -> None:
    ann = new_page()
    gid = create_by_form(ann, server, "go", {"size": 5}, ["person", "person"])
    bob = new_page()
    open_invite(bob, ann.input_value("#invite-1"))
    ann.wait_for_selector("#board.interactive")

    # Bob types a move while it is Ann's turn: refused, shown, nothing changes.
    bob.fill("#notation", "c3")
    bob.press("#notation", "Enter")
    bob.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert api_view(server, gid)["ply"] == 0

    status, answer = call(
        f"{server}/api/games/{gid}/moves", "POST", {"token": token_of(bob), "move": "c3"}
    )
    assert status == 409 and answer["error"] == "not-your-turn", answer
    status, answer = call(
        f"{server}/api/games/{gid}/moves", "POST", {"token": "not-a-token", "move": "c3"}
    )
    assert status == 403 and answer["error"] == "bad-token", answer

    # A wrong token in the address: the page refuses to act and watches instead.
    intruder = new_page()
    intruder.goto(f"{server}/game/{gid}?token=not-a-token")
    intruder.wait_for_selector("#seats li")
    assert intruder.locator("#board.interactive").count() == 0
    assert api_view(server, gid)["ply"] == 0

    # Ann's own move by typing it works.
    ann.fill("#notation", "c3")
    ann.press("#notation", "Enter")
    bob.wait_for_selector("#board.interactive")
    assert [m["move"] for m in api_view(server, gid)["moves"]] == ["C3"]


def test_go_scoring_on_one_screen(new_page: Any, server: str) -> None:
    page = new_page()
    gid = create_by_form(page, server, "go", {"size": 5}, ["person", "person"], one_screen=True)
    for point in ["c3", "a1"]:
        page.wait_for_selector("#board.interactive")
        before = move_count(page)
        click_point(page, point)
        page.wait_for_function(f"document.querySelectorAll('#moves li').length > {before}")

    def pass_twice() -> None:
        for _ in range(2):
            before = move_count(page)
            page.click("#pass-btn")
            page.wait_for_function(f"document.querySelectorAll('#moves li').length > {before}")
        page.wait_for_selector("#scoring:not([hidden])")
        page.wait_for_selector("#scoring:not(.pending)")  # the proposal is in (record 0075)

    pass_twice()
    page.click("#resume-btn")  # back to play, then pass again
    page.wait_for_selector("#scoring", state="hidden")
    page.wait_for_selector("#board.interactive")
    pass_twice()
    dead_before = len(api_view(server, gid)["scoring"]["dead"])
    page.click('#board [data-point="a1"]')
    page.wait_for_function(
        f"document.querySelectorAll('#board path.dead').length !== {dead_before}"
    )
    page.click("#accept-btn")
    page.wait_for_selector("#outcome:not([hidden])")
    assert api_view(server, gid)["status"] == "finished"


def test_lobby_join_confirmation_and_clock(new_page: Any, server: str) -> None:
    ann = new_page()
    ann.goto(server + "/")
    ann.wait_for_selector("#game-go")
    ann.check("#clock-custom")
    ann.select_option("#clock-kind", "absolute")
    ann.fill("#clock-main", "5")
    gid = create_by_form(ann, server, "go", {"size": 5}, ["person", "person"])
    assert ann.inner_text('#seats [data-clock-seat="0"]') == "5:00"

    # Bob finds the game in the lobby and joins it.
    bob = new_page(width=390, height=800)
    bob.goto(server + "/")
    bob.click(f'#lobby li[data-game="{gid}"] button')
    answer_name(bob, "Bob")  # the name field was empty: the join asks it
    bob.wait_for_url(f"**/game/{gid}*")
    bob.wait_for_function("document.getElementById('seats').textContent.includes('(you)')")

    # With confirmation on, a click only proposes the move.
    ann.wait_for_selector("#board.interactive")
    ann.set_checked("#confirm-moves", True)
    click_point(ann, "c3")
    ann.wait_for_selector("#confirm-bar:not([hidden])")
    assert ann.inner_text("#confirm-text") == "Play C3?"
    assert api_view(server, gid)["ply"] == 0
    ann.click("#confirm-yes")
    bob.wait_for_selector("#board.interactive")
    assert [m["move"] for m in api_view(server, gid)["moves"]] == ["C3"]
    # Bob's clock runs now: it counts down on both screens.
    for page in (ann, bob):
        page.wait_for_function(
            "document.querySelector('#seats [data-clock-seat=\"1\"]').textContent.startsWith('4:')"
        )


def test_unknown_game_says_so(new_page: Any, server: str) -> None:
    page = new_page()
    page.goto(f"{server}/game/nosuchgame00")
    page.wait_for_function("document.getElementById('status').textContent.includes('no such game')")
    assert "no game" in page.inner_text("#error")


def test_a_watcher_follows_captures_from_event_deltas(new_page: Any, server: str) -> None:
    """Event frames carry what changed: the watcher's board loses a captured stone, its
    move list grows by one item per move, and it ends up showing what the API shows."""
    status, created = call(
        f"{server}/api/games",
        "POST",
        {"game": "go", "options": {"size": 5}, "seats": [{"claim": True}, {"claim": True}]},
    )
    assert status == 201
    gid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    watcher = new_page()
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    watcher.goto(f"{server}/game/{gid}")
    watcher.wait_for_selector("#seats li")
    for ply, move in enumerate(["A2", "A1", "B1", "E5", "C3"]):
        status, _ = call(
            f"{server}/api/games/{gid}/moves", "POST", {"token": tokens[ply % 2], "move": move}
        )
        assert status == 200
        watcher.wait_for_function(f"document.querySelectorAll('#moves li').length === {ply + 1}")
    assert watcher.locator('#board [data-point="a1"] .stone').count() == 0  # captured
    view = api_view(server, gid)
    shown = watcher.eval_on_selector_all(
        "#board [data-point]",
        "nodes => nodes.filter(n => n.querySelector('.stone')).map(n => n.dataset.point)",
    )
    assert sorted(shown) == sorted(point.lower() for point in view["board"]["stones"])
    listed = watcher.locator("#moves .move-text").all_inner_texts()
    assert listed == [m["move"] for m in view["moves"]]
    assert watcher.inner_text('#moves li[data-ply="3"] .move-mark') == "captured 1"
    events = [f for f in frames if '"type":"event"' in f]
    assert len(events) == 5 and all('"moves":{"keep"' in f for f in events)
