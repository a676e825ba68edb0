"""The kernels against the plain-Python reference of docs/rules/oust.md §3-§5 on random games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.oust import OustState

from . import reference
from .helpers import game, neighbour_lists

BOARDS = st.one_of(
    st.tuples(st.just("square"), st.integers(2, 7), st.integers(2, 7)),
    st.tuples(st.just("hex"), st.just(5), st.just(5)),
)


def reference_board(state: OustState) -> reference.Board:
    return {i: int(v) for i, v in enumerate(state.board_array[:-1]) if v in (1, 2)}


@settings(max_examples=40)
@given(board=BOARDS, seed=st.integers(0, 2**32 - 1), pie=st.booleans())
def test_random_games_follow_the_reference(
    board: tuple[str, int, int], seed: int, pie: bool
) -> None:
    shape, a, b = board
    options = {"board": "hex", "side": a} if shape == "hex" else {"width": a, "height": b}
    g = game(pie=pie, **options)
    nbrs = neighbour_lists(g)
    cells = g.num_cells
    rng = random.Random(seed)
    state = g.new_state()
    for _ in range(300):
        if state.is_over():
            break
        pos = reference_board(state)
        color = (state.to_move or 0) + 1
        expected = reference.placements(pos, nbrs, color)
        if state.must_pass:
            assert expected == []
            expected = [cells]
        if pie and state.ply == 1 and not state.continues:
            expected = [*expected, cells + 1]
        legal = state.legal_actions().tolist()
        assert legal == expected
        action = rng.choice(legal)
        took = False
        if action < cells:
            kind = reference.classify(pos, nbrs, action, color)
            took = kind == "capture"
            gone = reference.captured(pos, nbrs, action, color) if took else set()
            pos = {c: v for c, v in pos.items() if c not in gone}
            pos[action] = color
        elif action == cells + 1:
            pos = dict.fromkeys(pos, 2)
        state.play(action)
        assert reference_board(state) == pos
        if took and not any(v == 3 - color for v in pos.values()):
            outcome = state.outcome()
            assert outcome is not None and outcome.reason == "all-captured"
            assert outcome.winners == (color - 1,)
            break
        who, must_pass = reference.next_turn(pos, nbrs, color, took)
        if who is None:
            outcome = state.outcome()
            assert outcome is not None and outcome.reason == "no-placements"
            break
        assert state.to_move == who - 1
        assert state.must_pass == must_pass
        assert state.continues == (took and who == color)
