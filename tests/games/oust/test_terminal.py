"""Oust in the terminal game, driven with scripted input."""

from __future__ import annotations

from ...terminal_script import scripted
from .helpers import game


def run(lines: list[str], **options: object) -> list[str]:
    term, out = scripted(game(**options), lines)
    term.run()
    return out


def test_a_short_game_with_bad_input() -> None:
    out = run(["b2", "b2", "a2", "pass", "q9", "c3", "a3"], size=3)
    errors = [line for line in out if line.startswith("error:")]
    assert errors == [
        "error: 'b2': the cell is already occupied",
        "error: 'pass': passing is allowed only when no placement is legal, and 7 are (e.g. a1)",
        "error: 'q9': column q is off the 3x3 square board (columns a..c)",
    ]
    prompts = [line for line in out if line.endswith("> ")]
    assert prompts[:2] == ["Black> ", "White> "]


def test_capture_continues_and_wins() -> None:
    out = run(["a1", "b1", "a2"], size=3)
    assert "Every enemy stone has been captured." in out
    assert out[-1] == "Winner: Black"


def test_hex_board_is_drawn_as_a_hexagon() -> None:
    out = run(["e5", "quit"], board="hex", side=5)
    boards = [line for line in out if "1 2 3 4 5" in line]
    assert boards, "the hex diagram with its diagonal numbers was shown"
    assert any("e . . . .(X). . . ." in line for line in out)


def test_full_board_draw() -> None:
    out = run(["a1", "b1", "b2", "a2", "c1", "c2", "a3", "b3", "c3"], size=3)
    assert "Neither side can place a stone: the game is a draw." in out
    assert out[-1] == "No winner."
