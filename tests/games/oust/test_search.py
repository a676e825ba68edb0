"""Oust's compiled search kernels: the same evaluation and prior as evaluation.py."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.oust import OustState, evaluation, kernels
from tabletop.games.oust import search as ks

from .helpers import game


def random_position(seed: int, plies: int) -> OustState:
    """A position ``plies`` random moves into a 7x7 game (or its end)."""
    rng = random.Random(seed)
    state = game(width=7, height=7).new_state()
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_the_kernel_evaluation_is_evaluation_py_as_black_sees_it(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    g = state.game
    scratch = kernels.new_scratch(g.num_cells)
    value = ks.evaluate(state.kernel_position(), g.neighbours, scratch, evaluation.search_weights())
    assert value == evaluation.evaluate(state)[0]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_a_grown_node_has_the_legal_moves_best_prior_first(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    if state.is_over():
        return
    g = state.game
    tree = ks.OustTree(nodes=4, edges=4)
    tree.make_room(1, g.num_cells + 2)
    ks.expand(
        tree.root, state.kernel_position(), g.neighbours, kernels.new_scratch(g.num_cells),
        evaluation.search_weights(), tree.edge0, tree.edges, tree.to_move,
        tree.e_action, tree.e_prior, tree.e_child, tree.counters,
    )  # fmt: skip
    n = int(tree.edges[tree.root])
    actions = tree.e_action[:n].tolist()
    priors = tree.e_prior[:n]
    legal = state.legal_actions().tolist()
    assert sorted(actions) == legal
    weights = evaluation.prior(state)
    expected = {a: w / weights.sum() for a, w in zip(legal, weights, strict=True)}
    assert np.allclose(priors, [expected[a] for a in actions])
    assert np.all(np.diff(priors) <= 1e-12)  # best first
    assert tree.to_move[tree.root] == state.to_move


def test_a_position_repeats_when_the_game_or_the_line_had_it() -> None:
    seen = np.array([3, 9, 20], dtype=np.int64)
    line = np.array([0, 7, 11, 13], dtype=np.int64)  # line[0] is the root's slot, unused
    assert ks._repeats(np.int64(9), seen, line, 4)
    assert ks._repeats(np.int64(11), seen, line, 4)
    assert not ks._repeats(np.int64(13), seen, line, 3)  # not yet on the line at depth 3
    assert not ks._repeats(np.int64(0), seen, line, 4)  # the unused slot never matches
    assert not ks._repeats(np.int64(21), seen, line, 4)


def test_the_tree_grows_its_arrays_keeping_what_they_hold() -> None:
    tree = ks.OustTree(nodes=2, edges=2)
    first = tree.root
    tree.value[first] = 0.5
    for _ in range(5):
        tree.new_node()
    tree.make_room(0, 100)
    assert tree.size == 6 and len(tree.visits) >= 6 and len(tree.e_action) >= 100
    assert tree.value[first] == 0.5 and tree.edge0[5] == -1
    tree.clear()
    assert tree.size == 1 and tree.root == 0
