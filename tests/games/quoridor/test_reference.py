"""The engine against the plain reference model, on random games (hypothesis-seeded).

Every ply compares the legal move set with reference.py's brute force (a
fresh search for every candidate wall), the cached goal distances with a
fresh search, the incrementally repaired caches with a rebuild from
scratch, and the incremental hash with one computed from scratch; undo must
restore the position exactly.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.quoridor import QuoridorState
from tabletop.games.quoridor import kernels as k

from .reference import Reference

GOALS = {2: ["N", "S"], 4: ["N", "E", "S", "W"]}
STARTS = {2: [(4, 0), (4, 8)], 4: [(4, 0), (0, 4), (4, 8), (8, 4)]}


def reference_distance(ref: Reference, seat: int) -> int:
    from collections import deque

    from .reference import STEPS, goal_reached, wall_between

    start = ref.pawns[seat]
    dist = {start: 0}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if goal_reached(ref.goals[seat], sq):
            return dist[sq]
        for dx, dy in STEPS:
            nb = (sq[0] + dx, sq[1] + dy)
            if nb not in dist and not wall_between(ref.walls, sq, nb):
                dist[nb] = dist[sq] + 1
                queue.append(nb)
    raise AssertionError("no path")


def assert_caches_fresh(state: QuoridorState) -> None:
    """The incrementally repaired distances and corner labels equal a rebuild from scratch."""
    rebuilt = state._pos.copy()
    k.refresh(rebuilt)
    assert np.array_equal(rebuilt[: k.POS_LEN], state._pos[: k.POS_LEN]), (
        f"stale caches at ply {state.ply}\n{state}"
    )


@settings(max_examples=12)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 4]),
    walls=st.sampled_from([3, 10, 20]),
    side_around=st.booleans(),
    wall_bias=st.floats(0.0, 1.0),
)
def test_engine_matches_reference(
    seed: int, players: int, walls: int, side_around: bool, wall_bias: float
) -> None:
    rng = random.Random(seed)
    game = tabletop.load_game(
        "quoridor", players=players, walls=walls, side_step_around_pawns=side_around
    )
    state = game.new_state()
    assert isinstance(state, QuoridorState)
    ref = Reference(
        list(STARTS[players]), GOALS[players], [walls] * players, side_around=side_around
    )
    for _ in range(160):
        if state.is_over():
            break
        legal = {str(m) for m in state.legal_moves()}
        assert legal == ref.legal_names(), f"ply {state.ply}\n{state}"
        for seat in range(players):
            assert state.distance_to_goal(seat) == reference_distance(ref, seat)
        assert state.zobrist == k.compute_hash(state._pos)
        assert_caches_fresh(state)
        # Favour walls (wall_bias) so that crowded boards and cut-off tests come up.
        walls_legal = sorted(m for m in legal if m[-1] in "hv")
        pick = sorted(legal)
        if walls_legal and rng.random() < wall_bias:
            pick = walls_legal
        move = rng.choice(pick)
        before = state.copy()
        state.play(move)
        assert_caches_fresh(state)
        state.undo()
        assert_caches_fresh(state)
        assert state == before
        state.play(move)
        ref.play(move)
