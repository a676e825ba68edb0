"""Abalone's compiled search: the values of a plain minimax, ejections, budgets, seeds."""

from __future__ import annotations

import math
import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.ai.abalone import search
from tabletop.ai.abalone.agent import AbaloneSearchAgent
from tabletop.ai.agent import Budget
from tabletop.ai.searches import make_search
from tabletop.core.errors import OptionError, TabletopError
from tabletop.games.abalone import AbaloneGame, AbaloneState
from tabletop.games.abalone.evaluation import evaluate

#: A node budget no test search reaches: the depth is the only limit.
ENDLESS = Budget(playouts=50_000_000)


def minimax(state: AbaloneState, depth: int) -> float:
    """The plain negamax value of evaluation.evaluate for the side to move."""
    seat = state.to_move
    if state.is_over() or depth == 0:
        outcome = state.outcome()
        assert seat is not None or outcome is not None
        if outcome is not None:  # the side that just moved won
            return -1.0
        assert seat is not None
        return evaluate(state)[seat]
    best = -2.0
    for action in state.legal_actions().tolist():
        state.play(action)
        best = max(best, -minimax(state, depth - 1))
        state.undo()
    return best


def plain(depth: int) -> AbaloneSearchAgent:
    """The compiled search as a plain minimax: no quiescence, repetition or noise."""
    agent = AbaloneSearchAgent(seed=0, max_depth=depth, quiescence=0, weights="today")
    agent.repetition = False
    return agent


def random_position(seed: int, plies: int, layout: str) -> AbaloneState:
    game = tabletop.load_game("abalone", layout=layout)
    assert isinstance(game, AbaloneGame)
    state = game.new_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    return state


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 60),
    layout=st.sampled_from(["standard", "belgian-daisy"]),
    depth=st.integers(1, 2),
)
def test_values_agree_with_a_plain_minimax(seed: int, plies: int, layout: str, depth: int) -> None:
    state = random_position(seed, plies, layout)
    if state.is_over():
        return
    analysis = plain(depth).analyze(state, ENDLESS)
    seat = state.to_move
    assert seat is not None
    assert analysis.detail["depth"] == depth
    assert math.isclose(analysis.values[seat], minimax(state, depth), abs_tol=1e-9)


def test_finds_the_winning_ejection() -> None:
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    state = game.setup({0: ["e7", "e8", "a1", "a2"], 1: ["e9", "i5", "i6", "b6"]})
    state._ejected = (5, 0)
    analysis = AbaloneSearchAgent(seed=1).analyze(state, Budget(seconds=5))
    assert str(analysis.best) == "e7e8"
    assert analysis.values[0] == 1.0


def test_pushes_a_marble_off_when_it_can() -> None:
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    state = game.setup(
        {0: ["e7", "e8", "a1", "a2", "a3", "b1"], 1: ["e9", "i5", "i6", "i7", "h4", "h5"]}
    )
    assert str(AbaloneSearchAgent(seed=2).choose(state, Budget(playouts=20_000))) == "e7e8"


def test_the_same_seed_searches_the_same() -> None:
    state = random_position(5, 20, "belgian-daisy")
    found = []
    for _ in range(2):
        agent = AbaloneSearchAgent(seed=7, noise=0.05)
        analysis = agent.analyze(state, Budget(playouts=30_000))
        found.append((str(analysis.best), analysis.values, analysis.iterations))
    assert found[0] == found[1]


def test_a_time_budget_ends_the_search() -> None:
    state = tabletop.load_game("abalone").new_state()
    assert isinstance(state, AbaloneState)
    analysis = AbaloneSearchAgent(seed=1).analyze(state, Budget(seconds=0.3))
    assert analysis.seconds < 5.0  # generous: the point is that it stops, not how fast
    assert analysis.best in state.legal_moves()


def test_a_stop_request_ends_the_search() -> None:
    state = tabletop.load_game("abalone").new_state()
    assert isinstance(state, AbaloneState)
    agent = AbaloneSearchAgent(seed=1)
    timer = threading.Timer(0.2, agent.stop)
    timer.start()
    analysis = agent.analyze(state, Budget(seconds=600))
    timer.join()
    assert analysis.best in state.legal_moves()


def test_a_repeated_position_is_a_draw() -> None:
    # Black is ahead; the position after a move and its return stood in the game.
    state = random_position(3, 10, "standard")
    agent = AbaloneSearchAgent(seed=1)
    a = agent.analyze(state, Budget(playouts=5000))
    assert a.best in state.legal_moves()
    assert search.to_value(0.0, 12.0) == 0.0


def test_three_players_are_refused() -> None:
    state = tabletop.load_game("abalone", players=3).new_state()
    with pytest.raises(TabletopError, match="2-player Abalone only"):
        AbaloneSearchAgent(seed=1).analyze(state, Budget(playouts=100))
    with pytest.raises(OptionError, match="2-player Abalone only"):
        make_search("abalone", tabletop.load_game("abalone", players=3))
