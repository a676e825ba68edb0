"""Every game's rollout and evaluation give one value per seat in [-1, 1] and change nothing."""

from __future__ import annotations

import importlib
import random
import sys

import pytest

import tabletop
from tabletop.ai.knowledge import evaluation_for, rollout_for

CONFIGS = [
    ("go", {"size": 9}),
    ("abalone", {"players": 2}),
    ("abalone", {"players": 3}),
    ("abalone", {"players": 4}),
    ("oust", {"size": 7}),
    ("oust", {"board": "hex", "side": 5, "pie": True}),
    ("quoridor", {"players": 2}),
    ("quoridor", {"players": 4, "max_plies": 30}),
]


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_rollouts_and_evaluations_are_well_formed(name: str, options: dict[str, object]) -> None:
    game = tabletop.load_game(name, **options)
    rng = random.Random(1)
    state = game.new_state()
    for _ in range(10):
        state.play(rng.choice(state.legal_actions().tolist()))
    before = state.copy()
    rollout = rollout_for(game)
    evaluate = evaluation_for(game)
    for _ in range(5):
        values = rollout(state, rng)
        assert len(values) == game.num_players
        assert all(-1.0 <= v <= 1.0 for v in values)
        if evaluate is not None:
            scores = evaluate(state)
            assert len(scores) == game.num_players and all(-1 <= v <= 1 for v in scores)
    assert state == before


def test_a_knowledge_module_that_fails_to_import_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Never a silent fall back to random rollouts (decision record 0085)."""
    from dataclasses import replace

    from tabletop.core import registry

    game = tabletop.load_game("oust", size=5)
    entry = registry._GAMES["oust"]

    def knowing(module: str) -> registry.GameInfo:
        return replace(entry, facts=replace(entry.facts, knowledge=module))

    monkeypatch.setitem(registry._GAMES, "oust", knowing("tabletop.games.oust.no_such_module"))
    with pytest.raises(ImportError, match="no_such_module"):
        rollout_for(game)
    broken = "tabletop.games.oust.broken_evaluation"
    monkeypatch.setitem(sys.modules, broken, None)  # an import that fails
    monkeypatch.setitem(registry._GAMES, "oust", knowing(broken))
    with pytest.raises(ImportError):
        evaluation_for(game)


def test_every_game_names_its_knowledge() -> None:
    for info in tabletop.list_games():
        assert info.facts.knowledge is not None, info.name
        assert callable(importlib.import_module(info.facts.knowledge).rollout)
