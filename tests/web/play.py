"""Driving the browser app like a player: the create form, clicks, waiting for turns."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from tests.web.server import call

TURN_OR_END = """(before) => {
  const count = document.querySelectorAll('#moves li').length;
  const done = !document.getElementById('outcome').hidden;
  const mine = document.querySelector('#board.interactive') !== null;
  const scoring = !document.getElementById('scoring').hidden;
  return done || scoring || (count > before && mine);
}"""


def create_by_form(
    page: Any,
    base: str,
    game: str,
    options: dict[str, Any],
    seats: list[str | int],
    one_screen: bool = False,
    name: str = "Ann",
    preset: str | None = None,
) -> str:
    """Create a game on the home page as a player does: the game (and ``preset``), the
    opponent, the options under "more options". ``seats`` holds "person" or a computer
    level per seat: a level anywhere plays the computer (every computer seat at that
    level), persons only invite a friend, ``one_screen`` plays all seats here; this
    browser plays the first person seat.

    Returns the game id once the game page has opened.
    """
    if not page.url.startswith(base + "/") or urlparse(page.url).path != "/":
        page.goto(base + "/")
    page.wait_for_selector(f"#game-{game}")
    page.fill("#your-name", name)
    page.check(f"#game-{game}")
    if preset is not None:
        page.check(f"#preset-{preset}")
    levels = [who for who in seats if who != "person"]
    opponent = "screen" if one_screen else "computer" if levels else "friend"
    page.check(f"#opponent-{opponent}")
    if levels:
        page.select_option("#level", str(levels[0]))
    if not one_screen:
        page.select_option("#play-as", str(seats.index("person")))
    if options and page.locator("#more-options[open]").count() == 0:
        page.click("#more-options summary")
    for option, value in options.items():
        selector = f"#opt-{option}"
        kind = page.eval_on_selector(selector, "n => n.tagName + ':' + (n.type || '')")
        if kind.startswith("SELECT"):
            page.select_option(selector, str(value))
        elif kind.endswith("checkbox"):
            page.set_checked(selector, bool(value))
        else:
            page.fill(selector, str(value))
    page.click("#create-btn")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("#seats li")
    return game_id(page)


def open_invite(page: Any, link: str, name: str = "Bob") -> None:
    """Open an invite link as a person does: give a name when asked, then the game."""
    page.goto(link)
    answer_name(page, name)
    page.wait_for_selector("#seats li")


def answer_name(page: Any, name: str) -> None:
    """Give ``name`` in the dialog that asks it before taking a seat."""
    page.wait_for_selector("#ask-name[open]")
    page.fill("#ask-name-input", name)
    page.click("#ask-name-ok")


def game_id(page: Any) -> str:
    """The id of the game the page shows."""
    return str(urlparse(page.url).path.rstrip("/").split("/")[-1])


def token_of(page: Any, seat: int | None = None) -> str:
    """The seat token this page's browser keeps for its game (the first seat's without ``seat``).

    The address bar loses the token once the browser has stored it.
    """
    tokens: dict[str, str] = page.evaluate(
        "(id) => JSON.parse(localStorage.getItem(`tabletop.tokens.${id}`) || '{}')", game_id(page)
    )
    if seat is None:
        return next(iter(tokens.values()))
    return tokens[str(seat)]


def move_count(page: Any) -> int:
    """Entries in the move list."""
    count: int = page.locator("#moves li").count()
    return count


def wait_turn(page: Any, before: int) -> None:
    """Wait until more than `before` moves are listed and it is our turn again (or the end)."""
    page.wait_for_function(TURN_OR_END, arg=before, timeout=30_000)


def is_finished(page: Any) -> bool:
    """True when the page shows the outcome."""
    return bool(page.locator("#outcome").is_visible())


def legal_points(page: Any) -> list[str]:
    """The cells the board offers to click for a move."""
    points: list[str] = page.eval_on_selector_all(
        "#board .pt.legal", "nodes => nodes.map(n => n.dataset.point)"
    )
    return points


def api_view(base: str, gid: str) -> dict[str, Any]:
    """The public GameView from the server."""
    status, view = call(f"{base}/api/games/{gid}")
    assert status == 200, view
    assert isinstance(view, dict)
    return view


def click_point(page: Any, point: str) -> None:
    """Click a cell of the board by its name."""
    page.click(f'#board [data-point="{point}"]')


def click_wall(page: Any, wall: str, size: int = 9) -> None:
    """Click the Quoridor groove that names `wall` (pointer moved there first, as a mouse)."""
    point = page.evaluate(
        """async ([wall, size]) => {
          const q = await import('/static/js/quoridor-walls.js');
          const p = q.wallClickPoint(wall, size);
          const m = document.getElementById('board').getScreenCTM();
          return {x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f};
        }""",
        [wall, size],
    )
    page.mouse.move(point["x"], point["y"])
    page.mouse.click(point["x"], point["y"])
