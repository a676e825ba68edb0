"""Play is unchanged: every level of every game plays the moves recorded in level_moves.json.

Same seed, same moves, at every level of every game (and the same dead-stone estimate):
recorded before the searches were reorganised (decision 0078); a change that means to
change play records the file again (bench/level_moves.py). One test a variant, so that
the test workers share them out."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from level_moves import (  # noqa: E402
    VARIANTS,
    dead_fingerprint,
    fingerprint_keys,
    label_of,
    variant_moves,
)

RECORDED = Path(__file__).with_name("level_moves.json")


def recorded() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(RECORDED.read_text())
    return loaded


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[label_of(*v) for v in VARIANTS])
def test_every_level_plays_the_recorded_moves(name: str, options: dict[str, Any]) -> None:
    found = variant_moves(name, options)
    wanted = {key: moves for key, moves in recorded().items() if key in found}
    assert [key for key in found if wanted.get(key) != found[key]] == []


def test_the_dead_stone_estimate_is_the_recorded_one() -> None:
    found = dead_fingerprint()
    wanted = recorded()
    assert [key for key in found if wanted.get(key) != found[key]] == []


def test_the_record_has_no_other_keys() -> None:
    others = [key for key in recorded() if key not in fingerprint_keys()]
    assert others == []
