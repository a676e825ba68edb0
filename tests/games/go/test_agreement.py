"""Go's scoring phase as the match layer sees it (games/go/agreement.py, decision record 0086)."""

from __future__ import annotations

import pytest

from tabletop import load_game
from tabletop.core import facts_of
from tabletop.games.go import GoState
from tabletop.games.go.agreement import DeadStoneAgreement


def ended(rules: str) -> GoState:
    state = load_game("go", size=9, rules=rules).new_state()
    assert isinstance(state, GoState)
    for move in ("E5", "D5", "E4", "pass", "pass"):
        state.play(move)
    return state


@pytest.mark.parametrize(("rules", "needed"), [("japanese", True), ("tromp-taylor", False)])
def test_only_rules_that_remove_dead_stones_wait_for_an_agreement(rules: str, needed: bool) -> None:
    state = ended(rules)
    assert state.game.settings.agreed_dead_stones is needed
    assert DeadStoneAgreement().needed(state) is needed


def test_the_phase_marks_toggles_and_counts() -> None:
    state = ended("japanese")
    phase = facts_of(state.game).scoring
    assert isinstance(phase, DeadStoneAgreement)
    assert phase.toggle(state, "d5") == "D5"
    assert phase.marked(state) == ["D5"]
    assert phase.chain(state, "E4") == {"E4", "E5"}
    count = phase.view(state)
    assert set(count) == {"dead", "owners", "score", "detail"}
    assert count["dead"] == ["D5"] and len(count["owners"]) == 9
    phase.mark(state, [])
    assert phase.marked(state) == []
    phase.resume(state)
    assert not state.is_over()
