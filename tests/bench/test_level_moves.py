"""Play is unchanged: every level of every game plays the moves recorded in level_moves.json."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from level_moves import fingerprint  # noqa: E402

RECORDED = Path(__file__).with_name("level_moves.json")


@pytest.mark.slow
def test_every_level_plays_the_recorded_moves() -> None:
    """Same seed, same moves, at every level of every game (and the same dead-stone
    estimate): recorded before the searches were reorganised (decision 0078); a change
    that means to change play records the file again (bench/level_moves.py)."""
    wanted = json.loads(RECORDED.read_text())
    found = fingerprint()
    assert [key for key in wanted if found.get(key) != wanted[key]] == []
    assert found.keys() == wanted.keys()
