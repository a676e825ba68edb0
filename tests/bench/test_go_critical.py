"""bench/go_critical.py: GNU Go's critical groups as problems, our moves judged by it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tabletop.games.go.sgf import save_sgf
from tests.games.go.helpers import position

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_critical  # noqa: E402


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("/usr/games/gnugo") is None, reason="GNU Go is not installed")
def test_the_eye_space_knowledge_settles_a_bulky_five_gnugo_calls_critical(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # tests/ai/go/test_search.py's position: White's corner group lives on the bulky five
    # A1 B1 C1 A2 B2 unless Black plays B1 first. Black's B1 is recorded as the next move,
    # so the position before it is a problem.
    black = " ".join([f"E{r}" for r in range(1, 10)] + ["A4", "B4", "C4", "D4"])
    white = " ".join([f"F{r}" for r in range(1, 10)] + ["D1", "D2", "D3", "C2", "C3", "B3", "A3"])
    state = position(black, white, rules="chinese", komi=7)
    ply = state.ply
    state.play("B1")
    game = tmp_path / "corner.sgf"
    save_sgf(state, game, black="tabletop", white="GNU Go")
    argv = [str(game), "--start", str(ply), "--iterations", "3000", "--nakade", "1.0"]
    assert go_critical.main(argv) == 0
    out = capsys.readouterr().out
    line = next(row for row in out.splitlines() if "critical" in row)
    assert "black to move" in line and "(w; B1/" in line
    assert "on B1+" in line and "gnugo B1+" in line
    assert out.splitlines()[-1].startswith("1 problems; settled by off 0 (0%), on 1 (100%)")


def test_a_missing_record_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        go_critical.main([str(tmp_path / "nowhere.sgf")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "no such game record" in err and "nowhere.sgf" in err and "Traceback" not in err
