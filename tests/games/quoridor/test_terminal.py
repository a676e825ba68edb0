"""Quoridor in the terminal (tabletop play quoridor), driven with scripted input."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.cli import main
from tabletop.terminal import TerminalGame

from ...terminal_script import scripted as script_terminal


def scripted(lines: list[str], **options: object) -> tuple[TerminalGame, list[str]]:
    return script_terminal(tabletop.load_game("quoridor", **options), lines)


def test_bad_input_is_one_line_and_changes_nothing() -> None:
    term, out = scripted(["e3h", "d3h", "e3V", "e9", "k1", "e8", "e2", "e7", "e3", "e6", "e4"])
    term.run()
    errors = [line for line in out if line.startswith("error:")]
    assert errors == [
        "error: d3h: walls may not overlap - e3h already covers half of it",
        "error: e3v: walls may not cross - e3h crosses it",
        "error: e9: the pawn is already on e9",
        "error: 'k1' is not a Quoridor move: expected a square like e2, a wall like e3h "
        "or e3v, or 'pass'",
        "error: e4: a wall between e3 and e4 blocks the step",
    ]
    assert [str(m) for m in term.state.history] == ["e3h", "e8", "e2", "e7", "e3", "e6"]


def test_the_board_shows_walls_and_walls_left() -> None:
    term, out = scripted(["e3h", "quit"])
    term.run()
    boards = [line for line in out if "Walls left" in line]
    assert boards[-1].endswith(
        "Walls left: South 9, North 10 | last move: South e3h | North to move (goal: row 1)"
    )
    assert any("-------" in line for line in out)


def test_a_race_to_the_goal_row(capsys: pytest.CaptureFixture[str]) -> None:
    moves = ["d1", "f9", "d2", "f8", "d3", "f7", "d4", "f6", "d5", "f5"]
    moves += ["d6", "f4", "d7", "f3", "d8", "f2", "d9"]
    term, out = scripted(moves)
    outcome = term.run()
    assert outcome is not None and outcome.winners == (0,)
    assert "Winner: South" in out


@pytest.mark.slow
def test_cli_plays_four_players_against_the_computer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = iter(["e2", "moves", "quit"])
    monkeypatch.setattr("builtins.input", lambda _: next(lines))
    assert main(["play", "quoridor", "--players", "4", "--vs", "ai:1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "West (computer) plays" in out and "East (computer) plays" in out
    assert "Walls left: South 5, West" in out


def test_cli_option_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "quoridor", "--players", "3"]) == 2
    assert "option players='3'" in capsys.readouterr().err
