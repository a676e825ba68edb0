"""Go's rules (docs/rules/go.md §3-§6) case by case, and the rule options of its §7."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import IllegalMoveError, NotationError, OptionError
from tabletop.games.go import GoMove, GoState

from .helpers import position


def stones(state: GoState, color: int) -> set[str]:
    n = state.game.size
    return {str(GoMove(c, r)) for c in range(n) for r in range(n) if state.stone_at(c, r) == color}


@pytest.mark.parametrize(("size", "count"), [(9, 81), (13, 169), (19, 361)])
def test_empty_board_moves(size: int, count: int) -> None:
    """On an empty board every point and the pass are legal (docs/rules/go.md §3.1, §10.1)."""
    state = tabletop.load_game("go", size=size).new_state()
    moves = state.legal_moves()
    assert len(moves) == count + 1
    assert GoMove() in moves


def test_suicide_is_illegal() -> None:
    """A stone left without liberties that captures nothing is refused (docs/rules/go.md §3.4)."""
    state = position(white="A2 B1")
    before = state.copy()
    with pytest.raises(IllegalMoveError, match="suicide"):
        state.play("A1")
    assert state == before


def test_capture_that_frees_liberties() -> None:
    """A stone on a point without liberties is legal when it captures
    (docs/rules/go.md §3.3, §3.4)."""
    state = position(black="A3 B2 C1", white="A2 B1")
    state.play("A1")
    assert stones(state, 1) == set()
    assert state.prisoners == (2, 0)
    assert state.chain_at("A1") == [GoMove(0, 0)]
    assert state.liberties("A1") == [GoMove(0, 1), GoMove(1, 0)]  # A2 and B1


def test_ko() -> None:
    """A ko may not be retaken at once, only after an exchange elsewhere (docs/rules/go.md §3.5)."""
    state = position(black="D5 C4 D3", white="E5 F4 E3 D4")
    state.play("E4")  # captures D4
    assert state.prisoners == (1, 0)
    with pytest.raises(IllegalMoveError, match="ko"):
        state.play("D4")
    state.play("J9")
    state.play("J1")
    state.play("D4")  # legal now, captures E4
    assert state.prisoners == (1, 1)
    with pytest.raises(IllegalMoveError, match="ko"):
        state.play("E4")


def test_snapback() -> None:
    """A snapback is not a ko: the retake captures several stones and is legal
    (docs/rules/go.md §3.5)."""
    state = position(black="A3 B2 B1", white="A4 B3 C2 C1", to_move="white")
    state.play("A1")
    state.play("A2")  # captures A1
    assert state.prisoners == (1, 0)
    state.play("A1")  # not ko: captures four
    assert state.prisoners == (1, 4)
    assert stones(state, 0) == set()


def test_no_obligation_to_save_a_stone_in_atari() -> None:
    """A player may leave a stone in atari and play elsewhere (docs/rules/go.md §3.8)."""
    state = position(black="E5", white="D5 F5 E6")
    state.play("A9")
    assert state.history[-1] == state.parse_move("A9")


def test_two_point_eye() -> None:
    """A first stone in a two-point eye is legal; filling the eye is suicide
    (docs/rules/go.md §3.4, §3.9)."""
    state = position(black="B3 C4 D4 E3 C2 D2", to_move="white")
    state.play("C3")
    state.play("A9")
    with pytest.raises(IllegalMoveError, match="suicide"):
        state.play("D3")


def test_two_consecutive_passes_end_play() -> None:
    """Only two passes in a row end play; a move between them does not (docs/rules/go.md §4.1)."""
    state = tabletop.load_game("go", size=9).new_state()
    state.play("pass")
    state.play("E5")
    state.play("pass")
    assert not state.is_over()
    state.play("pass")
    assert state.is_over()
    assert state.outcome() is not None


HANDICAP_19 = {
    2: "D4 Q16",
    3: "D4 Q16 D16",
    4: "D4 Q16 D16 Q4",
    5: "D4 Q16 D16 Q4 K10",
    6: "D4 Q16 D16 Q4 D10 Q10",
    7: "D4 Q16 D16 Q4 D10 Q10 K10",
    8: "D4 Q16 D16 Q4 D10 Q10 K4 K16",
    9: "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
}


@pytest.mark.parametrize("count", range(2, 10))
def test_handicap_19(count: int) -> None:
    """Fixed handicap stones on 19x19 go on GTP's points in GTP's order (docs/rules/go.md §6.1)."""
    state = tabletop.load_game("go", size=19, handicap=count).new_state()
    assert stones(state, 0) == set(HANDICAP_19[count].split())


@pytest.mark.parametrize(
    ("size", "nine"),
    [(13, "D4 K10 D10 K4 G7 D7 K7 G4 G10"), (9, "C3 G7 C7 G3 E5 C5 G5 E3 E7")],
)
def test_handicap_13_and_9(size: int, nine: str) -> None:
    """Fixed handicap on 13x13 and 9x9 follows the pattern of 19x19 (docs/rules/go.md §6.1)."""
    # Same pattern as 19x19: map each 19x19 point to the smaller board's point.
    full = tabletop.load_game("go", size=size, handicap=9).new_state()
    assert stones(full, 0) == set(nine.split())
    names = nine.split()
    lo, hi, mid = names[0][0], names[1][0], names[4][0]
    low_row, high_row, mid_row = names[0][1:], names[1][1:], names[4][1:]
    translate = {"D": lo, "Q": hi, "K": mid, "4": low_row, "16": high_row, "10": mid_row}
    for count, points in HANDICAP_19.items():
        expected = {translate[p[0]] + translate[p[1:]] for p in points.split()}
        state = tabletop.load_game("go", size=size, handicap=count).new_state()
        assert stones(state, 0) == expected, count


def test_white_moves_after_handicap() -> None:
    """After the handicap stones White moves first, and komi is 0.5
    (docs/rules/go.md §5.3, §6.1)."""
    state = tabletop.load_game("go", size=19, handicap=4).new_state()
    assert state.to_move == 1
    assert state.game.options["komi"] == 0.5


def test_default_komi() -> None:
    """Komi is 6.5 under Japanese rules and 7.5 under the area rule sets
    (docs/rules/go.md §5.3, §7.1)."""
    assert tabletop.load_game("go").options["komi"] == 6.5
    assert tabletop.load_game("go", rules="chinese").options["komi"] == 7.5
    assert tabletop.load_game("go", rules="tromp-taylor").options["komi"] == 7.5


# -- rule options ---------------------------------------------------------------------


def test_presets_and_parts() -> None:
    game = tabletop.load_game("go", rules="aga")
    assert game.options["ko"] == "situational" and game.options["scoring"] == "area"
    mixed = tabletop.load_game("go", rules="japanese", scoring="area", komi=5)
    assert mixed.options["scoring"] == "area" and mixed.options["komi"] == 5.0
    assert mixed.options["ko"] == "simple"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 4}, "size"),
        ({"size": 26}, "size"),
        ({"rules": "ing"}, "rules"),
        ({"komi": 6.3}, "half"),
        ({"handicap": 1}, "handicap"),
        ({"handicap": 3, "size": 11}, "9x9, 13x13"),
        ({"colour": "red"}, "valid options"),
        ({"size": "big"}, "whole number"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        tabletop.load_game("go", **options)


def test_multi_stone_suicide_only_under_tromp_taylor() -> None:
    # A real multi-stone suicide: Black A1 B1 inside White A2 B2 C1; Black plays ... none left.
    base = {"black": "A1", "white": "A2 B2 C1", "size": 5}
    forbidden = position(**base)
    with pytest.raises(IllegalMoveError, match="suicide"):
        forbidden.play("B1")
    allowed = position(**base, rules="tromp-taylor")
    allowed.play("B1")
    assert allowed.stone_at(0, 0) is None and allowed.stone_at(1, 0) is None
    assert allowed.prisoners == (0, 2)
    # A lone stone's suicide stays illegal under every rule set.
    lone = position(white="A2 B1", size=5, rules="tromp-taylor")
    with pytest.raises(IllegalMoveError, match="suicide"):
        lone.play("A1")


def _ko_shape(row: int, black_takes: bool) -> tuple[list[str], list[str]]:
    """A ko on columns C-F centred on ``row``: the taker captures by playing E<row>."""
    taker = [f"D{row + 1}", f"C{row}", f"D{row - 1}"]
    victim = [f"E{row + 1}", f"F{row}", f"E{row - 1}", f"D{row}"]
    return (taker, victim) if black_takes else (victim, taker)


def triple_ko(**options: object) -> GoState:
    """Three kos on 9x9 (rows 2, 5, 8): the classic long cycle."""
    shapes = [_ko_shape(2, True), _ko_shape(5, False), _ko_shape(8, True)]
    black = " ".join(p for b, _ in shapes for p in b)
    white = " ".join(p for _, w in shapes for p in w)
    return position(black=black, white=white, **options)


TRIPLE_KO_CYCLE = ["E2", "E5", "E8", "D2", "D5", "D8"]


def test_cycle_rule_ends_triple_ko_without_result() -> None:
    state = triple_ko()
    for _ in range(2):
        for move in TRIPLE_KO_CYCLE:
            assert not state.is_over()
            prisoners = sum(state.prisoners)
            state.play(move)
            assert sum(state.prisoners) == prisoners + 1, "every move of the cycle captures"
    # The position after the last retake is the start position for the third time.
    assert state.is_over() and state.end_reason == "cycle"
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "cycle"
    assert outcome.winners == () and outcome.returns == (0.0, 0.0)
    state.undo()
    assert not state.is_over()


@pytest.mark.parametrize("rules", ["tromp-taylor", "aga"])
def test_superko_forbids_the_cycle(rules: str) -> None:
    state = triple_ko(rules=rules)
    for move in TRIPLE_KO_CYCLE[:-1]:
        state.play(move)
    before = state.copy()
    # D8 would recreate the set-up position (with Black to move again), which
    # positional and situational superko both forbid and simple ko allows.
    with pytest.raises(IllegalMoveError, match="superko"):
        state.play("D8")
    assert state == before
    assert "D8" not in {str(m) for m in state.legal_moves()}
    simple = triple_ko()
    for move in TRIPLE_KO_CYCLE:
        simple.play(move)


def test_notation_errors_quote_the_input() -> None:
    state = tabletop.load_game("go", size=9).new_state()
    for text, message in [
        ("K5", "column K is off the 9x9 board"),
        ("A10", "row 10 is off"),
        ("I5", "skip the letter I"),
        ("hello", "'hello' is not a Go move"),
        ("", "empty move"),
    ]:
        with pytest.raises(NotationError, match=message):
            state.play(text)
    assert state.ply == 0


def test_occupied_point() -> None:
    state = position(black="E5", to_move="white")
    with pytest.raises(IllegalMoveError, match="occupied"):
        state.play("E5")


def test_play_resumes_after_a_dead_stone_disagreement() -> None:
    state = tabletop.load_game("go", size=9).new_state()
    assert isinstance(state, GoState)
    for move in ("E5", "pass", "pass"):
        state.play(move)
    assert state.end_reason == "score"
    state.toggle_dead("E5")
    state.resume()
    assert not state.is_over() and state.dead_stones == []
    assert state.to_move == 1  # Black passed last, so White plays on
    state.play("D4")
    state.play("pass")
    assert not state.is_over()  # the passes before the resumption do not count
    state.play("pass")
    assert state.end_reason == "score"
    # The record keeps the resumption and replays it.
    rebuilt = GoState.from_dict(state.to_dict())
    assert rebuilt == state and rebuilt.to_dict()["resumed"] == [3]
    # Undo back over the resumption: the two passes end play again.
    while state.ply > 3:
        state.undo()
    assert not state.is_over()
    state.undo()
    state.play("pass")
    assert state.end_reason == "score"
    with pytest.raises(IllegalMoveError, match="only after two passes"):
        tabletop.load_game("go", size=9).new_state().resume()  # type: ignore[attr-defined]


def test_sgf_moves_after_two_passes_resume_play() -> None:
    from tabletop.games.go.sgf import read_sgf, write_sgf

    record = read_sgf(b"(;SZ[9]KM[6.5];B[ee];W[];B[];W[dd];B[cc])")
    assert record.state.ply == 5 and not record.state.is_over()
    again = read_sgf(write_sgf(record.state))
    assert again.state == record.state
