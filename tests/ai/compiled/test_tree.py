"""The compiled searches' tree: PUCT's choice, growing a node, backing up, repetitions."""

from __future__ import annotations

import numpy as np

from tabletop.ai.compiled import tree as tree_arrays


def grown_root(weights: list[float]) -> tree_arrays.SearchTree:
    """A tree whose root (seat 0 to move) has one edge per weight."""
    tree = tree_arrays.SearchTree(2, nodes=2, edges=2)
    n = len(weights)
    tree.make_room(n + 1, n)
    actions = np.arange(10, 10 + n, dtype=np.int64)
    tree_arrays.add_edges(
        tree.root, 0, actions, np.array(weights), n, n, tree.nodes, tree.e_int, tree.e_prior,
        tree.counters,
    )  # fmt: skip
    return tree


def test_a_grown_node_has_its_moves_best_prior_first_and_at_most_the_limit() -> None:
    tree = grown_root([1.0, 4.0, 2.0, 1.0])
    e = int(tree.nodes[tree.root, tree_arrays.N_EDGE0])
    assert tree.e_int[e : e + 4, tree_arrays.E_ACTION].tolist()[:2] == [11, 12]
    assert np.allclose(sorted(tree.e_prior[e : e + 4]), [0.125, 0.125, 0.25, 0.5])
    assert (tree.e_int[e : e + 4, tree_arrays.E_CHILD] == -1).all()
    small = tree_arrays.SearchTree(2)
    tree_arrays.add_edges(
        small.root, 1, np.arange(5, dtype=np.int64), np.array([1.0, 2, 3, 4, 5]), 5, 2,
        small.nodes, small.e_int, small.e_prior, small.counters,
    )  # fmt: skip
    assert small.nodes[small.root, tree_arrays.N_EDGES] == 2 and small.edges_used == 2
    assert small.e_int[:2, tree_arrays.E_ACTION].tolist() == [4, 3]
    assert np.isclose(small.e_prior[0], 5 / 15)  # priors share out all the moves' weight


def test_puct_tries_moves_in_prior_order_then_prefers_the_better_value() -> None:
    tree = grown_root([3.0, 1.0])
    args = (1.0, 0.2, tree.nodes, tree.value, tree.e_int, tree.e_prior, tree.counters)
    first = tree_arrays.select(tree.root, *args)
    assert (
        tree.e_int[first, tree_arrays.E_ACTION] == 10
        and tree.nodes[tree.root, tree_arrays.N_TRIED] == 1
    )
    child = int(tree.e_int[first, tree_arrays.E_CHILD])
    path = np.array([tree.root, child], dtype=np.int64)
    tree_arrays.backup(path, 1, np.array([-1.0, 1.0]), tree.nodes, tree.value)  # bad for seat 0
    # Other lines through the root went well for seat 0 (mean 0.5 over 10 visits), so an
    # untried move (0.5 - fpu, plus its exploration) beats the one that lost.
    tree.nodes[tree.root, tree_arrays.N_VISITS] += 9
    tree.value[tree.root, 0] += 6.0
    second = tree_arrays.select(tree.root, *args)
    assert tree.e_int[second, tree_arrays.E_ACTION] == 11  # the untried move beats a lost one
    assert tree.mean(child, 0) == -1.0 and tree.mean(child, 1) == 1.0
    assert tree.children(tree.root)[0] == (10, child, 1)


def test_a_position_repeats_when_the_game_or_the_line_had_it() -> None:
    seen = np.array([3, 9, 20], dtype=np.int64)
    line = np.array([0, 7, 11, 13], dtype=np.int64)  # line[0] is the root's slot, unused
    assert tree_arrays.repeats(np.int64(9), seen, line, 4)
    assert tree_arrays.repeats(np.int64(11), seen, line, 4)
    assert not tree_arrays.repeats(np.int64(13), seen, line, 3)  # not yet on the line at depth 3
    assert not tree_arrays.repeats(np.int64(0), seen, line, 4)  # the unused slot never matches
    assert not tree_arrays.repeats(np.int64(21), seen, line, 4)


def test_the_tree_grows_its_arrays_keeping_what_they_hold() -> None:
    tree = tree_arrays.SearchTree(3, nodes=2, edges=2)
    first = tree.root
    tree.value[first] = (0.5, -0.25, 0.0)
    for _ in range(5):
        tree.new_node()
    tree.make_room(0, 100)
    assert tree.size == 6 and tree.nodes.shape[0] >= 6 and tree.e_int.shape[0] >= 100
    assert tree.value[first].tolist() == [0.5, -0.25, 0.0]
    assert tree.nodes[5, tree_arrays.N_EDGE0] == -1
    tree.clear()
    assert tree.size == 1 and tree.root == 0
