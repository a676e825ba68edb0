"""bench/scoring_gnugo.py: results read right, the ledger resumable, GNU Go driven over GTP."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import scoring_gnugo  # noqa: E402

#: Issue 7's position: walls D1-D9 and F1-F9, Black H5 and White B5 alone, then passes.
MOVES = [m for row in range(1, 10) for m in (f"D{row}", f"F{row}")] + ["H5", "B5", "pass", "pass"]


def test_results_read_as_blacks_margin() -> None:
    assert scoring_gnugo._margin("B+3") == 3.0
    assert scoring_gnugo._margin("W+7.0") == -7.0
    assert scoring_gnugo._margin("0") == 0.0


def test_rescore_reads_the_ledger_and_skips_a_damaged_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "go9.jsonl"
    entry = {
        "game": 0,
        "size": 9,
        "levels": [3, 4],
        "moves": MOVES,
        "ours": "B+1",  # scored again below
        "our_dead": [],
        "gnugo": "W+6.0",
        "gnugo_dead": ["B5", "H5"],
    }
    ledger.write_text(json.dumps(entry) + "\n" + '{"game": 1, "size": 9, "mov')
    assert scoring_gnugo.main(["--ledger", str(ledger), "--games", "2", "--rescore"]) == 0
    out = capsys.readouterr().out
    assert "ours     W+7  gnugo   W+6.0  our dead B5 H5" in out
    assert out.rstrip().endswith("1 games: same winner 1/1, within 2 points 1/1")


@pytest.mark.skipif(shutil.which("/usr/games/gnugo") is None, reason="GNU Go is not installed")
def test_gnugo_scores_the_moves_over_gtp() -> None:
    score, dead = scoring_gnugo._gnugo("/usr/games/gnugo", 9, MOVES)
    assert dead == ["B5", "H5"]
    assert score.startswith("W+")
