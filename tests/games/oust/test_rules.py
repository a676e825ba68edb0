"""Turn structure, pass, the pie rule, the move limit, set-up records and error messages."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalMoveError, NotationError

from .helpers import game, names, played, position


def test_capture_gives_the_same_player_another_placement() -> None:
    state = position("a2 b3", "b2 d4", size=4)
    state.play("a3")  # a3 joins a2 and b3 (3 stones) beside b2 (1 stone)
    assert state.stone_at("b2") is None
    assert state.to_move == 0 and state.continues
    assert str(state.history[-1]) == "a3"
    state.play("d1")  # a non-capturing placement ends the turn
    assert state.to_move == 1 and not state.continues


def test_chained_captures_extend_the_turn() -> None:
    state = position("a1 a3 c4", "a2 b4 d3", size=4)
    state.play("b1")  # a1-b1 (2) takes a2 (1)
    assert state.continues and state.to_move == 0
    state.play("a4")  # a3-a4 (2) takes b4 (1)
    assert state.continues and state.to_move == 0
    state.play("d4")  # c4-d4 (2) takes d3, White's last stone
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and state.ply == 3


def test_continuation_without_a_placement_ends_the_turn() -> None:
    # Found by random play on 3x4: b3 takes a4 and c4, and every empty cell then
    # touches Black's stones without a capture.
    state = played("b4 a1 b2 c1 c3 b1 a4 a3 a2 c4", width=3, height=4)
    state.play("b3")
    assert state.stone_counts == (3, 4)
    assert state.to_move == 1 and not state.continues and not state.must_pass
    assert names(state.history)[-1] == "b3"  # no pass is recorded for the ended turn
    state.undo()
    assert state.to_move == 0 and state.stone_counts == (2, 6)


def test_pass_only_when_no_placement_is_legal() -> None:
    state = played("a1", size=3)
    before = state.copy()
    with pytest.raises(IllegalMoveError, match="passing is allowed only when no placement"):
        state.play("pass")
    assert state == before
    assert "pass" not in names(state.legal_moves())


def test_forced_pass() -> None:
    state = played("c2 a3 b3 b1 c3 a2 a1 a3 a2", size=3)
    assert state.to_move == 1 and state.must_pass
    assert names(state.legal_moves()) == ["pass"]
    assert state.legal_actions().tolist() == [9]
    with pytest.raises(IllegalMoveError, match=r"must be larger.*no placement is legal here: pass"):
        state.play("b2")
    state.play("pass")
    assert state.to_move == 0 and not state.must_pass
    assert "b2" in names(state.legal_moves())


def test_nobody_can_place_at_set_up() -> None:
    state = position("a1 b2", "a2 b1", size=2)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "no-placements"


def test_stuck_player_with_placements_for_the_other_must_pass_at_set_up() -> None:
    state = position("a3 b3 c3 a1", "b1 c1 c2 a2", to_move="white", size=3)
    assert state.must_pass or state.legal_moves()  # consistent either way
    if state.must_pass:
        state.play("pass")
        assert state.to_move == 0


def test_no_win_before_the_third_placement() -> None:
    state = played("b2 a1", size=2)
    assert not state.is_over()
    assert state.outcome() is None


def test_max_plies_ends_as_an_unofficial_draw() -> None:
    state = played("a1 c3 e5 a5", size=5, max_plies=4)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "max-plies" and outcome.winners == ()
    with pytest.raises(IllegalMoveError, match="over"):
        state.play("c1")
    state.undo()
    assert not state.is_over()


def test_a_win_on_the_last_allowed_ply_is_a_win() -> None:
    state = played("a1 b1 a2", size=3, max_plies=3)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "all-captured"


class TestPieRule:
    def test_swap_is_offered_once_to_white(self) -> None:
        state = game(size=5, pie=True).new_state()
        assert "swap" not in names(state.legal_moves())
        state.play("c3")
        assert names(state.legal_moves())[-1] == "swap"
        assert state.legal_actions().tolist()[-1] == 26
        state.play("swap")
        assert state.stone_at("c3") == 1  # the stone is White's now
        assert state.to_move == 0 and state.stone_counts == (0, 1)
        assert "swap" not in names(state.legal_moves())
        state.play("a1")
        assert "swap" not in names(state.legal_moves())

    def test_swap_refused_later(self) -> None:
        state = played("c3 a1", size=5, pie=True)
        before = state.copy()
        with pytest.raises(IllegalMoveError, match="swap is only White's answer"):
            state.play("swap")
        assert state == before

    def test_swap_without_the_pie_rule_is_not_notation(self) -> None:
        state = played("c3", size=5)
        with pytest.raises(NotationError, match="pie rule is off"):
            state.play("swap")

    def test_swap_changes_the_hash_and_undoes(self) -> None:
        state = played("c3", size=5, pie=True)
        before = state.copy()
        state.play("swap")
        assert state.zobrist != before.zobrist
        assert state.undo().is_swap
        assert state == before and state.zobrist == before.zobrist

    def test_win_after_a_swap(self) -> None:
        state = played("c3 swap b3 c2", size=5, pie=True)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == (1,)


class TestMessages:
    """Bad input names the rule, quotes the input, and leaves the state unchanged."""

    @pytest.mark.parametrize(
        ("text", "error", "pattern"),
        [
            ("", NotationError, "empty move"),
            ("c", NotationError, "'c' is not a cell"),
            ("3c", NotationError, "'3c' is not a cell"),
            ("z3", NotationError, "'z3': column z is off the 5x5 square board"),
            ("c9", NotationError, "'c9': row 9 is off the 5x5 square board"),
            ("c0", NotationError, "'c0': row 0 is off"),
            ("i3", NotationError, "skip the letter i"),
            ("C3!", NotationError, "'C3!' is not a cell"),
            ("b2", IllegalMoveError, "'b2': the cell is already occupied"),
            ("C2", IllegalMoveError, "'C2': a stone placed beside your own must capture"),
            ("b3", IllegalMoveError, "'b3': a capturing group must be larger than every enemy"),
            ("b3", IllegalMoveError, "of 2 stones touches an equal-size enemy group of 2"),
        ],
    )
    def test_bad_input(self, text: str, error: type[Exception], pattern: str) -> None:
        state = position("b2 a1", "e1 a3 b4 c4", size=5)
        before = state.copy()
        with pytest.raises(error, match=pattern):
            state.play(text)
        assert state == before and state.zobrist == before.zobrist

    def test_larger_enemy_group(self) -> None:
        state = position("a1", "b1 c1 d1", size=5)
        with pytest.raises(IllegalMoveError, match="touches a larger enemy group of 3"):
            state.play("a2")

    def test_hex_off_board(self) -> None:
        state = game(board="hex", side=5).new_state()
        with pytest.raises(NotationError, match=r"'a7': row a of the hex board of side 5 holds"):
            state.play("a7")
        with pytest.raises(NotationError, match="row j is off the hex board of side 5"):
            state.play("j5")

    def test_action_out_of_range(self) -> None:
        state = game(size=3).new_state()
        with pytest.raises(NotationError, match="out of range"):
            state.play(10)


class TestSetUpRecords:
    def test_round_trip(self) -> None:
        state = position("b2", "c1 c2", size=4)
        state.play("d4")
        record = state.to_dict()
        assert record["setup"] == {"black": ["b2"], "white": ["c1", "c2"], "to_move": "black"}
        again = type(state).from_dict(record)
        assert again == state and again.to_dict() == record

    def test_twice_given(self) -> None:
        with pytest.raises(NotationError, match="given twice"):
            position("b2", "B2", size=4)

    def test_bad_record(self) -> None:
        state = played("a1 b1", size=3)
        record = state.to_dict()
        record["moves"].append("a2")
        record["moves"].append("b2")
        with pytest.raises(IllegalMoveError, match="move 4: 'b2': the game is over"):
            type(state).from_dict(record)
