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
) -> str:
    """Create a game on the home page; `seats` holds "person" or a computer level.

    Returns the game id once the game page has opened.
    """
    if not page.url.startswith(base + "/") or urlparse(page.url).path != "/":
        page.goto(base + "/")
    page.wait_for_selector(f'#game-select option[value="{game}"]', state="attached")
    page.fill("#your-name", name)
    page.select_option("#game-select", game)
    for option, value in options.items():
        selector = f"#opt-{option}"
        kind = page.eval_on_selector(selector, "n => n.tagName + ':' + (n.type || '')")
        if kind.startswith("SELECT"):
            page.select_option(selector, str(value))
        elif kind.endswith("checkbox"):
            page.set_checked(selector, bool(value))
        else:
            page.fill(selector, str(value))
    for seat, who in enumerate(seats):
        if who == "person":
            page.select_option(f"#seat-{seat}-kind", "person")
        else:
            page.select_option(f"#seat-{seat}-kind", "computer")
            page.select_option(f"#seat-{seat}-level", str(who))
    page.set_checked("#one-screen", one_screen)
    page.click("#create-btn")
    page.wait_for_url("**/game/**")
    page.wait_for_selector("#seats li")
    return game_id(page)


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
