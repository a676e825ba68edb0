"""How the app looks: dark mode, disabled and spectator controls, Copy feedback, the
404 page, the board at 200% zoom, the last move and the computer's reply (desktop
1280x800; axe checks every state visited)."""

from __future__ import annotations

import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.axe import assert_accessible
from tests.web.games import KINDS, against_computer, replayed, waiting
from tests.web.play import answer_name
from tests.web.server import call

DESKTOP = (1280, 800)


def background(page: Any) -> str:
    colour: str = page.evaluate("getComputedStyle(document.body).backgroundColor")
    return colour


def brightness(colour: str) -> float:
    """0 (black) to 255 (white) from an rgb() text."""
    parts = [float(x) for x in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3]]
    return sum(parts) / 3


def open_game(
    page: Any, server: str, game: str = "go", options: dict[str, Any] | None = None
) -> str:
    gid, token = against_computer(server, game, options)
    page.goto(f"{server}/game/{gid}?token={token}")
    page.wait_for_selector("#board.interactive", timeout=60_000)
    return gid


def test_dark_mode_follows_the_system_and_the_switch_is_remembered(
    new_page: Callable[..., Any], server: str
) -> None:
    page = new_page(*DESKTOP, color_scheme="dark")
    page.goto(server + "/")
    page.wait_for_selector("#theme-switch")
    assert brightness(background(page)) < 60
    assert page.get_attribute("#theme-switch", "aria-pressed") == "true"
    assert_accessible(page, "home page, dark")
    open_game(page, server, "go", {"size": 9})
    assert brightness(background(page)) < 60
    assert_accessible(page, "game page, dark")
    page.click("#theme-switch")  # light, whatever the system says
    assert brightness(background(page)) > 200
    assert page.get_attribute("#theme-switch", "aria-pressed") == "false"
    page.goto(server + "/")
    page.wait_for_selector("#theme-switch")
    assert brightness(background(page)) > 200
    light = new_page(*DESKTOP, color_scheme="light")
    light.goto(server + "/")
    light.wait_for_selector("#theme-switch")
    assert brightness(background(light)) > 200
    light.click("#theme-switch")
    assert brightness(background(light)) < 60


def test_disabled_buttons_look_disabled_and_spectators_see_no_controls(
    new_page: Callable[..., Any], server: str
) -> None:
    page = new_page(*DESKTOP)
    gid, seats = waiting(server, "go")
    page.goto(f"{server}/game/{gid}?token={seats[0]['token']}")
    answer_name(page, "Ann")  # an invite link: the seat is claimed under a name
    page.wait_for_selector("#seats li")
    page.wait_for_selector("#resign-btn:disabled")  # nothing to resign before the game starts
    looks = page.evaluate(
        """() => {
          const s = (id) => getComputedStyle(document.getElementById(id));
          const r = s('resign-btn');
          return {resign: [r.color, r.opacity, r.borderStyle],
                  hint: s('theme-switch').opacity};
        }"""
    )
    assert looks["resign"][0] != "rgb(164, 22, 26)"  # not the active Resign's red
    assert float(looks["resign"][1]) < 1
    assert looks["resign"][2] == "dashed"
    assert_accessible(page, "waiting game, seat 0")
    watcher = new_page(*DESKTOP)
    watcher.goto(f"{server}/game/{gid}")
    watcher.wait_for_selector("#seats li")
    for control in ["#controls", "#notation-form", "#confirm-moves", "#resign-btn"]:
        assert not watcher.is_visible(control), control
    assert watcher.is_visible("button.join")  # a free seat can still be taken
    assert_accessible(watcher, "spectator")


def test_copy_says_it_copied(new_page: Callable[..., Any], server: str) -> None:
    page = new_page(*DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    gid, seats = waiting(server, "go")
    page.goto(server + "/")
    page.evaluate(
        "([id, invites]) =>"
        " localStorage.setItem(`tabletop.invites.${id}`, JSON.stringify(invites))",
        [gid, seats],
    )
    page.goto(f"{server}/game/{gid}?token={seats[0]['token']}")
    answer_name(page, "Ann")  # an invite link: the seat is claimed under a name
    button = page.locator("#invites button.copy")
    button.wait_for()
    assert button.text_content() == "Copy"
    button.click()
    page.wait_for_selector("#invites button.copied")
    assert "Copied" in button.text_content()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith(f"/game/{gid}?token={seats[1]['token']}")
    assert_accessible(page, "invite copied")


def test_404_is_a_page_for_browsers_and_json_for_the_api(
    new_page: Callable[..., Any], server: str
) -> None:
    page = new_page(*DESKTOP)
    answer = page.goto(server + "/no/such/page")
    assert answer.status == 404
    assert "text/html" in answer.headers["content-type"]
    assert page.locator("h1").text_content() == "Page not found"
    assert page.locator('main a[href="/"]').count() == 1
    assert_accessible(page, "404 page")
    request = urllib.request.Request(server + "/api/no-such", headers={"Accept": "text/html"})
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("no 404")
    except urllib.error.HTTPError as err:
        assert err.code == 404
        assert err.headers["content-type"].startswith("application/json")
    status, body = call(server + "/no/such/page")
    assert status == 404 and body["error"] == "not-found"


@pytest.mark.parametrize("game", ["go", "abalone", "oust", "quoridor"])
def test_board_fits_the_window_at_200_percent_zoom(
    new_page: Callable[..., Any], server: str, game: str
) -> None:
    # 1280x800 at 200%: a window of 640x400 CSS px.
    page = new_page(640, 400, device_scale_factor=2)
    open_game(page, server, game, {} if game != "go" else {"size": 19})
    box = page.locator("#board").bounding_box()
    assert box["height"] <= 400
    assert box["width"] <= 640
    assert page.evaluate("document.documentElement.scrollWidth") <= 640


def test_last_move_is_marked_and_the_reply_is_placed_not_popped(
    new_page: Callable[..., Any], server: str
) -> None:
    page = new_page(*DESKTOP)
    open_game(page, server, "go", {"size": 9})
    page.click('#board [data-point="e5"]')
    page.wait_for_function("document.querySelectorAll('#moves li').length >= 2", timeout=60_000)
    page.wait_for_selector("#board.interactive", timeout=60_000)
    # The computer's stone carries the last-move ring and came in with the placing animation.
    last = page.locator("#board .pt:has(.last-move)")
    assert last.count() == 1
    assert last.locator("circle.stone.fresh").count() == 1
    assert last.get_attribute("data-point") != "e5"
    animation = page.evaluate(
        "getComputedStyle(document.querySelector('#board circle.stone.fresh')).animationName"
    )
    assert animation == "place"
    # Stones are shaded (a radial gradient), not flat discs.
    fill = page.get_attribute('#board [data-point="e5"] circle.stone', "fill")
    assert fill.startswith("url(#shade-")
    assert page.locator(f"radialGradient#{fill[5:-1]}").count() == 1
    assert_accessible(page, "go after a reply")


def test_every_page_has_no_axe_violations_on_a_desktop(
    new_page: Callable[..., Any], server: str
) -> None:
    page = new_page(*DESKTOP)
    for game in KINDS:
        waiting(server, game)
    page.goto(server + "/")
    page.wait_for_selector("#lobby li a, #lobby li button", state="attached")
    assert_accessible(page, "home page with the lobby")
    for game in KINDS:
        open_game(page, server, game)
        assert_accessible(page, f"{game} game page")
        page.goto(f"{server}/replay/{replayed(server, game)}")
        page.wait_for_selector("#moves li")
        assert_accessible(page, f"{game} replay page")
        page.click("#prev")
        assert_accessible(page, f"{game} replay, a move back")
