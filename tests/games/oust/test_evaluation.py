"""Oust knowledge: captures beat placements that get captured; candidates and prior."""

from __future__ import annotations

import numpy as np

from tabletop.ai import AlphaBetaAgent, Budget
from tabletop.games.oust import OustState, evaluation

from .helpers import position


def choice_position() -> OustState:
    # Black to move. c4 joins c3 into a pair that captures White's d3. d6 is a quiet stone
    # between White's d5 and d7, which White then captures (e.g. e5 joins d5 into a pair).
    return position(black="c3 a9", white="d3 d5 d7 j1", to_move="black")


def test_a_capture_beats_a_stone_that_gets_captured() -> None:
    state = choice_position()
    capture, exposed = state.copy(), state.copy()
    capture.play("c4")
    assert capture.stone_counts[1] == 3  # d3 is gone
    exposed.play("d6")
    assert evaluation.evaluate(capture)[0] > evaluation.evaluate(exposed)[0]


def captures(state: OustState, action: int) -> bool:
    after = state.copy()
    after.play(action)
    return after.stone_counts[1] < state.stone_counts[1]


def test_candidates_put_the_captures_first() -> None:
    state = choice_position()
    ranked = evaluation.candidates(state)
    assert sorted(ranked) == state.legal_actions().tolist()
    flags = [captures(state, a) for a in ranked]
    assert flags[0] and flags == sorted(flags, reverse=True)  # b3, c2, c4, then the rest


def test_prior_weights_a_capture_most() -> None:
    state = choice_position()
    weights = evaluation.prior(state)
    actions = state.legal_actions().tolist()
    assert len(weights) == len(actions) and np.all(weights > 0)
    assert captures(state, actions[int(np.argmax(weights))])


def test_alpha_beta_captures() -> None:
    state = choice_position()
    agent = AlphaBetaAgent(evaluation.evaluate, candidates=evaluation.candidates)
    best = agent.analyze(state, Budget(playouts=2000)).best
    assert captures(state, state.move_to_action(best))


def test_evaluation_is_zero_sum_and_leaves_the_state() -> None:
    state = choice_position()
    before = state.copy()
    black, white = evaluation.evaluate(state)
    assert abs(black + white) < 1e-12 and -1 < black < 1
    assert state == before
