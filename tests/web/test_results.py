"""The game-over breakdown of each game (boards/<game>.js through boards/index.js
``resultTable``) on real finished views, and the result sentence naming people and
sides as the players list does."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tabletop.core import load_game
from tabletop.play.match import Match, SeatSpec
from tabletop.server.views import game_view
from tests.web.games import against_computer
from tests.web.play import api_view

TABLE = """async (view) => {
  const boards = await import('/static/js/boards/index.js');
  const messages = await import('/static/js/messages.js');
  const table = boards.resultTable(view);
  const main = document.querySelector('main');  // the harness's, with its heading
  main.querySelector('svg')?.remove();
  if (table) main.append(table);
  return {sentence: messages.resultSentence(view), text: table ? table.innerText : ''};
}"""

SEATS = [SeatSpec("person", None, "Ann"), SeatSpec("person", None, "Bob")]


def random_to_the_end(match: Match, seed: int = 1, limit: int = 3000) -> None:
    """Random legal moves until the game is over (each seat plays its own turn)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if match.status != "playing":
            return
        match.play(match.to_move, rng.choice(match.legal_moves()))
    raise AssertionError("the game did not end")


def finished(game: str) -> dict[str, Any]:
    """A finished view of ``game``: Go counted, Oust played out, the others resigned."""
    if game == "go":
        match = Match(load_game("go", size=5, komi=0.5), SEATS, seed=1)
        match.claim(0, "Ann")
        match.claim(1, "Bob")
        for move in ["C3", "D3", "B3", "D4", "C4", "C2", "pass", "pass"]:
            match.play(match.state.to_move, move)
        for seat in (0, 1):
            match.accept_dead(seat)
    elif game == "oust":
        match = Match(load_game("oust", width=4, height=4), SEATS, seed=1)
        match.claim(0, "Ann")
        match.claim(1, "Bob")
        random_to_the_end(match)
    else:
        match = Match(load_game(game), SEATS, seed=1)
        match.claim(0, "Ann")
        match.claim(1, "Bob")
        match.resign(1)
    assert match.status == "finished"
    return game_view(match, "g", match.ply)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("go", ["Territory count", "Komi", "Total", "Black (Ann)", "White (Bob)"]),
        ("abalone", ["Marbles pushed off (6 to win)", "Pushed off"]),
        ("quoridor", ["Who reached the goal", "Goal", "Reached it", "Walls left"]),
        ("oust", ["Stones on the board at the end"]),
    ],
)
def test_each_game_shows_its_breakdown(
    page: Any, static_url: str, game: str, words: list[str]
) -> None:
    view = finished(game)
    page.goto(static_url + "/")
    shown = page.evaluate(TABLE, view)
    for word in words:
        assert word in shown["text"], (word, shown["text"])
    winners = view["outcome"]["winners"]
    # The sentence names the winner by the game's own side name and the person's name,
    # never by seat number (Quoridor's sides are South and North: decision 0090).
    sides = [seat["side"] for seat in view["seats"]]
    if winners:
        assert f"{sides[winners[0]]} ({['Ann', 'Bob'][winners[0]]})" in shown["sentence"]
        assert "seat" not in shown["sentence"]
    if game in ("abalone", "quoridor"):
        assert shown["sentence"] == f"{sides[0]} (Ann) wins by resignation"


def test_abalone_panels_show_teams_and_six_to_win(page: Any, static_url: str) -> None:
    seats = [SeatSpec("person", None, n) for n in ("Ann", "Bob", "Cy", "Di")]
    match = Match(load_game("abalone", players=4), seats, seed=1)
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        match.claim(seat, name)
    view = game_view(match, "g", 0)
    page.goto(static_url + "/")
    counters = page.evaluate(
        """async (view) => {
          const boards = await import('/static/js/boards/index.js');
          return [0, 1, 2, 3].map((s) => boards.seatCounter(view, s));
        }""",
        view,
    )
    assert counters == [
        "team A, pushed off: 0 of 6",
        "team B, pushed off: 0 of 6",
        "team A, pushed off: 0 of 6",
        "team B, pushed off: 0 of 6",
    ]
    three = [SeatSpec("person", None, n) for n in ("Ann", "Bob", "Cy")]
    match = Match(load_game("abalone", players=3), three, seed=1)
    view = game_view(match, "g", 0)
    counters = page.evaluate(
        """async (view) => {
          const boards = await import('/static/js/boards/index.js');
          return [0, 1, 2].map((s) => boards.seatCounter(view, s));
        }""",
        view,
    )
    assert counters == ["pushed off: 0 of 6"] * 3  # three play alone: no teams to name


SIDE_WORDS = {"Black", "White", "Red", "Blue", "Yellow", "Green", "South", "North", "East", "West"}


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("go", {"size": 9}),
        ("abalone", {}),
        ("abalone", {"players": 3}),
        ("oust", {}),
        ("quoridor", {}),
        ("quoridor", {"players": 4}),
    ],
    ids=["go", "abalone", "abalone-3", "oust", "quoridor", "quoridor-4"],
)
def test_game_over_names_the_sides_the_panels_name(
    new_page: Any, server: str, game: str, options: dict[str, Any]
) -> None:
    """One naming of sides per game (decision 0090): the game-over sentence, its breakdown
    and the server's own outcome text name each seat as the players list does."""
    page = new_page(1280, 800)
    gid, token = against_computer(server, game, options)
    page.goto(f"{server}/game/{gid}?token={token}")
    page.wait_for_selector("#board.interactive", timeout=60_000)
    panels = page.eval_on_selector_all(
        "#seats li .seat-name", "nodes => nodes.map(n => n.firstChild.textContent)"
    )
    page.click("#resign-btn")  # the dialog is accepted: the others win
    page.wait_for_selector("#outcome:not([hidden])")
    shown = page.text_content("#outcome") or ""
    # The result's choices replace the controls of play.
    for gone in ["#controls", "#notation-form", "#confirm-moves", "#show-legal"]:
        assert not page.is_visible(gone), gone
    for choice in ["#rematch-btn", "#new-game-link", "#replay-link", "#sound-on"]:
        assert page.is_visible(choice), choice
    view = api_view(server, gid)
    sides = [seat["side"] for seat in view["seats"]]
    assert [name.split(" (")[0] for name in panels] == sides
    for winner in view["outcome"]["winners"]:
        assert panels[winner] in shown, (panels[winner], shown)
        assert sides[winner] in view["outcome"]["text"]
    # No side word the panels do not use, on the page or in the server's sentence.
    words = set(re.findall(r"[A-Z][a-z]+", shown + " " + view["outcome"]["text"]))
    assert (words & SIDE_WORDS) <= set(sides), (words & SIDE_WORDS, sides)
