"""The sentence a player reads at the end, for each way a game can end."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import Outcome
from tabletop.play.outcome import outcome_text


@pytest.mark.parametrize(
    ("outcome", "text"),
    [
        (Outcome((1.0, -1.0), (0,), "goal-reached"), "South wins by reaching the goal"),
        (Outcome((-1.0, 1.0), (1,), "resignation"), "North wins by resignation"),
        (Outcome((0.0, 0.0), (), "max-plies"), "Draw: the move limit was reached"),
        (
            Outcome((0.0, 0.0), (), "repetition"),
            "Draw: a position kept coming back (a stand-off)",
        ),
    ],
)
def test_outcome_sentences(outcome: Outcome, text: str) -> None:
    game = tabletop.load_game("quoridor")
    assert outcome_text(game, outcome) == text
