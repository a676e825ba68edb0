"""The dead-stone estimate of a finished game: play continued by both sides, judged per chain."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.go import GoState
from tabletop.games.go.dead import DEAD_SHARE, dead_chains, estimate_dead

from .helpers import column, finished, lone_stones

SEEDS = range(6)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_the_lone_stones_of_issue_7_are_dead_for_every_seed(seed: int) -> None:
    # The old per-point estimate from the ended state said [], ["B5"] or ["H5"] by seed.
    assert estimate_dead(lone_stones(), seed=seed) == ["B5", "H5"]


def test_the_estimate_is_the_same_for_the_same_seed_and_changes_nothing() -> None:
    state = lone_stones()
    before = str(state), state.ply, state.is_over()
    assert dead_chains(state, 200, seed=3) == dead_chains(state, 200, seed=3)
    assert (str(state), state.ply, state.is_over()) == before


def test_dame_count_for_nobody_once_the_dead_stones_are_off() -> None:
    state = lone_stones()
    score = state.score(dead=estimate_dead(state))
    # Columns A-C (27 points) are Black's, G-J (27) White's; the E column is nobody's.
    assert (score.black.stones, score.black.territory) == (9, 27)
    assert (score.white.stones, score.white.territory) == (9, 27)
    assert score.result() == "W+7"


def test_a_mutual_life_seki_without_eyes_is_not_dead() -> None:
    # Black's D1-D3 E3 and White's F1-F3 share their only liberties E1 and E2: whoever
    # fills one puts their own chain in atari, so neither does. Outside, each side's
    # wall has a territory of its own.
    black = f"C1 C2 C3 C4 D4 E4 {column('E', range(5, 10))} F1 F2 F3"
    white = f"G1 G2 G3 G4 F4 {column('F', range(5, 10))} D1 D2 D3 E3"
    state = finished(black, white, komi=7, rules="chinese")
    assert sorted(map(str, state.liberties("D1"))) == ["E1", "E2"]
    assert sorted(map(str, state.liberties("F1"))) == ["E1", "E2"]
    assert estimate_dead(state) == []
    assert all(lost < 0.2 for _, lost in dead_chains(state))
    # The shared liberties count for nobody.
    score = state.score(dead=estimate_dead(state))
    assert score.black.territory + score.white.territory == 81 - 28 - 2


def test_a_seki_of_two_groups_with_one_eye_each_is_not_dead() -> None:
    # White's C1 E1 C2-F2 (eye D1) and Black's G1 J1 G2-J2 (eye H1) share F1: filling it
    # is a self-atari, and neither eye can be filled, so both live in seki.
    black = f"B1 B2 B3 C3 D3 E3 {column('F', range(3, 10))} G1 J1 G2 H2 J2"
    white = f"{column('G', range(3, 10))} H3 J3 C1 E1 C2 D2 E2 F2"
    state = finished(black, white, komi=7, rules="chinese")
    assert sorted(map(str, state.liberties("C1"))) == ["D1", "F1"]
    assert sorted(map(str, state.liberties("G1"))) == ["F1", "H1"]
    assert estimate_dead(state) == []


def test_a_group_with_two_eyes_lives_and_a_lone_stone_in_a_territory_dies() -> None:
    # White's A2-D2 B1 D1 has two eyes (A1, C1) inside Black's area; White's B7 is alone.
    black = f"{column('E', range(1, 10))} A3 B3 C3 D3"
    white = f"{column('G', range(1, 10))} A2 B2 C2 D2 B1 D1 B7"
    state = finished(black, white, komi=7, rules="chinese")
    assert estimate_dead(state) == ["B7"]


def test_chains_are_judged_whole() -> None:
    # A dead two-stone chain is proposed with both its stones, never one of them.
    black = column("D", range(1, 10))
    white = f"{column('F', range(1, 10))} B5 B6"
    state = finished(black, white, komi=7, rules="chinese")
    assert estimate_dead(state) == ["B5", "B6"]
    shares = dead_chains(state)
    lone = next(lost for chain, lost in shares if "B5" in chain)
    wall = next(lost for chain, lost in shares if "D1" in chain)
    assert lone >= DEAD_SHARE > wall


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(0, 60))
def test_any_ended_game_gets_whole_chains_and_stays_as_it_was(game_seed: int, plies: int) -> None:
    rng = random.Random(game_seed)
    state = tabletop.load_game("go", size=7, rules="chinese").new_state()
    assert isinstance(state, GoState)
    for _ in range(plies):
        state.play(rng.choice(state.legal_actions().tolist()[:-1] or [49]))
        if state.is_over():
            break
    while not state.is_over():
        state.play("pass")
    before = str(state), state.ply
    dead = estimate_dead(state, playouts=40, seed=game_seed)
    assert dead == estimate_dead(state, playouts=40, seed=game_seed)
    assert (str(state), state.ply) == before
    for stone in dead:  # a chain is proposed whole or not at all
        assert {str(m) for m in state.chain_at(stone)} <= set(dead)


def test_two_liberties_shared_with_one_enemy_stone_are_no_seki() -> None:
    # Black's B9 B8-F8 F9 has only C9 and E9, shared with White's lone D9: White throws in
    # at C9 (or E9), Black must capture two stones and is left with a two-point eye, and
    # dies. The policy's rule against putting two own stones in atari (which keeps real
    # seki) hid this kill: a 13x13 game against GNU Go scored 22 points wrong.
    black = "A4 B4 C4 D4 E4 F4 G4 H4 J4 B9 B8 C8 D8 E8 F8 F9"
    white = "A5 B5 C5 D5 E5 F5 G5 H5 J5 A6 A9 A8 A7 B7 C7 D7 E7 F7 G7 G8 G9 D9"
    state = finished(black, white, komi=7, rules="chinese")
    assert sorted(map(str, state.liberties("B9"))) == ["C9", "E9"]
    assert estimate_dead(state) == ["B8", "C8", "D8", "E8", "F8", "B9", "F9"]
    assert state.score(dead=estimate_dead(state)).result() == "W+16"  # GNU Go: W+16
