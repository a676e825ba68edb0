"""Oust's compiled search kernels: the same evaluation and prior as evaluation.py."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.ai.compiled import tree as tree_arrays
from tabletop.ai.oust import search
from tabletop.games.oust import OustState, evaluation, kernels
from tests.games.oust.helpers import game


def random_position(seed: int, plies: int) -> OustState:
    """A position ``plies`` random moves into a 7x7 game (or its end)."""
    rng = random.Random(seed)
    state = game(width=7, height=7).new_state()
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    return state


@settings(max_examples=60)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_the_kernel_evaluation_is_evaluation_py_as_black_sees_it(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    g = state.game
    scratch = kernels.new_scratch(g.num_cells)
    value = search.evaluate(
        state.kernel_position(), g.neighbours, scratch, evaluation.search_weights()
    )
    assert value == evaluation.evaluate(state)[0]


@settings(max_examples=40)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_a_grown_node_has_the_legal_moves_best_prior_first(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    if state.is_over():
        return
    g = state.game
    tree = tree_arrays.SearchTree(2, nodes=4, edges=4)
    tree.make_room(1, g.num_cells + 2)
    search.expand(
        tree.root, state.kernel_position(), g.neighbours, kernels.new_scratch(g.num_cells),
        evaluation.search_weights(), tree.nodes, tree.e_int, tree.e_prior, tree.counters,
    )  # fmt: skip
    n = int(tree.nodes[tree.root, tree_arrays.N_EDGES])
    actions = tree.e_int[:n, tree_arrays.E_ACTION].tolist()
    priors = tree.e_prior[:n]
    legal = state.legal_actions().tolist()
    assert sorted(actions) == legal
    weights = evaluation.prior(state)
    expected = {a: w / weights.sum() for a, w in zip(legal, weights, strict=True)}
    assert np.allclose(priors, [expected[a] for a in actions])
    assert np.all(np.diff(priors) <= 1e-12)  # best first
    assert tree.nodes[tree.root, tree_arrays.N_TO_MOVE] == state.to_move
