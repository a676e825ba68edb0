"""Abalone knowledge: the ejection comes first, and is worth a marble to the evaluation."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.ai import AlphaBetaAgent, Budget, MCTSAgent
from tabletop.games.abalone import AbaloneGame, AbaloneState, eval_kernels, evaluation, kernels
from tests.games.abalone.test_kernels import random_state


def ejection_position() -> AbaloneState:
    # Black's e7 e8 push White's lone e9 off the board; the game goes on (one ejection).
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    return game.setup(
        {0: ["e7", "e8", "a1", "a2", "a3", "b1"], 1: ["e9", "i5", "i6", "i7", "h4", "h5"]}
    )


def test_the_ejection_is_the_first_candidate_and_the_strongest_prior() -> None:
    state = ejection_position()
    ranked = evaluation.candidates(state)
    assert sorted(ranked) == state.legal_actions().tolist()
    assert str(state.action_to_move(ranked[0])) == "e7e8"
    weights = evaluation.prior(state)
    actions = state.legal_actions().tolist()
    assert str(state.action_to_move(actions[int(np.argmax(weights))])) == "e7e8"


def test_the_evaluation_values_the_ejection() -> None:
    state = ejection_position()
    after = state.copy()
    after.play("e7e8")
    assert after.ejected == (1, 0)
    assert evaluation.evaluate(after)[0] > evaluation.evaluate(state)[0]


def test_searches_push_the_marble_off() -> None:
    state = ejection_position()
    ab = AlphaBetaAgent(evaluation.evaluate, candidates=evaluation.candidates)
    assert str(ab.analyze(state, Budget(playouts=500)).best) == "e7e8"
    mcts = MCTSAgent(
        evaluation.rollout,
        seed=1,
        prior=evaluation.prior,
        evaluate=evaluation.evaluate,
        leaf="evaluate",
    )
    assert str(mcts.analyze(state, Budget(playouts=200)).best) == "e7e8"


@settings(max_examples=40)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 200),
)
def test_threats_count_each_seats_legal_ejecting_moves(players: int, seed: int, plies: int) -> None:
    # threats() skips move generation for speed; the legal moves are the oracle.
    state = random_state(players, seed, plies)
    game = state.game
    expected = []
    for seat in range(players):
        actions = kernels.legal_actions(state._board, seat + 1, game.team_of_colour, game.policy)
        expected.append(
            int(np.sum(eval_kernels.kinds(state._board, actions) == eval_kernels.EJECT))
        )
    assert eval_kernels.threats(state._board, players, game.team_of_colour).tolist() == expected


def test_threats_sees_the_ejection() -> None:
    state = ejection_position()
    counts = eval_kernels.threats(state._board, 2, state.game.team_of_colour)
    assert counts.tolist() == [1, 0]
