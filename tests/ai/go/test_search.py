"""Go's numba tree search: its root children are the legal moves, it never retakes a ko."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.ai.go import search
from tabletop.games.go import GoState, kernels
from tests.games.go.helpers import position


def random_state(seed: int, plies: int, **options: object) -> GoState:
    """A 9x9 game after ``plies`` random legal non-pass moves (fewer if it runs out)."""
    options.setdefault("size", 9)
    state = tabletop.load_game("go", **options).new_state()
    assert isinstance(state, GoState)
    rng = random.Random(seed)
    n = state.game.size
    for _ in range(plies):
        actions = [a for a in state.legal_actions().tolist() if a < n * n]
        if not actions:
            break
        state.play(rng.choice(actions))
    return state


def point(state: GoState, text: str) -> int:
    return state.game.points_by_action[state.move_to_action(state.parse_move(text))]


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
