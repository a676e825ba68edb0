"""Go's numba tree search: its root children are the legal moves, it never retakes a ko."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.ai.go import search
from tabletop.games.go import kernels
from tests.games.go.helpers import point, position, random_state


@settings(max_examples=15)
@given(
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 60),
    ko=st.sampled_from(["simple", "positional"]),
)
def test_root_children_are_exactly_the_legal_moves(seed: int, plies: int, ko: str) -> None:
    state = random_state(seed, plies, rules="chinese", ko=ko)
    tree = search.GoTree(50_000)
    tree.set_root(state)
    kernels.seed_random(seed)
    tree.run(state, 30, search.root_mask(state))
    legal = {state.game.points_by_action[a] for a in state.legal_actions().tolist()}
    children = tree.children()
    assert {p for p, _, _ in children} == legal
    assert sum(v for _, v, _ in children) == 30


def test_search_never_retakes_a_ko_at_once() -> None:
    # Black's E5 has one liberty, D5; White takes it there, and D5 is then in atari at E5.
    state = position(black="D4 C5 D6 E5", white="E4 F5 E6", rules="chinese", komi=7)
    state.play("D5")
    retake = state.move_to_action(state.parse_move("E5"))
    assert retake not in state.legal_actions().tolist()
    tree = search.GoTree(200_000)
    tree.set_root(state)
    kernels.seed_random(3)
    tree.run(state, 400, search.root_mask(state))
    visited = {p for p, v, _ in tree.children() if v > 0}
    assert point(state, "E5") not in visited
