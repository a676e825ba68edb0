"""Quoridor's rules case by case (docs/rules/quoridor.md §3-§8); notation is in test_notation.py."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import IllegalMoveError
from tabletop.games.quoridor import QuoridorState

from .helpers import pawn_moves, position, wall_moves

ALL_WALLS = {f"{c}{r}{o}" for c in "abcdefgh" for r in range(1, 9) for o in "hv"}


def test_two_player_start() -> None:
    """South's first move: three pawn steps and all 128 walls, 131 in all
    (docs/rules/quoridor.md §3.1, §12.1)."""
    state = tabletop.load_game("quoridor").new_state()
    assert isinstance(state, QuoridorState)
    assert len(state.legal_actions()) == 131
    assert pawn_moves(state) == {"d1", "e2", "f1"}
    assert wall_moves(state) == ALL_WALLS


@pytest.mark.parametrize(
    ("seat", "expected"),
    [
        (0, {"d1", "e2", "f1"}),
        (1, {"a4", "a6", "b5"}),
        (2, {"d9", "e8", "f9"}),
        (3, {"h5", "i4", "i6"}),
    ],
)
def test_four_player_start(seat: int, expected: set[str]) -> None:
    """Each seat of the 4-player start: three pawn steps, 5 walls, 131 moves
    (docs/rules/quoridor.md §3.2, §12.1)."""
    state = position(["e1", "a5", "e9", "i5"], to_move=seat)
    assert state.walls_left(seat) == 5
    assert len(state.legal_actions()) == 131
    assert pawn_moves(state) == expected
    if seat == 0:
        fresh = tabletop.load_game("quoridor", players=4).new_state()
        assert fresh.legal_actions().tolist() == state.legal_actions().tolist()


def test_four_players_move_clockwise() -> None:
    state = tabletop.load_game("quoridor", players=4).new_state()
    assert isinstance(state, QuoridorState)
    assert [state.pawn(s) for s in range(4)] == ["e1", "a5", "e9", "i5"]
    assert [state.goal_name(s) for s in range(4)] == ["row 9", "column i", "row 1", "column a"]
    seats = []
    for move in ("e2", "b5", "e8", "h5", "e3"):
        seats.append(state.to_move)
        state.play(move)
    assert seats == [0, 1, 2, 3, 0]


def test_straight_jump() -> None:
    """A pawn facing another with nothing behind it may jump straight over it
    (docs/rules/quoridor.md §5.2)."""
    assert pawn_moves(position(["e5", "e6"])) == {"d5", "f5", "e4", "e7"}


def test_side_steps_when_a_wall_is_behind() -> None:
    """A wall behind the facing pawn allows the side steps beside it instead
    (docs/rules/quoridor.md §5.3)."""
    assert pawn_moves(position(["e5", "e6"], ["e6h"])) == {"d5", "f5", "e4", "d6", "f6"}


def test_side_step_cut_by_a_wall() -> None:
    """A wall beside the facing pawn cuts off the side step that way
    (docs/rules/quoridor.md §5.3)."""
    assert pawn_moves(position(["e5", "e6"], ["e6h", "d6v"])) == {"d5", "f5", "e4", "f6"}


def test_board_edge_counts_as_a_wall() -> None:
    """The board edge behind the facing pawn counts as a wall; a side step home wins
    (docs/rules/quoridor.md §5.3, §8.1)."""
    state = position(["e8", "e9"])
    assert pawn_moves(state) == {"d8", "f8", "e7", "d9", "f9"}
    for goal in ("d9", "f9"):
        twin = state.copy()
        twin.play(goal)
        outcome = twin.outcome()
        assert outcome is not None and outcome.winners == (0,)
        assert outcome.reason == "goal-reached"


def test_no_jump_through_a_wall() -> None:
    """Pawns with a wall between them do not face each other: no jump
    (docs/rules/quoridor.md §5.1, §5.2)."""
    assert pawn_moves(position(["e5", "e6"], ["e5h"])) == {"d5", "f5", "e4"}


def test_step_blocked_by_a_wall() -> None:
    """A wall beside the pawn blocks the step across it (docs/rules/quoridor.md §5.1)."""
    assert pawn_moves(position(["e5", "e6"], ["e5v"])) == {"d5", "e4", "e7"}


@pytest.mark.parametrize(
    ("wall", "rule"),
    [
        ("d3h", "overlap"),
        ("f3h", "overlap"),
        ("e3v", "cross"),
        ("e3h", "already"),
    ],
)
def test_overlapping_and_crossing_walls_are_illegal(wall: str, rule: str) -> None:
    """A wall may not overlap, cross or repeat one already placed (docs/rules/quoridor.md §6.2)."""
    state = tabletop.load_game("quoridor").new_state()
    state.play("e3h")
    assert wall not in {str(m) for m in state.legal_moves()}
    before = state.copy()
    with pytest.raises(IllegalMoveError, match=rule) as err:
        state.play(wall)
    assert str(err.value).startswith(wall)
    assert state == before


@pytest.mark.parametrize("wall", ["c3h", "g3h", "d3v", "f3v", "e2v", "e4v"])
def test_touching_walls_are_legal(wall: str) -> None:
    """Walls that only touch, end to end or in a T, are legal (docs/rules/quoridor.md §6.2)."""
    state = tabletop.load_game("quoridor").new_state()
    state.play("e3h")
    assert wall in {str(m) for m in state.legal_moves()}
    state.play(wall)
    assert state.history[-1].is_wall  # type: ignore[attr-defined]


def test_wall_stock() -> None:
    """10 walls each with 2 players and 5 with 4, unless the option says otherwise
    (docs/rules/quoridor.md §3.3)."""
    two = tabletop.load_game("quoridor").new_state()
    four = tabletop.load_game("quoridor", players=4).new_state()
    assert isinstance(two, QuoridorState) and isinstance(four, QuoridorState)
    assert [two.walls_left(s) for s in range(2)] == [10, 10]
    assert [four.walls_left(s) for s in range(4)] == [5, 5, 5, 5]
    assert tabletop.load_game("quoridor", players=4).options["walls"] == 5
    assert tabletop.load_game("quoridor", players=4, walls=10).options["walls"] == 10


def test_reaching_the_goal_ends_the_game_at_once() -> None:
    """Reaching the goal side wins at once and nothing more is legal
    (docs/rules/quoridor.md §8.1, §8.2)."""
    state = position(["e8", "a2"], walls_left=[3, 3])
    state.play("e9")
    assert state.is_over() and state.to_move is None
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.returns == (1.0, -1.0)
    assert outcome.reason == "goal-reached"
    assert len(state.legal_actions()) == 0 and state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        state.play("a1h")
    state.undo()
    assert not state.is_over() and state.to_move == 0


def test_four_player_win_gives_the_others_a_third_each() -> None:
    state = position(["e1", "h3", "e9", "i5"], to_move=1)
    state.play("i3")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.returns == pytest.approx((-1 / 3, 1.0, -1 / 3, -1 / 3))
