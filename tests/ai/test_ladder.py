"""The ladder: rungs of neighbouring levels, Elo from scores, the same results with any --jobs."""

from __future__ import annotations

import math

import pytest

import tabletop
from tabletop.ai.ladder import Rung, elo_difference, elo_table, ladder_games, run_ladder


def test_elo_difference_is_zero_at_evens_and_antisymmetric() -> None:
    assert elo_difference(0.5) == 0
    assert elo_difference(0.64) == pytest.approx(100, abs=1)
    assert elo_difference(0.3) == pytest.approx(-elo_difference(0.7))
    assert math.isfinite(elo_difference(1.0)) and math.isfinite(elo_difference(0.0))


def test_the_stronger_seat_rotates_round_the_table_with_four_players() -> None:
    game = tabletop.load_game("quoridor", players=4)
    tasks = [task for _, task in ladder_games(game, [5], 8, seed=0, max_plies=None)]
    assert [t.strong_seat for t in tasks] == [0, 1, 2, 3, 0, 1, 2, 3]
    for t in tasks:
        assert t.seats[t.strong_seat] == "ai:5"
        assert sorted(t.seats) == ["ai:4", "ai:4", "ai:4", "ai:5"]


def test_a_small_ladder_runs_and_its_table_chains_the_elo() -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    rungs = run_ladder(game, [2, 3], 2, seed=1)
    assert [r.level for r in rungs] == [2, 3]
    assert all(len(r.scores) == 2 and r.wins + r.draws + r.losses == 2 for r in rungs)
    text = elo_table(rungs).splitlines()
    assert text[1].split() == ["1", "0"]
    chained = rungs[0].elo + rungs[1].elo
    assert text[3].split()[1] == f"{chained:.0f}"


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    game = tabletop.load_game("oust", width=3, height=3)
    alone = run_ladder(game, [2], 2, jobs=1, seed=5)
    pooled = run_ladder(game, [2], 2, jobs=2, seed=5)
    assert alone[0].scores == pooled[0].scores


def test_a_rung_interval_contains_its_mean() -> None:
    rung = Rung("ai:4", scores=[1.0, 0.0, 1.0, 1.0, 0.5], level=4)
    lo, hi = rung.interval()
    assert lo <= rung.mean <= hi
