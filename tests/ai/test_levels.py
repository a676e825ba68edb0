"""The level table: ten rungs per game, more work and less noise going up, sane level 1."""

from __future__ import annotations

import itertools

import pytest

import tabletop
from tabletop.ai.alphabeta import AlphaBetaAgent
from tabletop.ai.levels import LEVELS, MAX_SECONDS, LevelAgent, agent_for_level, level_for
from tabletop.core.errors import OptionError
from tabletop.games.abalone import AbaloneGame


@pytest.mark.parametrize("name", ["abalone", "oust", "quoridor"])
def test_each_level_searches_more_and_errs_less(name: str) -> None:
    rungs = LEVELS[name]
    assert len(rungs) == 10
    assert all(a.iterations < b.iterations for a, b in itertools.pairwise(rungs))
    assert all(a.noise >= b.noise for a, b in itertools.pairwise(rungs))
    assert all(r.seconds <= MAX_SECONDS for r in rungs)


@pytest.mark.parametrize(("name", "options"), [("abalone", {"players": 4}), ("quoridor", {})])
def test_alpha_beta_levels_get_noise_and_knowledge(name: str, options: dict[str, int]) -> None:
    game = tabletop.load_game(name, **options)
    agent = agent_for_level(game, 1, seed=3)
    assert isinstance(agent, LevelAgent) and isinstance(agent.inner, AlphaBetaAgent)
    assert agent.inner.noise == level_for(game, 1).noise > 0
    assert agent.inner.candidates is not None
    state = game.new_state()
    assert agent.choose(state) in state.legal_moves()


def test_level_one_pushes_a_marble_off_when_it_can() -> None:
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    for seed in range(5):
        state = game.setup(
            {0: ["e7", "e8", "a1", "a2", "a3", "b1"], 1: ["e9", "i5", "i6", "i7", "h4", "h5"]}
        )
        assert str(agent_for_level(game, 1, seed=seed).choose(state)) == "e7e8"


def test_level_one_quoridor_walks_to_its_goal_in_a_pure_race() -> None:
    game = tabletop.load_game("quoridor")
    from tabletop.games.quoridor import QuoridorState

    for seed in range(5):
        state = QuoridorState.from_setup(game, ["e5", "a9"], walls_left=[0, 0])  # type: ignore[arg-type]
        assert str(agent_for_level(game, 1, seed=seed).choose(state)) == "e6"


def test_unknown_levels_are_refused() -> None:
    game = tabletop.load_game("oust")
    with pytest.raises(OptionError, match="level 11"):
        agent_for_level(game, 11)


def test_level_one_oust_takes_a_capture() -> None:
    game = tabletop.load_game("oust")
    for seed in range(5):
        state = game.setup(["c3", "a9"], ["d3", "d5", "d7", "j1"], "black")  # type: ignore[attr-defined]
        after = state.copy()
        after.play(agent_for_level(game, 1, seed=seed).choose(state))
        assert after.stone_counts[1] == 3  # White's d3 is gone
