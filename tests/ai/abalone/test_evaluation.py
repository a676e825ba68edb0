"""The compiled evaluation's pressure term (decision 0176): pushes that drive enemy marbles
toward the edge, counted by the kernel as a recount through the rules finds them, and
preferred by the "pressing" weights where the published ones do not see them."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.ai.abalone import evaluation
from tabletop.ai.abalone.agent import AbaloneSearchAgent
from tabletop.ai.agent import Budget
from tabletop.games.abalone import AbaloneGame, AbaloneState, kernels
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
    from tabletop.ai.abalone.agent import pressing_weights, published_weights

    assert published_weights()[evaluation.F_PRESSURE] == 0.0
    assert pressing_weights()[evaluation.F_PRESSURE] > 0.0
