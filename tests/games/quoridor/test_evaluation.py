"""Quoridor knowledge: the race evaluation, wall candidates near the paths, the prior."""

from __future__ import annotations

import numpy as np

from tabletop.ai import AlphaBetaAgent, Budget
from tabletop.games.quoridor import evaluation
from tabletop.games.quoridor.eval_kernels import IDLE_WALL, WALL

from .helpers import position


def north_distance_after(state_moves: list[str], wall: str) -> int:
    state = position(["a2", "i8"])
    for move in state_moves:
        state.play(move)
    state.play(wall)
    return state.distance_to_goal(1)


def test_prefers_the_wall_that_lengthens_the_opponents_path() -> None:
    # South on a2 runs up column a, North on i8 down column i: walls near i8 slow North only.
    state = position(["a2", "i8"])
    before = state.distance_to_goal(1)
    ranked = evaluation.candidates(state)
    walls = [a for a in ranked if state.action_to_move(a).is_wall]  # type: ignore[attr-defined]
    assert walls, "some wall must gain in the race"
    best = str(state.action_to_move(walls[0]))
    assert north_distance_after([], best) > before
    for action in walls:  # every candidate wall lengthens North's way, none South's
        probe = state.copy()
        probe.play(action)
        assert probe.distance_to_goal(1) > before
        assert probe.distance_to_goal(0) == state.distance_to_goal(0)


def test_candidates_keep_every_pawn_move_and_leave_idle_walls_out() -> None:
    state = position(["a2", "i8"])
    legal = set(state.legal_actions().tolist())
    ranked = evaluation.candidates(state)
    assert set(ranked) <= legal and len(set(ranked)) == len(ranked)
    pawn = {a for a in legal if not state.action_to_move(a).is_wall}  # type: ignore[attr-defined]
    assert pawn <= set(ranked)
    assert len(ranked) < len(legal) / 3  # most walls touch no path
    rows = evaluation.scored_moves(state)
    assert set(rows[rows[:, 1] == WALL, 0].tolist()) <= set(ranked)
    assert not set(rows[rows[:, 1] == IDLE_WALL, 0].tolist()) & set(ranked)


def test_prior_weights_gaining_walls_over_idle_ones() -> None:
    state = position(["a2", "i8"])
    weights = evaluation.prior(state)
    actions = state.legal_actions()
    assert weights.shape == actions.shape and np.all(weights > 0)
    rows = evaluation.scored_moves(state)
    assert weights[rows[:, 1] == WALL].min() > weights[rows[:, 1] == IDLE_WALL].max()


def test_scoring_leaves_the_position_unchanged() -> None:
    state = position(["a2", "i8"], walls=["c4h", "e5v"])
    before = state.copy()
    evaluation.scored_moves(state)
    evaluation.candidates(state)
    assert state == before and state.legal_actions().tolist() == before.legal_actions().tolist()


def test_race_evaluation_favours_the_side_ahead() -> None:
    ahead = position(["e7", "e8"], to_move=0)  # South 2 steps from row 9, North 7 from row 1
    values = evaluation.evaluate(ahead)
    assert values[0] > 0 > values[1] and abs(values[0] + values[1]) < 1e-9


def test_alpha_beta_with_candidates_walls_off_a_runner() -> None:
    # North (to move) is far behind in the race and must wall South off.
    state = position(["e7", "e5"], to_move=1, walls_left=[0, 10])
    agent = AlphaBetaAgent(evaluation.evaluate, candidates=evaluation.candidates)
    best = agent.analyze(state, Budget(playouts=3000)).best
    assert best.is_wall  # type: ignore[attr-defined]
