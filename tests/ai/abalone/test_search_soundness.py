"""Abalone's compiled search is sound: the table, the aspiration windows and the
quiescence search change how fast a value is found, never which value; a position and
its mirror image (colours swapped, board turned half round) are worth the same."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.ai.abalone import agent as agent_module
from tabletop.ai.abalone.agent import AbaloneSearchAgent
from tabletop.ai.agent import Budget
from tabletop.games.abalone import AbaloneGame, AbaloneState, geometry

ENDLESS = Budget(playouts=50_000_000)


def position(seed: int, plies: int) -> AbaloneState:
    """A position after ``plies`` random moves from the standard layout, set up afresh
    (no history, so no earlier position counts as a repetition)."""
    game = tabletop.load_game("abalone")
    assert isinstance(game, AbaloneGame)
    state = game.new_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    return rebuilt(state, mirror=False)


def rebuilt(state: AbaloneState, mirror: bool) -> AbaloneState:
    """``state`` set up with no history; with ``mirror`` its colours swapped and the
    board turned half round (cell i is cell 60 - i), the other side to move."""
    marbles: dict[int, list[str]] = {0: [], 1: []}
    for cell in range(61):
        colour = int(state._board[geometry.GRID_OF_CELL[cell]])
        if colour in (1, 2):
            seat = colour - 1
            if mirror:
                seat, cell = 1 - seat, 60 - cell
            marbles[seat].append(geometry.NAMES[cell])
    seat = state._seat
    new = state.game.setup(marbles, to_move=1 - seat if mirror else seat)
    ejected = state.ejected
    new._ejected = (ejected[1], ejected[0]) if mirror else ejected
    return new


def searched(
    state: AbaloneState, depth: int, quiescence: int = 0, cuts: bool = True
) -> tuple[float, str]:
    """The side to move's raw value and the best move at ``depth``."""
    agent = AbaloneSearchAgent(seed=0, max_depth=depth, quiescence=quiescence)
    agent.table_cuts = cuts
    analysis = agent.analyze(state, ENDLESS)
    assert analysis.detail["depth"] == depth
    return float(str(analysis.detail["raw"])), str(analysis.best)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(4, 50))
def test_the_table_changes_no_value(seed: int, plies: int) -> None:
    # Depth 3 without quiescence: a position comes back only at its own ply and depth,
    # so a cut by the table must give the value the search would find again.
    state = position(seed, plies)
    if state.is_over():
        return
    with_table, _ = searched(state, 3)
    without, _ = searched(state, 3, cuts=False)
    assert math.isclose(with_table, without, abs_tol=1e-9)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(4, 50))
def test_aspiration_windows_change_no_value(seed: int, plies: int) -> None:
    state = position(seed, plies)
    if state.is_over():
        return
    narrow, _ = searched(state, 4, cuts=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(agent_module, "ASPIRATION", 1e6)
        wide, _ = searched(state, 4, cuts=False)
    assert math.isclose(narrow, wide, abs_tol=1e-9)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(4, 60), depth=st.integers(1, 3))
def test_a_mirrored_position_is_worth_the_same(seed: int, plies: int, depth: int) -> None:
    state = position(seed, plies)
    if state.is_over():
        return
    mirrored = rebuilt(state, mirror=True)
    value, _ = searched(state, depth, quiescence=4)
    mirror_value, _ = searched(mirrored, depth, quiescence=4)
    assert math.isclose(value, mirror_value, abs_tol=1e-9)


def test_a_failed_low_depth_keeps_the_first_move_in_the_lead() -> None:
    # Every move fails low in a window far above the position's value: the others'
    # values are upper bounds, so none may take the lead (and be played if the clock
    # stops the depth there).
    state = position(11, 30)
    agent = AbaloneSearchAgent(seed=0)
    agent._prepare(state)
    order = agent._first_order(state.legal_actions(), state._seat + 1)
    deadline = agent._deadline(ENDLESS)
    found, leader, top, aborted, _ = agent._depth(state, order, 3, 1000.0, 1001.0, deadline, 1e5)
    assert not aborted and len(found) == len(order)
    assert leader == int(order[0]) and top == found[leader] <= 1000.0
