"""The compiled evaluation's pressure term (decision 0176): pushes that drive enemy marbles
toward the edge, counted by the kernel as a recount through the rules finds them, and
preferred by the "pressing" weights where the published ones do not see them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.ai.abalone import evaluation
from tabletop.ai.abalone.agent import AbaloneSearchAgent, pressing_weights, search_weights
from tabletop.ai.agent import Budget
from tabletop.games.abalone import AbaloneGame, AbaloneState, eval_kernels, kernels
from tests.ai.abalone.test_search import random_position


def recount(state: AbaloneState, colour: int) -> int:
    """F_PRESSURE's half for ``colour`` found through the rules: every legal in-line push
    that ejects nothing, by where its front enemy marble lands (the one cell empty before
    and the enemy's after), 1 a step outward, 2 a step onto the edge."""
    board = state.board_array
    enemy = 3 - colour
    row = np.zeros(400, dtype=np.int64)
    n = kernels.generate(board, colour, state.game.team_of_colour, state.game.policy, row)
    total = 0
    for action in row[:n]:
        if action >= kernels.INLINE_ACTIONS:
            continue
        child = board.copy()
        if kernels.apply(child, int(action)) != 0:
            continue  # an ejection is the threat terms' business
        landed = np.flatnonzero((board == kernels.EMPTY) & (child == enemy))
        if landed.size == 0:
            continue  # a plain move
        assert landed.size == 1
        land = int(landed[0])
        front = land - int(kernels.OFFSETS[int(action) % 6])
        before, after = kernels.CENTRE_DISTANCE[front], kernels.CENTRE_DISTANCE[land]
        if after > before:
            total += 2 if after == 4 else 1
    return total


def pressure(board: np.ndarray, mover: int) -> float:
    out = np.empty(evaluation.FEATURES)
    evaluation.features(board, mover, 0, 0, out)
    return float(out[evaluation.F_PRESSURE])


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 80),
    layout=st.sampled_from(["standard", "belgian-daisy", "german-daisy"]),
)
def test_pressure_counts_the_outward_pushes_the_rules_allow(
    seed: int, plies: int, layout: str
) -> None:
    state = random_position(seed, plies, layout)
    board = state.board_array
    expected = recount(state, 1) - recount(state, 2)
    assert pressure(board, 1) == expected
    assert pressure(board, 2) == -expected  # the same lead seen from the other side


def test_pressure_counts_an_edge_landing_twice() -> None:
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    # Black e5-e6 against White e7: e7 steps to e8 (ring 2 to 3), one unit; Black e6-e7
    # against White e8: e8 steps onto the edge at e9, two.
    inward = game.setup({0: ["e5", "e6"], 1: ["e7"]})
    onto_edge = game.setup({0: ["e6", "e7"], 1: ["e8"]})
    assert pressure(inward.board_array, 1) == 1
    assert pressure(onto_edge.board_array, 1) == 2
    assert pressure(onto_edge.board_array, 2) == -2


def test_the_pressing_weights_prefer_the_pressing_move() -> None:
    """A middle-game position (28 marbles, Black to move) where the published weights
    advance a4-b4-c4 and the pressing ones bring a3-b3 up behind d3, so that b3-c3-d3 can
    push White's e3 outward (and so can another line): pressure +2 for Black."""
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    state = game.setup(
        {
            0: ["a2", "a3", "a4", "b2", "b3", "b4", "b5", "b6", "c4", "c5", "d2", "d3", "e5", "f5"],
            1: ["e3", "f7", "f8", "g4", "g7", "g8", "h4", "h5", "h6", "h7", "h9", "i5", "i7", "i8"],
        }
    )
    picks = {}
    for weights in ("published", "pressing"):
        agent = AbaloneSearchAgent(seed=0, max_depth=1, quiescence=0, weights=weights)
        agent.repetition = False
        picks[weights] = agent.analyze(state, Budget(playouts=10**6)).best
    assert str(picks["published"]) == "a4b4"
    assert str(picks["pressing"]) == "a3b3"
    after = {}
    for weights, move in picks.items():
        state.play(move)
        after[weights] = pressure(state.board_array, 1)
        state.undo()
    assert after["pressing"] > after["published"]


def test_level_10s_weights_leave_the_pressure_out() -> None:
    """ "published" stays the reference's evaluation exactly (decision 0170): no pressure."""
    from tabletop.ai.abalone.agent import published_weights

    assert published_weights()[evaluation.F_PRESSURE] == 0.0
    assert pressing_weights()[evaluation.F_PRESSURE] > 0.0


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 120),
    layout=st.sampled_from(["standard", "belgian-daisy"]),
)
def test_the_team_terms_with_two_sides_are_this_searchs_terms(
    seed: int, plies: int, layout: str
) -> None:
    # games/abalone/eval_kernels.py counts the terms per team for 3 and 4 players; with two
    # sides its figures' differences are this search's terms (decision 0187).
    state = random_position(seed, plies, layout)
    board = state.board_array
    team = state.game.team_of_colour
    ours = np.empty(evaluation.FEATURES)
    evaluation.features(board, 1, 0, 0, ours)
    counts = eval_kernels.push_counts(board, team)
    shape = np.zeros((2, 3))
    eval_kernels.team_shape(board, team, 2, shape)
    f = kernels.features(board, team, 2)
    assert (
        ours[evaluation.F_PUSHES] == counts[eval_kernels.PUSHES, 0] - counts[eval_kernels.PUSHES, 1]
    )
    assert ours[evaluation.F_PRESSURE] == (
        counts[eval_kernels.PRESSURE, 0] - counts[eval_kernels.PRESSURE, 1]
    )
    assert ours[evaluation.F_PAIRS] == f[0, 2] - f[1, 2]
    assert ours[evaluation.F_RING3] == shape[0, 0] - shape[1, 0]
    assert ours[evaluation.F_COMPACT] == pytest.approx(shape[0, 1] - shape[1, 1], abs=1e-9)
    assert ours[evaluation.F_MASS_CENTRE] == pytest.approx(shape[0, 2] - shape[1, 2], abs=1e-9)


def test_the_team_weights_for_3_and_4_players_are_level_10s() -> None:
    # The 3- and 4-player evaluation weighs the terms as the pressing set does, in the same
    # units (raw points, a marble 6, scale SCALE): decision 0187.
    assert eval_kernels.TERMS == evaluation.TERMS
    pressing = pressing_weights()[: evaluation.FEATURES]
    np.testing.assert_allclose(eval_kernels.PRESSING, pressing, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(eval_kernels.TODAY, search_weights()[: evaluation.FEATURES])
