"""bench/go_swings.py: our colour read from the record, the board window, GNU Go as judge."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.games.go import GoState
from tabletop.games.go.sgf import save_sgf

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_swings  # noqa: E402


def test_our_colour_comes_from_the_players_names() -> None:
    assert go_swings.our_seat("tabletop level 10", "GNU Go 3.8", "tabletop") == 0
    assert go_swings.our_seat("GNU Go 3.8", "tabletop level 10", "tabletop") == 1
    with pytest.raises(SystemExit, match="neither player"):
        go_swings.our_seat("GNU Go", "GNU Go", "tabletop")


def test_a_drop_costs_the_value_of_gnugos_move_less_ours() -> None:
    state = tabletop.load_game("go", size=9).new_state()
    drop = go_swings.Drop(3, state.parse_move("A1"), before=4.0, after=-6.5, gnugo="E5")
    assert drop.cost == 10.5


def test_the_window_shows_the_rows_around_the_move() -> None:
    state = tabletop.load_game("go", size=13).new_state()
    assert isinstance(state, GoState)
    state.play("C12")
    shown = go_swings.window(state, state.parse_move("C12")).splitlines()
    assert shown[0].split() == list("ABCDEFGHJKLMN")
    assert [line.split()[0] for line in shown[1:-2]] == ["13", "12", "11", "10", "9", "8"]
    assert "(X)" in shown[2]


@pytest.mark.skipif(shutil.which("/usr/games/gnugo") is None, reason="GNU Go is not installed")
def test_gnugo_judges_every_move_of_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tabletop.load_game("go", size=9, rules="chinese", komi=7).new_state()
    assert isinstance(state, GoState)
    for move in ("E5", "A1", "C3", "A2", "G7", "B1"):  # White (ours) crawls on the edge
        state.play(move)
    game = tmp_path / "game.sgf"
    save_sgf(state, game, black="GNU Go", white="tabletop")
    cache = tmp_path / "judged"
    argv = [str(game), "--gnugo-level", "1", "--top", "2", "--cache", str(cache)]
    assert go_swings.main(argv) == 0
    out = capsys.readouterr().out
    assert "ours W" in out
    assert out.count("-- move ") == 2
    assert (cache / "game.json").exists()
    assert go_swings.main(argv) == 0  # from the cache, the same listing
    assert capsys.readouterr().out == out
