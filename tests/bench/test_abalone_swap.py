"""bench/abalone_swap.py's player names: the named players, and the pressing player
with its pressure weight given on the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import abalone_swap  # noqa: E402
from tabletop.ai.abalone import evaluation  # noqa: E402
from tabletop.ai.abalone.agent import AbaloneSearchAgent, pressing_weights  # noqa: E402


def test_a_pressure_weight_after_the_at_sign_sets_only_that_weight() -> None:
    name = abalone_swap.player("ours-pressing@0.53")
    made = abalone_swap.make_player(name, seed=1)
    assert isinstance(made, AbaloneSearchAgent)
    expected = pressing_weights()
    expected[evaluation.F_PRESSURE] = 0.53
    assert made.weights.tolist() == expected.tolist()


@pytest.mark.parametrize("name", ["ours-pressing@", "ours-pressing@heavy", "ours-pressing@nan"])
def test_a_weight_that_is_not_a_number_is_refused_with_the_name(name: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="must be a number"):
        abalone_swap.player(name)


def test_an_unknown_player_is_refused_with_the_names_it_could_be() -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="ours-published"):
        abalone_swap.player("stockfish")


def test_every_named_player_is_accepted() -> None:
    assert [abalone_swap.player(name) for name in abalone_swap.PLAYERS] == list(
        abalone_swap.PLAYERS
    )
