"""Rules beyond the QU-* cases: pawns around pawns, the forced pass, messages, the cap."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import IllegalMoveError, NotationError
from tabletop.games.quoridor import QuoridorState

from .helpers import pawn_moves, position

FOUR_IN_A_ROW = ["e5", "e6", "e7", "i5"]  # South faces West's pawn, North's stands behind


def test_side_step_around_a_second_pawn_is_allowed_by_default() -> None:
    state = position(FOUR_IN_A_ROW)
    assert pawn_moves(state) == {"d5", "f5", "e4", "d6", "f6"}


def test_side_step_around_a_second_pawn_can_be_forbidden() -> None:
    state = position(FOUR_IN_A_ROW, side_step_around_pawns=False)
    assert pawn_moves(state) == {"d5", "f5", "e4"}


@pytest.mark.parametrize("allowed", [True, False])
def test_never_a_jump_over_two_pawns(allowed: bool) -> None:
    state = position(FOUR_IN_A_ROW, side_step_around_pawns=allowed)
    before = state.copy()
    with pytest.raises(IllegalMoveError, match="cannot reach"):
        state.play("e8")
    with pytest.raises(IllegalMoveError, match="taken by North"):
        state.play("e7")
    assert state == before


def test_a_square_reached_past_two_pawns_is_one_move() -> None:
    # North's pawn on e6 (wall behind) and East's on f5 (wall behind) both lead to f6.
    state = position(["e5", "a1", "e6", "f5"], ["e6h", "f5v"], to_move=0)
    assert pawn_moves(state) == {"d5", "e4", "d6", "f6", "f4"}
    assert state.legal_actions().tolist() == sorted(set(state.legal_actions().tolist()))


def boxed_in(walls_left: int) -> QuoridorState:
    """South on a1 under wall a1h, East's pawn on b1 and West's behind it on c1."""
    return position(["a1", "c1", "e9", "b1"], ["a1h"], walls_left=[walls_left, 5, 5, 5])


def test_forced_pass_when_the_pawn_cannot_move_and_no_wall_is_left() -> None:
    state = boxed_in(0)
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    state.play("pass")
    assert state.to_move == 1 and state.pawn(0) == "a1"
    assert str(state.undo()) == "pass"


def test_no_pass_while_a_wall_can_be_placed() -> None:
    state = boxed_in(1)
    moves = {str(m) for m in state.legal_moves()}
    assert "pass" not in moves and moves
    before = state.copy()
    with pytest.raises(IllegalMoveError, match="pass only when the pawn cannot move"):
        state.play("pass")
    assert state == before


def test_no_pass_when_the_pawn_can_move() -> None:
    state = tabletop.load_game("quoridor", walls=0).new_state()
    with pytest.raises(IllegalMoveError, match="pass only"):
        state.play("PASS")


SHUT_ROW_ONE = ["a1h", "c1h", "e1h", "g1h"]  # only h1-i1 leads out of row 1


def test_a_wall_may_not_shut_in_the_placer() -> None:
    state = position(["e1", "e9"], SHUT_ROW_ONE)
    assert "h1v" not in {str(m) for m in state.legal_moves()}
    before = state.copy()
    with pytest.raises(IllegalMoveError) as err:
        state.play("h1v")
    assert str(err.value).startswith("h1v: would cut its own pawn off from its goal (row 9)")
    assert state == before


def test_a_wall_may_not_shut_in_an_opponent() -> None:
    state = position(["e1", "e9"], SHUT_ROW_ONE, to_move=1)
    with pytest.raises(IllegalMoveError, match="h1v: would cut South off from its goal"):
        state.play("h1v")


def test_a_wall_that_closes_a_loop_away_from_pawns_is_legal() -> None:
    state = position(["e5", "e9"], SHUT_ROW_ONE)
    assert "h1v" in {str(m) for m in state.legal_moves()}
    state.play("h1v")


@pytest.mark.parametrize(
    ("pawns", "walls", "move", "message"),
    [
        (["e5", "e9"], ["e5h"], "e6", "e6: a wall between e5 and e6 blocks the step"),
        (["e5", "e6"], ["e5h"], "e7", "e7: a wall between e5 and e6 blocks the jump"),
        (["e5", "e6"], ["e6h"], "e7", "e7: a wall behind North's pawn on e6 blocks the jump"),
        (["e5", "e9"], [], "e7", "e7: a pawn moves one square"),
        (["e5", "e9"], [], "f6", "f6: a diagonal move from e5 is only a side step"),
        (["e5", "e9"], [], "e5", "e5: the pawn is already on e5"),
        (["e5", "e9"], [], "a9", "a9: the pawn on e5 cannot reach it in one move"),
    ],
)
def test_illegal_pawn_moves_say_why(
    pawns: list[str], walls: list[str], move: str, message: str
) -> None:
    state = position(pawns, walls)
    before = state.copy()
    with pytest.raises(IllegalMoveError) as err:
        state.play(move)
    assert str(err.value).startswith(message)
    assert state == before


def test_no_walls_left() -> None:
    state = position(["e1", "e9"], walls_left=[0, 10])
    with pytest.raises(IllegalMoveError, match="a1h: South has no walls left"):
        state.play("a1h")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("z9", "'z9' is not a Quoridor move"),
        ("e10", "'e10': row 10 is off the board"),
        ("e0", "'e0': row 0 is off the board"),
        ("i1h", "'i1h': a wall must lie inside the board"),
        ("a9v", "'a9v': a wall must lie inside the board"),
        ("e3x", "'e3x' is not a Quoridor move"),
        ("e²", "'e²' is not a Quoridor move"),
    ],
)
def test_bad_notation_says_why_and_changes_nothing(text: str, message: str) -> None:
    state = tabletop.load_game("quoridor").new_state()
    before = state.copy()
    with pytest.raises(NotationError, match=message):
        state.play(text)
    assert state == before


def test_any_case_and_spaces_on_input() -> None:
    state = tabletop.load_game("quoridor").new_state()
    state.play(" E3H ")
    state.play("E8")
    assert [str(m) for m in state.history] == ["e3h", "e8"]


def test_max_plies_ends_in_an_unofficial_draw() -> None:
    state = tabletop.load_game("quoridor", max_plies=3).new_state()
    for move in ("e2", "e8", "e3"):
        assert not state.is_over()
        state.play(move)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "max-plies" and outcome.winners == ()
    assert outcome.returns == (0.0, 0.0) and state.to_move is None
    assert len(state.legal_actions()) == 0
    state.undo()
    assert not state.is_over()


def test_walls_are_counted_per_player() -> None:
    state = tabletop.load_game("quoridor", walls=1).new_state()
    assert isinstance(state, QuoridorState)
    state.play("a1h")
    assert state.walls_left(0) == 0 and state.walls_left(1) == 1
    state.play("c1h")
    assert not any(m.is_wall for m in state.legal_moves())  # type: ignore[attr-defined]
    state.undo()
    assert state.walls_left(1) == 1


def test_setup_is_kept_in_records() -> None:
    state = position(["e5", "e6"], ["e6h"], to_move=1, walls_left=[4, 2])
    state.play("d6")
    record = state.to_dict()
    assert record["setup"] == {
        "pawns": ["e5", "e6"],
        "walls": ["e6h"],
        "walls_left": [4, 2],
        "to_move": 1,
    }
    again = QuoridorState.from_dict(record)
    assert again == state and again.zobrist == state.zobrist


@pytest.mark.parametrize(
    ("pawns", "walls", "message"),
    [
        (["e5"], [], "2 pawns needed"),
        (["e5", "e5"], [], "two pawns on e5"),
        (["e9", "e1"], [], "already on its goal"),
        (["e5", "e6"], ["e3h", "e3v"], "overlaps or crosses"),
        (["e1", "e9"], [*SHUT_ROW_ONE, "h1v"], "cut South off"),
    ],
)
def test_bad_setups_are_refused(pawns: list[str], walls: list[str], message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        position(pawns, walls, players=2)


def test_text_diagram_shows_pawns_walls_and_walls_left() -> None:
    state = tabletop.load_game("quoridor").new_state()
    for move in ("e3h", "e6v", "a1h"):
        state.play(move)
    lines = str(state).splitlines()
    assert lines[0].split() == list("abcdefghi")
    row4_3 = lines[2 + 2 * (9 - 4) + 1]  # the groove below row 4
    assert row4_3 == "   |                -------            |"
    row7 = lines[2 + 2 * (9 - 7)]
    assert row7.startswith(" 7 | .   .   .   .   . | .")
    assert lines[2 + 2 * (9 - 7) + 1] == "   |                   |               |"
    assert "N" in lines[2] and "S" in lines[2 + 2 * 8]
    assert lines[-1] == (
        "Walls left: South 8, North 9 | last move: South a1h | North to move (goal: row 1)"
    )


def test_a_broken_setup_record_is_a_notation_error() -> None:
    record = {"game": "quoridor", "options": {}, "setup": {"pawns": ["e5", "e6"], "x": 1}}
    with pytest.raises(NotationError, match="setup is a mapping with keys"):
        QuoridorState.from_dict(record)


def test_evaluation_favours_the_pawn_ahead_in_the_race() -> None:
    from tabletop.games.quoridor.evaluation import evaluate

    ahead = position(["e7", "e9"], to_move=1)
    south, north = evaluate(ahead)
    assert south > 0 > north
    done = position(["e8", "a2"])
    done.play("e9")
    assert evaluate(done) == (1.0, -1.0)
