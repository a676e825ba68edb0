"""Abalone clicks (web/js/abalone-moves.js) against the real engine's legal moves.

Every legal move must be made by one natural click sequence (select the marbles
that move, then click a cell the line moves onto), and every cell highlighted as
a target must make a move when clicked, never a "which move?" question.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.core import State
from tabletop.games.abalone.view import board_view

# For each legal move: its natural selection (the rear marble first for an in-line
# move, then the marbles ahead; a broadside's line in order), each target clicked
# after it, and every highlighted cell for the full selection and for its first marble.
CHECK = """async ([board, mover, legal]) => {
  const m = await import('/static/js/abalone-moves.js');
  const described = m.describeMoves(board.cells, board.marbles, mover, legal);
  const out = {missing: [], wrongTarget: [], unresolved: [], described: described.length};
  const select = (cells) => {
    let selection = [];
    for (const cell of cells) {
      selection = m.click(described, selection, cell, board.marbles, mover).selection;
    }
    return selection;
  };
  for (const move of described) {
    const selection = select(move.group);
    const made = move.targets.map(
      (t) => m.click(described, selection, t, board.marbles, mover).move);
    if (!made.includes(move.text)) out.missing.push([move.text, selection, move.targets, made]);
    for (const sel of [selection, select(move.group.slice(0, 1))]) {
      for (const t of m.targets(described, sel)) {
        const r = m.click(described, sel, t, board.marbles, mover);
        if (!r.move) out.unresolved.push([sel, t, r]);
      }
    }
  }
  return out;
}"""


def positions(players: int, plies: int, seed: int) -> State:
    state = tabletop.load_game("abalone", players=players).new_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(list(state.legal_moves())))
    return state


def check(page: Any, state: State) -> dict[str, Any]:
    board = dict(board_view(state))
    legal = [state.format_move(m) for m in state.legal_moves()]
    result: dict[str, Any] = page.evaluate(CHECK, [board, state.to_move, legal])
    assert result["described"] == len(legal)
    return result


@pytest.mark.parametrize(
    ("players", "plies", "seed"),
    [(2, 0, 0), (2, 12, 1), (2, 30, 2), (2, 60, 3), (3, 9, 4), (3, 40, 5), (4, 20, 6)],
)
def test_every_legal_move_is_reachable_by_clicks(
    page: Any, static_url: str, players: int, plies: int, seed: int
) -> None:
    page.goto(static_url + "/")
    result = check(page, positions(players, plies, seed))
    assert result["missing"] == []
    assert result["unresolved"] == []


# The line c3-c4-c5 alone on the board, and for each broadside direction the cell in
# front of the middle marble c4 with the move that puts c4 there.
LINE = ["c3", "c4", "c5"]


def lone_line() -> State:
    game = tabletop.load_game("abalone")
    return game.setup({0: LINE, 1: ["i5", "i6", "i7"]}, 0)  # type: ignore[attr-defined]


CLICK = """async ([board, mover, legal, clicks]) => {
  const m = await import('/static/js/abalone-moves.js');
  const described = m.describeMoves(board.cells, board.marbles, mover, legal);
  let selection = [];
  let result = null;
  for (const cell of clicks) {
    result = m.click(described, selection, cell, board.marbles, mover);
    if (result.selection) selection = result.selection;
  }
  return [result, [...m.targets(described, selection)].sort()];
}"""


def broadsides(state: State) -> dict[str, str]:
    """Each three-marble broadside of the line: the move text -> the cell c4 moves to."""
    out = {}
    board = board_view(state)
    where = {c["name"]: (c["x"], c["y"]) for c in board["cells"]}
    at = {(round(x, 2), round(y, 2)): name for name, (x, y) in where.items()}
    for text in (state.format_move(m) for m in state.legal_moves()):
        if len(text) == 6 and {text[:2], text[2:4]} == {"c3", "c5"}:
            a, to = where[text[:2]], where[text[4:]]
            d = (to[0] - a[0], to[1] - a[1])
            c4 = where["c4"]
            out[text] = at[(round(c4[0] + d[0], 2), round(c4[1] + d[1], 2))]
    return out


@pytest.mark.parametrize("selected", [["c3", "c4", "c5"], ["c3", "c5"], ["c5", "c4", "c3"]])
def test_middle_cell_in_front_of_three_marbles_moves_them(
    page: Any, static_url: str, selected: list[str]
) -> None:
    page.goto(static_url + "/")
    state = lone_line()
    board = dict(board_view(state))
    legal = [state.format_move(m) for m in state.legal_moves()]
    middle = broadsides(state)
    assert len(middle) == 4  # the four sideways directions of a line
    for move, cell in middle.items():
        result, targets = page.evaluate(CLICK, [board, 0, legal, [*selected, cell]])
        assert result == {"move": move}, (move, cell, result)
        assert cell in targets


def test_one_marble_highlights_only_its_own_steps(page: Any, static_url: str) -> None:
    page.goto(static_url + "/")
    state = lone_line()
    board = dict(board_view(state))
    legal = [state.format_move(m) for m in state.legal_moves()]
    # c4 is in the middle of the line: alone it steps to its four free neighbours, or
    # pushes c3 or c5 along the line (c4c3 and c4c5, the in-line moves it is the rear
    # of); the cells in front of the line's broadsides need both ends selected.
    _, targets = page.evaluate(CLICK, [board, 0, legal, ["c4"]])
    assert targets == ["b3", "b4", "c2", "c6", "d4", "d5"]
