"""bench/go_losses.py: our stones each move captured, read from match records."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.games.go.sgf import save_sgf

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_losses  # noqa: E402


def _record(path: Path, moves: list[str], black: str, white: str, result: str) -> None:
    state = tabletop.load_game("go", size=9).new_state()
    for move in moves:
        state.play(move)
    save_sgf(state, path, black=black, white=white, result=result)


def test_the_captures_of_our_stones_are_counted_for_wins_and_losses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ours (Black) loses A1 and B1 to White's C1.
    _record(
        tmp_path / "strength_go-9-0.sgf",
        ["A1", "A2", "B1", "B2", "E5", "C1"],
        "tabletop level 10",
        "GNU Go 3.8 level 10",
        "W+R",
    )
    # Ours (White) captures Black's corner stone and wins.
    _record(
        tmp_path / "strength_go-9-1.sgf",
        ["A1", "A2", "E5", "B1"],
        "GNU Go 3.8 level 10",
        "tabletop level 10",
        "W+5",
    )
    assert go_losses.main([str(tmp_path), "--big", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "strength_go-9-0.sgf: lost W+R; ours captured 2, at most 2 in one move (C1 at ply 6)"
    )
    assert out[1] == "strength_go-9-1.sgf: won W+5; ours captured 0, at most 0 in one move"
    assert out[2:] == [
        "won 1: 0 with a capture of 2+ of ours in one move",
        "lost 1: 1 with a capture of 2+ of ours in one move",
    ]


def test_a_record_without_our_player_is_one_clear_error(tmp_path: Path) -> None:
    _record(tmp_path / "a.sgf", ["E5"], "GNU Go", "GNU Go", "B+R")
    with pytest.raises(tabletop.NotationError, match="expected one player named like 'tabletop'"):
        go_losses.main([str(tmp_path)])
