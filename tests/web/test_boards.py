"""The board renderers and their click-to-notation mapping, in Chromium.

These draw hand-made GameViews (docs/protocol.md) with legal lists from the
real engines and check that clicks name exactly the legal moves; no game
server is involved (the files come from a plain static server).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import tabletop
from tests.web.play import click_wall

DRAW = """async ([view, extra]) => {
  const m = await import('/static/js/boards/index.js');
  const root = document.getElementById('board');
  window.calls = [];
  const ctx = {
    view, interactive: true, selection: [], hints: [], ...extra,
    onMove: (x) => window.calls.push(['move', x]),
    onPoint: (p) => window.calls.push(['point', p]),
    onMessage: (t) => window.calls.push(['message', t]),
    onSelect: (s) => {
      ctx.selection = s;
      window.calls.push(['select', s]);
      m.drawBoard(root, ctx);
    },
  };
  m.drawBoard(root, ctx);
  return root.querySelectorAll('*').length;
}"""


def view_of(game: str, board: dict[str, Any], legal: list[str], players: int = 2) -> dict[str, Any]:
    """A GameView with the fields the board code reads."""
    colours = ["black", "white", "red", "blue"]
    return {
        "id": "test",
        "game": game,
        "title": game.title(),
        "options": {},
        "players": players,
        "seats": [
            {"seat": s, "name": f"P{s}", "kind": "person", "claimed": True, "colour": colours[s]}
            for s in range(players)
        ],
        "status": "playing",
        "seq": 1,
        "ply": 0,
        "to_move": 0,
        "moves": [],
        "legal": legal,
        "board": board,
        "clock": {"kind": "none"},
        "scoring": None,
        "undo_request": None,
        "outcome": None,
    }


def legal_texts(game: str, **options: Any) -> list[str]:
    state = tabletop.load_game(game, **options).new_state()
    return [state.format_move(m) for m in state.legal_moves()]


def draw(page: Any, static_url: str, view: dict[str, Any], **extra: Any) -> None:
    page.goto(static_url + "/")
    assert page.evaluate(DRAW, [view, extra]) > 0


def calls(page: Any) -> list[list[Any]]:
    result: list[list[Any]] = page.evaluate("window.calls")
    return result


def click_cell(page: Any, name: str) -> None:
    page.click(f'#board [data-point="{name}"]')


def test_go_click_names_the_point_and_stones_do_nothing(page: Any, static_url: str) -> None:
    legal = [m for m in legal_texts("go", size=5) if m != "C3"]
    board = {
        "kind": "go",
        "size": 5,
        "columns": "ABCDE",
        "stones": {"c3": 1},
        "star_points": ["c3"],
        "last": "c3",
        "captures": [0, 0],
        "ko": None,
    }
    draw(page, static_url, view_of("go", board, legal))
    click_cell(page, "b2")
    click_cell(page, "c3")
    assert calls(page) == [["move", "B2"]]
    assert page.locator("#board .pt.legal").count() == 24
    assert page.locator("#board text.coord", has_text="E").count() == 2
    assert page.locator("#board circle.stone title").first.text_content() == "C3: White (P1)"


def test_hint_marks_show_the_chance_to_win(page: Any, static_url: str) -> None:
    board = {"kind": "go", "size": 5, "columns": "ABCDE", "stones": {}, "star_points": []}
    hints = [
        {"move": "C3", "visits": 0, "share": 1.0, "value": 0.1, "chance": 0.55},
        {"move": "B2", "visits": 0, "share": 0.0, "value": -0.2, "chance": 0.4},
    ]
    draw(page, static_url, view_of("go", board, legal_texts("go", size=5)), hints=hints)
    # Not alpha-beta's share (100 and 0): the chance after each move.
    assert sorted(page.locator("#board .hint text").all_text_contents()) == ["40", "55"]


def test_go_scoring_click_toggles_a_stone(page: Any, static_url: str) -> None:
    board = {"kind": "go", "size": 5, "columns": "ABCDE", "stones": {"c3": 1, "b2": 0}}
    view = view_of("go", board, [])
    view["status"] = "scoring"
    view["scoring"] = {"dead": ["c3"], "accepted": [], "score": {"text": "B+1"}}
    draw(page, static_url, view, interactive=False, scoring=True)
    click_cell(page, "c3")
    assert calls(page) == [["point", "C3"]]
    assert page.locator("#board path.dead").count() == 1


def square_cells(width: int, height: int) -> list[dict[str, Any]]:
    columns = "abcdefghjklmnopqrst"
    return [
        {"name": f"{columns[c]}{r + 1}", "x": float(c), "y": float(height - 1 - r)}
        for r in range(height)
        for c in range(width)
    ]


def test_oust_square_click(page: Any, static_url: str) -> None:
    legal = legal_texts("oust", size=4)
    cells = square_cells(4, 4)
    board = {"kind": "oust", "shape": "square", "cells": cells, "stones": {}, "last": None}
    draw(page, static_url, view_of("oust", board, legal))
    click_cell(page, "d4")
    assert calls(page) == [["move", "d4"]]


def hex_cells(side: int) -> list[dict[str, Any]]:
    """Abalone-style hex cells: row letter from the bottom, diagonal number."""
    rows = 2 * side - 1
    cells = []
    for r in range(rows):
        for n in range(max(1, r - side + 2), min(rows, r + side) + 1):
            x = (n - 1) - r * 0.5
            y = (rows - 1 - r) * math.sqrt(3) / 2
            cells.append({"name": f"{chr(97 + r)}{n}", "x": x, "y": y})
    return cells


def test_oust_hex_board_has_every_cell(page: Any, static_url: str) -> None:
    legal = legal_texts("oust", board="hex", side=5)
    cells = hex_cells(5)
    assert {c["name"] for c in cells} == set(legal)
    board = {"kind": "oust", "shape": "hex", "cells": cells, "stones": {"e5": 1}, "last": "e5"}
    draw(page, static_url, view_of("oust", board, [m for m in legal if m != "e5"]))
    click_cell(page, "i9")
    assert calls(page) == [["move", "i9"]]
    assert page.locator("#board polygon.cell").count() == 61


ABALONE_MARBLES = {
    **{f"a{n}": 0 for n in range(1, 6)},
    **{f"b{n}": 0 for n in range(1, 7)},
    **{f"c{n}": 0 for n in range(3, 6)},
    **{f"i{n}": 1 for n in range(5, 10)},
    **{f"h{n}": 1 for n in range(4, 10)},
    **{f"g{n}": 1 for n in range(5, 8)},
}


def abalone_view() -> dict[str, Any]:
    board = {
        "kind": "abalone",
        "cells": hex_cells(5),
        "marbles": ABALONE_MARBLES,
        "ejected": [0, 0],
        "teams": [0, 1],
        "last": None,
    }
    return view_of("abalone", board, legal_texts("abalone"))


@pytest.mark.parametrize(
    ("clicks", "move"),
    [
        (["c3", "d3"], "c3d3"),  # one marble in line
        (["a1", "d4"], "a1b2"),  # rear marble, then the cell in front of the group
        (["b2", "c3", "d4"], "b2c3"),  # the whole group selected
        (["c3", "c5", "d6"], "c3c5d4"),  # broadside: both ends, then where an end goes
        (["c5", "c3", "d6"], "c3c5d4"),  # ends in either order
        (["c3", "c5", "d4"], "c3c5d3"),  # the middle cell in front: the middle marble goes there
        (["c3", "c5", "d5"], "c3c5d4"),
        (["c4", "c3", "d4"], "c3c4d3"),  # a middle cell: the first selected marble goes there
    ],
)
def test_abalone_selection_then_target(
    page: Any, static_url: str, clicks: list[str], move: str
) -> None:
    draw(page, static_url, abalone_view())
    for cell in clicks:
        click_cell(page, cell)
    assert calls(page)[-1] == ["move", move]


def test_abalone_click_without_selection_does_nothing(page: Any, static_url: str) -> None:
    draw(page, static_url, abalone_view())
    click_cell(page, "e5")
    click_cell(page, "g5")  # an opponent marble
    assert calls(page) == []


def quoridor_view(walls: list[str] | None = None) -> dict[str, Any]:
    board = {
        "kind": "quoridor",
        "size": 9,
        "pawns": ["e1", "e9"],
        "walls": walls or [],
        "walls_left": [10, 10],
        "goals": ["north", "south"],
        "last": None,
    }
    return view_of("quoridor", board, legal_texts("quoridor"))


def test_quoridor_pawn_step_and_walls(page: Any, static_url: str) -> None:
    draw(page, static_url, quoridor_view())
    click_cell(page, "e2")
    click_cell(page, "e3")  # not a legal step
    for wall in ["e3h", "e3v", "a1h", "h8v", "d5v"]:
        click_wall(page, wall)
    assert calls(page) == [
        ["move", "e2"],
        ["move", "e3h"],
        ["move", "e3v"],
        ["move", "a1h"],
        ["move", "h8v"],
        ["move", "d5v"],
    ]
    assert page.locator("#board .wall-preview").get_attribute("data-wall") == "d5v"


def test_quoridor_walls_are_drawn_and_illegal_ones_refused(page: Any, static_url: str) -> None:
    view = quoridor_view(["e3h"])
    view["legal"] = [m for m in view["legal"] if m not in {"e3h", "d3h", "f3h", "e3v"}]
    draw(page, static_url, view)
    assert page.locator("#board rect.wall").count() == 1
    click_wall(page, "e3v")
    assert calls(page) == [["message", "Wall e3v is not allowed here"]]


def test_quoridor_wall_names_from_points(page: Any, static_url: str) -> None:
    page.goto(static_url + "/")
    names = page.evaluate(
        """async () => {
          const q = await import('/static/js/quoridor-walls.js');
          return [q.wallAt(5.3, 6.05, 9), q.wallAt(5.02, 5.7, 9), q.wallAt(4.5, 4.5, 9),
                  q.wallAt(0.2, 8.0, 9), q.wallAt(8.9, 1.0, 9)];
        }"""
    )
    assert names == ["e3h", "e3v", None, "a1h", "h8h"]


def test_clock_texts(page: Any, static_url: str) -> None:
    page.goto(static_url + "/")
    texts = page.evaluate(
        """async () => {
          const c = await import('/static/js/clock.js');
          const clock = {kind: 'byoyomi', main: 600, periods: 3, period: 30,
                         remaining: [65.4, 3700], periods_left: [3, 2], running: 0};
          return [c.formatSeconds(65.4), c.formatSeconds(3700), c.formatSeconds(-3),
                  c.clockText(clock, 0, 10), c.clockText(clock, 1, 10),
                  c.clockText({kind: 'none'}, 0, 0), c.describeClock({kind: 'fischer', main: 300,
                  increment: 5})];
        }"""
    )
    assert texts == ["1:05", "1:01:40", "0:00", "0:55 (3×30s)", "1:01:40 (2×30s)", "", "5:00 + 5s"]


def test_shared_modules_load(page: Any, static_url: str) -> None:
    page.goto(static_url + "/")
    names = page.evaluate(
        """async () => {
          const out = [];
          for (const m of ['api', 'panels', 'palette', 'svg']) {
            out.push(...Object.keys(await import(`/static/js/${m}.js`)));
          }
          return out;
        }"""
    )
    assert {"api", "renderSeats", "renderMoves", "seatPaint", "svg"} <= set(names)


def test_each_board_supplies_its_seat_counter(page: Any, static_url: str) -> None:
    page.goto(static_url + "/")
    counters = page.evaluate(
        """async () => {
          const b = await import('/static/js/boards/index.js');
          const views = [
            {players: 2, board: {kind: 'go', captures: [3, 0]}},
            {players: 2, board: {kind: 'oust', stones: {a1: 1, b2: 1, c3: 0}}},
            {players: 2, board: {kind: 'quoridor', walls_left: [7, 10]}},
            {players: 2, board: {kind: 'abalone', ejected: [2, 0], teams: [0, 1], to_win: 6}},
            {players: 2, board: {kind: 'go'}},
            {players: 2, board: {kind: 'chess'}},
          ];
          return views.map((view) => [b.seatCounter(view, 0), b.seatCounter(view, 1)]);
        }"""
    )
    assert counters[:4] == [
        ["captures: 3", "captures: 0"],
        ["stones: 1", "stones: 2"],
        ["walls left: 7", "walls left: 10"],
        ["pushed off: 2 of 6", "pushed off: 0 of 6"],
    ]
    assert counters[4:] == [["", ""], ["", ""]]  # no count in the view; an unknown board
