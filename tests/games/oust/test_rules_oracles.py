"""Oust's rules case by case (docs/rules/oust.md §3-§5), one test each."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalMoveError

from .helpers import game, names, played, position


def test_steere_figure_1() -> None:
    """Figure 1 of Steere's 2007 rules: every legal placement there is simple
    (docs/rules/oust.md §3, §10.1)."""
    state = position("a5 b4 a3 e1", "d5 e4 c2 b1", size=5)
    assert names(state.legal_moves()) == sorted(
        ["a1", "b2", "c1", "c3", "c5", "d2", "d3", "d4", "e3", "e5"],
        key=lambda m: (int(m[1:]), m[0]),
    )
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        assert after.stone_counts == (5, 4), f"{move} is non-capturing"
    white = position("a5 b4 a3 e1", "d5 e4 c2 b1", to_move="white", size=5)
    assert sorted(names(white.legal_moves())) == sorted(
        ["a2", "a4", "b3", "b5", "c4", "d1", "d3", "e2"]
    )


def test_figure_1_position_is_reachable_by_play() -> None:
    """The same position arises in play, with the same legal placements (docs/rules/oust.md §3)."""
    state = played("a5 d5 b4 e4 a3 c2 e1 b1", size=5)
    assert sorted(names(state.legal_moves())) == sorted(
        ["a1", "b2", "c1", "c3", "c5", "d2", "d3", "d4", "e3", "e5"]
    )


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 5), (9, 9), (19, 13), (4, 19)])
def test_first_two_placements_anywhere(width: int, height: int) -> None:
    """The first two stones may go on any empty cell and never win
    (docs/rules/oust.md §4.4, §5.1)."""
    g = game(width=width, height=height)
    state = g.new_state()
    cells = width * height
    assert state.legal_actions().tolist() == list(range(cells))
    for first in range(cells):
        s = g.new_state()
        s.play(first)
        assert not s.is_over() and s.to_move == 1
        assert s.legal_actions().tolist() == [c for c in range(cells) if c != first]
        for second in s.legal_actions().tolist():
            t = s.copy()
            t.play(second)
            assert not t.is_over() and t.to_move == 0 and t.stone_counts == (1, 1)
        if cells > 16:
            break  # one first stone is enough on the larger boards


def test_hex_first_two_placements_anywhere() -> None:
    """The same on a hex board (docs/rules/oust.md §2.2, §4.4)."""
    g = game(board="hex", side=5)
    state = g.new_state()
    assert state.legal_actions().tolist() == list(range(61))
    state.play("e5")
    assert len(state.legal_actions()) == 60


def test_capture_on_the_third_placement_wins() -> None:
    """Capturing every enemy stone wins, at the earliest on the third placement
    (docs/rules/oust.md §5.1)."""
    state = played("a1 b1 a2", size=3)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.reason == "all-captured"
    assert outcome.returns == (1.0, -1.0)
    assert state.stones(0) == ["a1", "a2"] and state.stones(1) == []
    assert state.to_move is None and state.legal_actions().size == 0


def test_equal_size_groups_do_not_capture() -> None:
    """A new group no larger than an enemy group it touches may not be made
    (docs/rules/oust.md §3.3, §3.4)."""
    state = position("b2", "c1 c2", size=4)
    legal = set(names(state.legal_moves()))
    for illegal in ("b1", "a2", "b3"):
        assert illegal not in legal
        before = state.copy()
        with pytest.raises(IllegalMoveError, match="equal-size enemy group of 2"):
            state.play(illegal)
        assert state == before
    assert {"d1", "a4"} <= legal
    for quiet in ("d1", "a4"):
        after = state.copy()
        after.play(quiet)
        assert after.stone_counts == (2, 2)
        assert after.to_move == 1 and not after.continues


def test_capture_through_the_group() -> None:
    """The new group captures what it touches anywhere, not only at the new stone
    (docs/rules/oust.md §3.3)."""
    state = position("b2", "c2", size=4)
    state.play("a2")
    assert state.stone_at("c2") is None
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "all-captured"


def test_full_board_without_capture_is_a_draw() -> None:
    """A board filled without a capture, where nobody can place, is a draw
    (docs/rules/oust.md §5.2)."""
    state = game(size=3).new_state()
    moves = ["a1", "b1", "b2", "a2", "c1", "c2", "a3", "b3", "c3"]
    for i, move in enumerate(moves):
        assert not state.is_over()
        before = state.stone_counts
        state.play(move)
        after = state.stone_counts
        assert sum(after) == sum(before) + 1, f"{move} is non-capturing"
        assert state.to_move == (None if i == 8 else (i + 1) % 2)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "no-placements" and outcome.winners == ()
    assert outcome.returns == (0.0, 0.0)
    assert state.legal_moves() == []
