"""team_values with 3 and 4 players weighs the 2-player search's terms per team (decision
0187); with 2 players it gives the values it gave before, bit for bit."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.abalone import AbaloneGame, AbaloneState, eval_kernels, geometry, kernels
from tests.games.abalone.test_kernels import random_state

FIXTURE = Path(__file__).with_name("team_values_2p.json")


def game_of(players: int) -> AbaloneGame:
    game = tabletop.load_game("abalone", players=players)
    assert isinstance(game, AbaloneGame)
    return game


def values(state: AbaloneState, to_move: int | None = None) -> np.ndarray:
    """team_values of ``state`` with its player count's weights (``to_move``: another seat
    to move on the same board)."""
    game = state.game
    result: np.ndarray = eval_kernels.team_values(
        state._board,
        game.num_players,
        game.team_of_colour,
        game.num_teams,
        np.array(state.team_ejected, dtype=np.int64),
        state._seat if to_move is None else to_move,
        eval_kernels.WEIGHTS_BY_PLAYERS[game.num_players],
    )
    return result


def test_two_players_values_are_the_recorded_ones_bit_for_bit() -> None:
    # Recorded with the kernel before decision 0187 (2-player levels 1-9 play on it).
    game = game_of(2)
    positions = json.loads(FIXTURE.read_text())["positions"]
    assert len(positions) == 40
    for row in positions:
        board = kernels.empty_board()
        board[kernels.GRID_OF_CELL] = row["cells"]
        got = eval_kernels.team_values(
            board,
            2,
            game.team_of_colour,
            2,
            np.array(row["ejected"], dtype=np.int64),
            row["to_move"],
            eval_kernels.WEIGHTS_BY_PLAYERS[2],
        )
        assert [float(x).hex() for x in got] == row["values"]


def old_formula(state: AbaloneState) -> list[float]:
    """team_values before decision 0187, in Python, with the legal moves as the oracle of
    the ejections: today's weights, the same operations in the same order."""
    game = state.game
    board = state._board
    f = kernels.features(board, game.team_of_colour, game.num_teams)
    raw = [0.0] * game.num_teams
    for seat in range(game.num_players):
        actions = kernels.legal_actions(board, seat + 1, game.team_of_colour, game.policy)
        if np.any(eval_kernels.kinds(board, actions) == eval_kernels.EJECT):
            team = game.teams[seat]
            raw[team] += 3.0 if seat == state._seat else 1.0
    total = 0.0
    for t in range(game.num_teams):
        marbles = max(1, int(f[t, 0]))
        raw[t] += (
            6.0 * state.team_ejected[t]
            + -1.0 * int(f[t, 1]) / marbles
            + 0.5 * int(f[t, 2]) / marbles
            + -0.25 * int(f[t, 3])
        )
        total += raw[t]
    n = game.num_teams
    return [math.tanh((raw[t] - (total - raw[t]) / (n - 1)) / 12.0) for t in range(n)]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 250))
def test_two_players_values_are_todays_formula(seed: int, plies: int) -> None:
    state = random_state(2, seed, plies)
    assert values(state).tolist() == old_formula(state)


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 250),
)
def test_values_lie_strictly_between_minus_one_and_one(players: int, seed: int, plies: int) -> None:
    state = random_state(players, seed, plies)
    got = values(state)
    assert got.shape == (state.game.num_teams,)
    assert np.all(np.abs(got) < 1.0)
    assert np.all(np.isfinite(got))


def test_two_and_three_players_keep_todays_weights_four_play_the_fitted_row() -> None:
    # Decision 0188: only the 4-player row won its target match more often than today's.
    new_terms = ("pushes", "compact", "ring3", "mass_centre", "pairs", "pressure")
    for term in new_terms:
        assert eval_kernels.TODAY[eval_kernels.TERMS.index(term)] == 0.0
    for players in (2, 3):
        assert eval_kernels.WEIGHTS_BY_PLAYERS[players] is eval_kernels.TODAY
    fitted = eval_kernels.team_weights("fitted", 4)
    assert np.array_equal(eval_kernels.WEIGHTS_BY_PLAYERS[4], fitted)
    assert not np.array_equal(fitted, eval_kernels.TODAY)


def rotate(cell: int, turns: int, players: int) -> int:
    """The cell a rotation about the centre takes ``cell`` to: 120 degrees a turn with 3
    players, 180 degrees with 4."""
    r, n = geometry.CELLS[cell]
    dr, dn = r - 4, n - 4
    for _ in range(turns):
        dr, dn = (-dn, dr - dn) if players == 3 else (-dr, -dn)
    return geometry.CELLS.index((dr + 4, dn + 4))


def symmetric_state(players: int, seed: int, marbles: int) -> AbaloneState:
    """A position the board's rotation maps onto itself with the sides (3 players: seats
    0 -> 1 -> 2; 4 players: seat 0 <-> 1 and 2 <-> 3, so team 0 <-> team 1) relabelled."""
    rng = random.Random(seed)
    taken: set[int] = set()
    cells: dict[int, list[str]] = {seat: [] for seat in range(players)}
    # The seats a rotation's orbit starts from, and each orbit's length.
    starts, turns = ((0,), 3) if players == 3 else ((0, 2), 2)
    placed = 0
    for _ in range(200):
        if placed >= marbles:
            break
        start = starts[placed % len(starts)]
        cell = rng.randrange(61)
        orbit = [rotate(cell, k, players) for k in range(turns)]
        if len(set(orbit)) < turns or taken & set(orbit):
            continue
        taken |= set(orbit)
        for k, image in enumerate(orbit):
            cells[start + k].append(geometry.NAMES[image])
        placed += 1
    assert all(cells.values())  # a marble for every seat
    return game_of(players).setup(cells)


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([3, 4]),
    seed=st.integers(0, 2**32 - 1),
    marbles=st.integers(2, 9),
)
def test_a_symmetric_position_is_worth_the_same_to_the_sides_it_swaps(
    players: int, seed: int, marbles: int
) -> None:
    state = symmetric_state(players, seed, marbles)
    game = state.game
    # The rotation takes (the board, seat s to move) to (the board, seat s + 1 to move),
    # team t to the team of seat s + 1: with 3 players the next seat, with 4 the other team.
    for seat in range(players):
        after = (seat + 1) % players if players == 3 else seat ^ 1
        mine = values(state, seat)[game.teams[seat]]
        theirs = values(state, after)[game.teams[after]]
        assert mine == pytest.approx(theirs, abs=1e-12)


def test_the_start_positions_are_even() -> None:
    for players in (3, 4):
        state = game_of(players).new_state()
        assert values(state) == pytest.approx(np.zeros(state.game.num_teams), abs=1e-12)


def counts(state: AbaloneState) -> list[list[int]]:
    table: np.ndarray = eval_kernels.push_counts(state._board, state.game.team_of_colour)
    return [row.tolist() for row in table]


def test_a_team_mate_in_line_pushes_with_the_mover() -> None:
    # Seat 0 at e6 and its team-mate (seat 2) at e7 push seat 1's e8 onto the edge at e9:
    # a push for team 0 with pressure 2 (onto the edge); the lone marbles push nothing.
    state = game_of(4).setup({0: ["e6", "a1"], 1: ["e8", "i5"], 2: ["e7", "a5"], 3: ["i9"]})
    ejecting, pushes, pressure = counts(state)
    assert ejecting == [0, 0, 0, 0]
    assert pushes[:2] == [1, 0]
    assert pressure[:2] == [2, 0]


def test_a_team_mate_behind_the_pushed_marble_is_a_sandwich() -> None:
    # e1 (seat 0) and e2 (its team-mate) against e3 (seat 1) with e4 (seat 0) behind it.
    state = game_of(4).setup({0: ["e1", "e4"], 1: ["e3", "i5"], 2: ["e2", "a5"], 3: ["i9"]})
    assert counts(state)[1][:2] == [0, 0]


def test_moving_a_team_mates_marble_is_no_push() -> None:
    # e4 e5 (seat 0) and e6 (its team-mate) step to e7: the team-mate's marble moves with
    # the group, but no marble of the other team does.
    state = game_of(4).setup({0: ["e4", "e5"], 1: ["i5"], 2: ["e6", "a5"], 3: ["i9"]})
    assert counts(state) == [[0] * 4] * 3


def test_a_team_mates_marble_ejects_with_the_mover() -> None:
    # e7 (seat 0) and e8 (its team-mate) push seat 1's e9 off the board: an ejection for
    # seat 0 (team 0's only push; an ejection brings no pressure).
    state = game_of(4).setup({0: ["e7", "a1"], 1: ["e9", "i5"], 2: ["e8", "a5"], 3: ["i9"]})
    ejecting, pushes, pressure = counts(state)
    assert ejecting == [1, 0, 0, 0]
    assert pushes[:2] == [1, 0]
    assert pressure[:2] == [0, 0]


def recount(state: AbaloneState) -> tuple[list[int], list[int]]:
    """Per team, the pushes and their pressure found through the rules: every seat's legal
    in-line moves that move another team's marble (the one that lands on a cell empty
    before), and for those that eject nothing where the front one lands, 1 a step outward,
    2 a step onto the edge."""
    game = state.game
    board = state._board
    team_of = game.team_of_colour
    pushes = [0] * game.num_teams
    pressure = [0] * game.num_teams
    for seat in range(game.num_players):
        side = game.teams[seat]
        for action in kernels.legal_actions(board, seat + 1, team_of, game.policy):
            if action >= kernels.INLINE_ACTIONS:
                continue
            child = board.copy()
            if kernels.apply(child, int(action)) != 0:
                pushes[side] += 1  # an ejection: a push, no pressure
                continue
            landed = [
                g
                for g in np.flatnonzero((board == kernels.EMPTY) & (child != kernels.EMPTY))
                if team_of[child[g]] != side
            ]
            if not landed:
                continue  # the mover's team alone moved
            pushes[side] += 1
            land = int(landed[0])
            front = land - int(kernels.OFFSETS[int(action) % 6])
            before, after = kernels.CENTRE_DISTANCE[front], kernels.CENTRE_DISTANCE[land]
            if after > before:
                pressure[side] += 2 if after == 4 else 1
    return pushes, pressure


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 200),
)
def test_pushes_and_pressure_are_the_rules_pushes(players: int, seed: int, plies: int) -> None:
    state = random_state(players, seed, plies)
    _, pushes, pressure = counts(state)
    teams = state.game.num_teams
    assert (pushes[:teams], pressure[:teams]) == recount(state)


def _tallies(state: AbaloneState) -> np.ndarray:
    tallies = np.zeros(4, dtype=np.int64)
    tallies[: state.game.num_teams] = state.team_ejected
    return tallies


@settings(max_examples=30, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 250),
    row=st.lists(st.floats(-2, 2), min_size=12, max_size=12),
)
def test_team_terms_weighted_are_team_values(
    players: int, seed: int, plies: int, row: list[float]
) -> None:
    # The figures a fit regresses on are the ones team_values weighs: lead(terms) @ w is
    # each team's raw lead, whatever the weights.
    state = random_state(players, seed, plies)
    game = state.game
    args = (state._board, players, game.team_of_colour, game.num_teams, _tallies(state))
    terms = eval_kernels.team_terms(*args, state._seat)
    assert terms.shape == (game.num_teams, len(eval_kernels.TERMS))
    for w in (eval_kernels.TODAY, eval_kernels.PRESSING, np.array(row)):
        want = eval_kernels.team_values(*args, state._seat, w)
        got = np.tanh(eval_kernels.lead(terms) @ w / eval_kernels.SCALE)
        assert np.allclose(got, want, atol=1e-12)


def test_a_lead_is_the_team_less_the_others_mean() -> None:
    terms = np.array([[6.0, 1.0], [0.0, 4.0], [3.0, 1.0]])
    assert eval_kernels.lead(terms).tolist() == [[4.5, -1.5], [-4.5, 3.0], [0.0, -1.5]]
    two = eval_kernels.lead(terms[:2])
    assert two[0].tolist() == (-two[1]).tolist()


def test_weight_rows_by_name() -> None:
    assert eval_kernels.team_weights("today", 4) is eval_kernels.TODAY
    assert eval_kernels.team_weights("pressing", 3) is eval_kernels.PRESSING
    for players in (3, 4):  # the fitted rows count a marble 6 raw points, like the others
        assert eval_kernels.team_weights("fitted", players)[eval_kernels.T_EJECTED] == 6.0
    with pytest.raises(ValueError, match="no weight row 'best': expected one of today"):
        eval_kernels.team_weights("best", 4)
    with pytest.raises(ValueError, match="no fitted weight row for 2 players"):
        eval_kernels.team_weights("fitted", 2)
