"""MCTS over the contract: finds wins, honours budgets and stop(), reuses its tree."""

from __future__ import annotations

import random
import threading
import time

import pytest

import tabletop
from tabletop.ai import Budget, MCTSAgent, RandomAgent
from tabletop.ai.knowledge import evaluation_for, prior_for, rollout_for
from tabletop.ai.mcts import random_rollout
from tabletop.ai.searches import make_search
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.games.abalone import AbaloneGame, AbaloneState
from tests.ai.test_alphabeta import SHUFFLED


def winning_push() -> AbaloneState:
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    state = game.setup({0: ["e7", "e8", "a1", "a2"], 1: ["e9", "i5", "i6", "b6"]})
    state._ejected = (5, 0)  # the sixth ejection wins
    return state


def test_finds_the_winning_push() -> None:
    state = winning_push()
    agent = MCTSAgent(rollout_for(state.game), seed=1)
    analysis = agent.analyze(state, Budget(playouts=400))
    assert str(analysis.best) == "e7e8"
    assert analysis.moves[0].value == 1.0
    assert analysis.line[0] == analysis.best
    assert abs(sum(m.share for m in analysis.moves) - 1.0) < 1e-9
    assert state.ply == 0 and state.to_move == 0  # the state is untouched


def test_playout_budget_is_exact() -> None:
    state = tabletop.load_game("abalone", players=3).new_state()
    agent = MCTSAgent(rollout_for(state.game), seed=2)
    analysis = agent.analyze(state, Budget(playouts=60))
    assert analysis.iterations == 60
    assert analysis.best in state.legal_moves()
    assert len(analysis.values) == 3


def test_stop_returns_promptly_from_another_thread() -> None:
    state = tabletop.load_game("go", size=9).new_state()
    agent = MCTSAgent(rollout_for(state.game), seed=3)
    result = []
    worker = threading.Thread(
        target=lambda: result.append(agent.analyze(state, Budget(seconds=60)))
    )
    start = time.perf_counter()
    worker.start()
    time.sleep(0.3)
    agent.stop()
    worker.join(timeout=20)
    assert not worker.is_alive() and result
    assert time.perf_counter() - start < 20  # a generous bound; the benchmark measures precisely


def test_tree_is_reused_after_the_moves_played() -> None:
    state = tabletop.load_game("go", size=5, komi=0.5).new_state()
    agent = MCTSAgent(rollout_for(state.game), seed=4)
    first = agent.analyze(state, Budget(playouts=300))
    state.play(first.best)
    state.play(first.line[1] if len(first.line) > 1 else "pass")
    again = agent.analyze(state, Budget(playouts=10))
    assert sum(m.visits for m in again.moves) > 10  # visits carried over from the old tree


def test_a_second_set_up_position_gets_a_tree_of_its_own() -> None:
    # Neither position has moves: the first one's tree must not be taken for the second.
    game = tabletop.load_game("oust")
    first = game.setup(["c3", "a9"], ["d3", "d5"], "black")  # type: ignore[attr-defined]
    second = game.setup(["e5"], ["j9", "a1"], "black")  # type: ignore[attr-defined]
    agent = MCTSAgent(rollout_for(game), seed=4, prior=prior_for(game))
    agent.analyze(first, Budget(playouts=300))
    again = agent.analyze(second, Budget(playouts=10))
    assert sum(m.visits for m in again.moves) == 10
    assert all(m.move in second.legal_moves() for m in again.moves)
    # A board of another size starts from the same empty position key: a new tree too.
    small = tabletop.load_game("oust", width=5, height=5)
    fresh = agent.analyze(small.new_state(), Budget(playouts=10))
    big = agent.analyze(game.new_state(), Budget(playouts=10))
    assert sum(m.visits for m in fresh.moves) == sum(m.visits for m in big.moves) == 10


def test_generic_rollout_plays_on_a_copy() -> None:
    state = tabletop.load_game("go", size=5, rules="tromp-taylor").new_state()
    returns = random_rollout(state, random.Random(5))
    assert len(returns) == 2 and all(-1.0 <= r <= 1.0 for r in returns)
    assert state.ply == 0 and not state.history  # MCTS hands it the search's own state


def test_mcts_beats_random_on_small_go() -> None:
    game = tabletop.load_game("go", size=5, komi=0.5, rules="chinese")
    wins = 0
    for game_number in range(4):
        state = game.new_state()
        mcts = MCTSAgent(rollout_for(game), seed=game_number)
        rand = RandomAgent(seed=game_number)
        mcts_seat = game_number % 2
        while not state.is_over() and state.ply < 80:
            agent = mcts if state.to_move == mcts_seat else rand
            state.play(agent.choose(state, Budget(playouts=150)))
        outcome = state.outcome()
        wins += outcome is not None and outcome.winners == (mcts_seat,)
    assert wins >= 3


def test_priors_order_the_first_tries_and_budgets_hold() -> None:
    state = tabletop.load_game("quoridor").new_state()
    favourite = state.move_to_action(state.parse_move("e2"))

    def prior(s: State) -> list[float]:
        return [100.0 if a == favourite else 1.0 for a in s.legal_actions().tolist()]

    agent = MCTSAgent(rollout_for(state.game), seed=6, prior=prior)
    analysis = agent.analyze(state, Budget(playouts=50))
    assert analysis.iterations == 50
    assert str(analysis.best) == "e2"  # the strong prior draws most of the visits
    assert analysis.moves[0].visits > 25
    # Progressive widening: far fewer moves tried than a plain UCT's one-of-each.
    assert len(analysis.moves) < len(state.legal_actions()) / 2


def test_evaluated_leaves_and_priors_stop_from_another_thread() -> None:
    state = tabletop.load_game("oust").new_state()
    game = state.game
    evaluate = evaluation_for(game)
    assert evaluate is not None
    agent = MCTSAgent(
        rollout_for(game), seed=7, prior=prior_for(game), evaluate=evaluate, leaf="evaluate"
    )
    result = []
    worker = threading.Thread(
        target=lambda: result.append(agent.analyze(state, Budget(seconds=60)))
    )
    worker.start()
    time.sleep(0.3)
    agent.stop()
    worker.join(timeout=20)
    assert not worker.is_alive() and result
    assert result[0].best in state.legal_moves()


def test_a_bad_leaf_setting_is_refused() -> None:
    with pytest.raises(TabletopError, match="leaf='evaluate' needs"):
        MCTSAgent(leaf="evaluate")
    with pytest.raises(TabletopError, match="'guess'"):
        MCTSAgent(leaf="guess")


@pytest.mark.parametrize("playouts", [500, 2_000])
def test_a_repeated_position_is_a_draw_to_the_search(playouts: int) -> None:
    # The side far ahead in Quoridor once shuffled d4-c4 to the ply cap (test_alphabeta).
    game = tabletop.load_game("quoridor")
    state = game.new_state()
    earlier = set()
    for move in SHUFFLED.split():
        earlier.add(state.zobrist)
        state.play(move)
    agent = make_search("mcts-evaluate", game, seed=1)
    analysis = agent.analyze(state, Budget(playouts=playouts))
    back = [stat for stat in analysis.moves if str(stat.move) == "c4"]
    assert back and back[0].value == 0.0  # c4 stood on the board two moves ago
    state.play(analysis.best)
    assert state.zobrist not in earlier


def test_a_dropped_tree_is_freed_without_the_cyclic_collector() -> None:
    """Nodes know no parent, so a tree makes no reference cycles: reference counting frees
    a dropped tree and the cyclic collector finds nothing of it."""
    import gc

    from tabletop.ai.mcts import MCTSAgent

    game = tabletop.load_game("oust", width=4, height=4)
    state = game.new_state()
    MCTSAgent(seed=1).analyze(state, Budget(playouts=10))  # first use: kernels load
    gc.collect()
    agent = MCTSAgent(seed=1)
    agent.analyze(state, Budget(playouts=300))
    del agent
    assert gc.collect() == 0
