"""Abalone knowledge: the ejection comes first, and is worth a marble to the evaluation."""

from __future__ import annotations

import numpy as np

import tabletop
from tabletop.ai import AlphaBetaAgent, Budget, MCTSAgent
from tabletop.games.abalone import AbaloneGame, AbaloneState, evaluation


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
