"""The Oust search agent: budgets, stop(), the analysis, tree reuse, tactics."""

from __future__ import annotations

import threading

import pytest

import tabletop
from tabletop.ai import Budget
from tabletop.ai.oust.agent import OustSearchAgent
from tabletop.ai.searches import make_search
from tabletop.core.errors import TabletopError


def test_playout_budget_is_exact_and_the_analysis_well_formed() -> None:
    state = tabletop.load_game("oust").new_state()
    for move in ("a1", "j9", "e5"):
        state.play(move)
    analysis = OustSearchAgent(seed=1).analyze(state, Budget(playouts=500))
    assert analysis.iterations == 500
    assert len(analysis.values) == 2 and analysis.values[0] == -analysis.values[1]
    assert analysis.line[0] == analysis.best
    assert analysis.best in state.legal_moves()
    visits = [m.visits for m in analysis.moves]
    assert visits == sorted(visits, reverse=True)
    assert sum(visits) == 500  # the root grows in the first iteration: all go through a move
    assert abs(sum(m.share for m in analysis.moves) - 1.0) < 1e-9
    assert all(-1.0 <= m.value <= 1.0 for m in analysis.moves)
    assert state.ply == 3 and [str(m) for m in state.history] == ["a1", "j9", "e5"]


def test_it_takes_the_capture() -> None:
    # Black to move: c4 joins c3 into a pair that captures White's d3 (test_evaluation).
    game = tabletop.load_game("oust")
    state = game.setup(["c3", "a9"], ["d3", "d5", "d7", "j1"], "black")  # type: ignore[attr-defined]
    best = OustSearchAgent(seed=2).analyze(state, Budget(playouts=3000)).best
    after = state.copy()
    after.play(best)
    assert after.stone_counts[1] < state.stone_counts[1]


def test_it_plays_whole_games_on_small_boards_legally() -> None:
    game = tabletop.load_game("oust", width=4, height=4, pie=True)
    agents = [OustSearchAgent(seed=3), OustSearchAgent(seed=4)]
    state = game.new_state()
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        state.play(agents[seat].choose(state, Budget(playouts=200)))
    assert state.outcome() is not None


def test_stop_from_another_thread_ends_the_search() -> None:
    state = tabletop.load_game("oust").new_state()
    agent = OustSearchAgent(seed=5)
    agent.analyze(state, Budget(playouts=20))  # compiled outside the timed part
    timer = threading.Timer(0.2, agent.stop)
    timer.start()
    analysis = agent.analyze(state, Budget(seconds=600))
    timer.join()
    assert analysis.iterations > 0 and analysis.best in state.legal_moves()


def test_the_tree_is_kept_for_the_moves_played() -> None:
    state = tabletop.load_game("oust").new_state()
    agent = OustSearchAgent(seed=6)
    first = agent.analyze(state, Budget(playouts=3000))
    state.play(first.best)
    state.play(first.line[1])
    agent.analyze(state, Budget(playouts=10))
    assert agent._tree.root != 0  # the kept subtree, not a new root
    other = tabletop.load_game("oust").new_state()
    other.play("a1")
    agent.analyze(other, Budget(playouts=10))  # another game: a new tree
    assert agent._tree.root == 0 and agent._tree.size <= 11


def test_it_plays_oust_only() -> None:
    with pytest.raises(TabletopError, match="Oust only"):
        OustSearchAgent().analyze(tabletop.load_game("quoridor").new_state())
    with pytest.raises(TabletopError, match="Oust only"):
        make_search("oust", tabletop.load_game("go", size=9), 0)


def test_a_second_set_up_position_gets_a_tree_of_its_own() -> None:
    # Both positions have no moves; the kept tree of the first must not serve the second.
    game = tabletop.load_game("oust")
    first = game.setup(["c3", "a9"], ["d3", "d5"], "black")  # type: ignore[attr-defined]
    second = game.setup(["e5"], ["j9", "a1"], "black")  # type: ignore[attr-defined]
    agent = OustSearchAgent(seed=7)
    agent.analyze(first, Budget(playouts=500))
    analysis = agent.analyze(second, Budget(playouts=10))
    assert sum(m.visits for m in analysis.moves) == 10
    assert all(m.move in second.legal_moves() for m in analysis.moves)
