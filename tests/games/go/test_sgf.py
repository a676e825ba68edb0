"""SGF import and export (docs/rules/go.md §8.3: passes, rules, handicap; the round trip)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import IllegalMoveError, NotationError
from tabletop.games.go import GoState
from tabletop.games.go.sgf import load_sgf, read_sgf, write_sgf


def random_game(seed: int, plies: int, **options: object) -> GoState:
    rng = random.Random(seed)
    state = tabletop.load_game("go", **options).new_state()
    assert isinstance(state, GoState)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions().tolist()))
    return state


@pytest.mark.parametrize(
    "options",
    [
        {"size": 9},
        {"size": 13, "rules": "chinese", "handicap": 4},
        {"size": 19, "rules": "aga", "komi": 5.5},
        {"size": 7, "rules": "tromp-taylor"},
        {"size": 21},
    ],
)
def test_round_trip(options: dict[str, object]) -> None:
    state = random_game(7, 150, **options)
    data = write_sgf(state, black="Ada", white="Bob")
    record = read_sgf(data)
    assert record.state == state
    assert (record.black, record.white) == ("Ada", "Bob")
    assert record.warnings == []
    assert write_sgf(record.state, black="Ada", white="Bob") == data


def test_finished_game_writes_its_result() -> None:
    state = tabletop.load_game("go", size=9, rules="chinese").new_state()
    state.play("E5")
    state.play("pass")
    state.play("pass")
    data = write_sgf(state)
    assert b"RE[B+73.5]" in data  # 81 points for Black minus komi 7.5
    assert read_sgf(data).result == "B+73.5"


def test_pass_encodings() -> None:
    """An SGF pass is read from an empty value and from tt (docs/rules/go.md §8.3)."""
    for text in ("(;SZ[9];B[];W[ee];B[tt])", "(;SZ[9];B[tt];W[ee];B[])"):
        record = read_sgf(text)
        assert [str(m) for m in record.state.history] == ["pass", "E5", "pass"]


def test_reads_handicap_komi_rules_players() -> None:
    text = (
        "(;GM[1]FF[4]SZ[19]KM[0.5]HA[2]RU[Chinese]PB[Black Player]PW[White Player]"
        "AB[dp][pd];W[pp];B[dd])"
    )
    record = read_sgf(text)
    game = record.state.game
    assert game.options["handicap"] == 2 and game.options["rules"] == "chinese"
    assert game.options["komi"] == 0.5
    assert [str(m) for m in record.state.history] == ["Q4", "D16"]
    assert record.black == "Black Player"


def test_illegal_move_reported_with_its_number() -> None:
    # Move 3 plays on an occupied point.
    with pytest.raises(IllegalMoveError, match=r"move 3 \(B E5\).*occupied"):
        read_sgf("(;SZ[9];B[ee];W[dd];B[ee])")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "not a valid SGF file"),
        ("(;SZ[9];B[ee]", "not a valid SGF file"),
        ("(;SZ[9];B[zz])", "move 1 is not a point"),
        ("(;SZ[3])", "size=3"),
        ("(;SZ[9]AB[aa])", "a handicap is 2 or more stones"),
        ("(;GM[3]SZ[9])", r"GM\[3\] is not a Go record"),
        ("(;GM[x]SZ[9])", "bad GM property"),
        ("(;SZ[9]KM[inf])", r"KM\[inf\] is not a komi \(infinite\)"),
        ("(;SZ[9]KM[nan])", r"KM\[nan\] is not a komi \(not a number\)"),
        ("(;SZ[9]KM[six])", r"KM\[six\] is not a komi"),
    ],
)
def test_broken_records(text: str, message: str) -> None:
    """One message that starts with where and says what (never wrapped twice)."""
    with pytest.raises(NotationError, match=f"^SGF: .*{message}") as caught:
        read_sgf(text)
    assert str(caught.value).count("SGF:") == 1


def test_same_colour_twice_gets_a_pass() -> None:
    record = read_sgf("(;SZ[9];B[ee];B[dd])")
    assert [str(m) for m in record.state.history] == ["E5", "pass", "D6"]
    assert "pass was inserted" in record.warnings[0]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(NotationError, match="cannot read"):
        load_sgf(tmp_path / "nope.sgf")


def test_free_handicap_round_trips_through_sgf_and_json() -> None:
    record = read_sgf(b"(;SZ[9]KM[0.5]HA[3]AB[aa][bb][cc];W[ee];B[dd])")
    state = record.state
    assert [str(m) for m in state.handicap_stones] == ["A9", "B8", "C7"]
    assert state.ply == 2 and state.to_move == 1
    again = read_sgf(write_sgf(state))
    assert again.state == state
    assert GoState.from_dict(state.to_dict()) == state


#: A real record to damage: handicap, komi, rules, players, moves and a pass.
_RECORD = write_sgf(
    random_game(7, 30, size=9, rules="chinese", handicap=2), black="B", white="W"
).decode()


@settings(max_examples=300)
@given(
    st.integers(0, len(_RECORD)),
    st.integers(0, 8),
    st.text(alphabet="()[];:\\ABKMWSZaeijz019.-\n", max_size=8) | st.text(max_size=4),
)
def test_any_damage_to_an_sgf_file_gets_one_message(where: int, cut: int, insert: str) -> None:
    """A real record with a few characters cut at any place and any text put in: it
    reads, or a NotationError / IllegalMoveError says why, never another exception."""
    damaged = _RECORD[:where] + insert + _RECORD[where + cut :]
    try:
        read_sgf(damaged)
    except (NotationError, IllegalMoveError) as err:
        assert str(err).startswith("SGF: ")


def test_every_property_given_two_values_or_none_gets_one_message() -> None:
    """Each property of a real record doubled (`KM[7][7]`) or emptied (`KM[]`): sgfmill
    refuses several values for a single-valued property, and that refusal must reach
    the user as a warning or one message, never a ValueError (RU[..][..] once did)."""
    for match in re.finditer(r"([A-Z]{1,2})\[([^\]]*)\]", _RECORD):
        for replacement in (f"{match[0]}[{match[2]}]", f"{match[1]}[]", f"{match[0]}[]"):
            damaged = _RECORD[: match.start()] + replacement + _RECORD[match.end() :]
            try:
                read_sgf(damaged)
            except (NotationError, IllegalMoveError) as err:
                assert str(err).startswith("SGF: "), damaged


def test_unreadable_rules_fall_back_to_japanese_with_a_warning() -> None:
    record = read_sgf("(;SZ[9]RU[Chinese][AGA];B[ee])")
    assert record.warnings == ["RU ignored: multiple values; using Japanese rules"]
    assert record.state.game.options["rules"] == "japanese"


def test_unreadable_names_and_result_are_warnings() -> None:
    record = read_sgf("(;SZ[9]PB[Ann][Bob]PW[Cy]RE[B+R][W+R];B[ee])")
    assert record.black is None and record.white == "Cy" and record.result is None
    assert record.warnings == ["RE ignored: multiple values", "PB ignored: multiple values"]
    assert record.state.ply == 1


def test_a_position_of_both_colours_round_trips_through_sgf() -> None:
    """AB/AW/PL: a set-up of both colours (decision record 0108), not a handicap."""
    record = read_sgf(b"(;SZ[9]AB[cc][dd]AW[cd][de]PL[W];W[ee];B[ff])")
    state = record.state
    assert state.setup_position == {
        "black": ["C7", "D6"],
        "white": ["C6", "D5"],
        "to_move": "white",
    }
    assert state.handicap_stones == [] and state.ply == 2
    text = write_sgf(state)
    assert b"PL[W]" in text and b"HA" not in text
    assert read_sgf(text).state == state
    assert GoState.from_dict(state.to_dict()) == state


def test_black_stones_and_a_side_to_move_without_ha_are_a_position() -> None:
    state = read_sgf(b"(;SZ[9]AB[cc]PL[B];B[ee])").state
    assert state.setup_position == {"black": ["C7"], "white": [], "to_move": "black"}
    assert state.ply == 1


def test_a_position_breaking_the_rules_is_named() -> None:
    with pytest.raises(NotationError, match="AB/AW: setup: the chain A9 has no liberty"):
        read_sgf(b"(;SZ[9]AB[aa]AW[ab][ba])")
