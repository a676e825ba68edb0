"""Quoridor's compiled search kernels: the same race and prior as evaluation.py."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings, strategies

import tabletop
from tabletop.ai.compiled import tree as tree_arrays
from tabletop.ai.quoridor import search
from tabletop.ai.values import search_values
from tabletop.games.quoridor import QuoridorState, evaluation
from tabletop.games.quoridor.notation import NUM_ACTIONS


def random_position(players: int, seed: int, plies: int) -> QuoridorState:
    """A position ``plies`` random moves into a game (or its end)."""
    rng = random.Random(seed)
    state = tabletop.load_game("quoridor", players=players, max_plies=60).new_state()
    assert isinstance(state, QuoridorState)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    return state


@settings(max_examples=60)
@given(strategies.sampled_from([2, 4]), strategies.integers(0, 10_000), strategies.integers(0, 70))
def test_the_kernel_values_a_leaf_as_the_generic_search_does(
    players: int, seed: int, plies: int
) -> None:
    state = random_position(players, seed, plies)
    out = np.empty(players)
    over = state.is_over()
    search.evaluate(state.kernel_position(), over, evaluation.search_weights(players), out)
    outcome = state.outcome()
    # The generic search values a finished game by search_values (a loss is -1).
    expected = search_values(outcome) if outcome is not None else evaluation.evaluate(state)
    assert out.tolist() == list(expected)


@settings(max_examples=40)
@given(strategies.sampled_from([2, 4]), strategies.integers(0, 10_000), strategies.integers(0, 40))
def test_a_grown_node_keeps_its_best_moves_by_the_generic_prior(
    players: int, seed: int, plies: int
) -> None:
    state = random_position(players, seed, plies)
    if state.is_over():
        return
    tree = tree_arrays.SearchTree(players, nodes=4, edges=4)
    tree.make_room(1, NUM_ACTIONS)
    limit = 20
    search.expand(
        tree.root, state.kernel_position(), True, evaluation.search_weights(players), limit,
        np.empty((NUM_ACTIONS, 3), dtype=np.int64), tree.nodes, tree.e_int, tree.e_prior,
        tree.counters,
    )  # fmt: skip
    n = int(tree.nodes[tree.root, tree_arrays.N_EDGES])
    legal = state.legal_actions().tolist()
    assert n == min(limit, len(legal))
    weights = evaluation.prior(state)
    share = {a: w / weights.sum() for a, w in zip(legal, weights, strict=True)}
    kept = tree.e_int[:n, tree_arrays.E_ACTION].tolist()
    assert set(kept) <= set(legal)
    assert np.allclose(tree.e_prior[:n], [share[a] for a in kept])
    # The kept moves are the best: none left out has a larger prior than one kept.
    left_out = [share[a] for a in legal if a not in kept]
    assert not left_out or max(left_out) <= min(share[a] for a in kept) + 1e-6
