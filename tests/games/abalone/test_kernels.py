"""Kernel properties: generation agrees with the per-action test; moves conserve marbles."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.abalone import AbaloneState, kernels


def random_state(players: int, seed: int, plies: int, **options: object) -> AbaloneState:
    rng = random.Random(seed)
    state = tabletop.load_game("abalone", players=players, **options).new_state()
    assert isinstance(state, AbaloneState)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    return state


@settings(max_examples=40)
@given(
    players=st.sampled_from([2, 3, 4]),
    policy=st.sampled_from(["end", "all-own", "any-own"]),
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 120),
)
def test_generation_equals_testing_every_action(
    players: int, policy: str, seed: int, plies: int
) -> None:
    options = {"broadside": policy} if players == 4 else {}
    state = random_state(players, seed, plies, **options)
    if state.is_over():
        return
    colour = state.to_move + 1 if state.to_move is not None else 0
    game = state.game
    brute = [
        a
        for a in range(kernels.PASS_ACTION)
        if kernels.check(state._board, a, colour, game.team_of_colour, game.policy) == kernels.LEGAL
    ]
    assert state.legal_actions().tolist() == (brute or [kernels.PASS_ACTION])


@settings(max_examples=25)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_moves_conserve_marbles(players: int, seed: int) -> None:
    state = random_state(players, seed, 0)
    start = [len(state.marbles(s)) for s in range(players)]
    rng = random.Random(seed)
    for _ in range(150):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
        on_board = [len(state.marbles(s)) for s in range(players)]
        lost = sum(start) - sum(on_board)
        assert lost == sum(state.ejected)
        # Nobody ever loses a marble to their own side's push.
        assert all(n <= s for n, s in zip(on_board, start, strict=True))


def test_playout_kernel_ends_with_six_or_the_cap() -> None:
    state = random_state(2, 0, 0)
    kernels.seed_random(1)
    for _ in range(20):
        ejected = np.zeros(4, dtype=np.int64)
        board = state._board.copy()
        plies, winner = kernels.random_playout(
            board, 0, 2, state.game.team_of_colour, state.game.policy, ejected, 1000
        )
        if winner >= 0:
            assert ejected[winner] == 6
            assert np.count_nonzero(board == 2 - winner) == 14 - 6
        else:
            assert plies == 1000 and ejected.max() < 6
