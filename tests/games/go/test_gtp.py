"""The GTP engine: protocol replies, every command, and no crash on any input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.go import GoMove, GoState
from tabletop.games.go.gtp import CLOCK_RESERVE, FIGHT_FACTOR, OPENING_FACTOR, Clock, GtpEngine
from tabletop.games.go.notation import PASS

asked: list[float | None] = []


def first_legal(state: GoState, seconds: float | None) -> GoMove | None:
    """A stand-in player: the first legal point, recording the time it was given."""
    asked.append(seconds)
    move = state.legal_moves()[0]
    assert isinstance(move, GoMove)
    return move


def engine() -> GtpEngine:
    return GtpEngine(first_legal, rules="chinese", size=9, version="1.2")


def reply(e: GtpEngine, line: str) -> str:
    out = e.handle(line)
    assert out is not None and out.endswith("\n\n")
    return out[:-2]


def test_identity_and_command_list() -> None:
    e = engine()
    assert reply(e, "protocol_version") == "= 2"
    assert reply(e, "7 name") == "=7 tabletop"
    assert reply(e, "version") == "= 1.2"
    assert reply(e, "known_command genmove") == "= true"
    assert reply(e, "known_command fly") == "= false"
    listed = reply(e, "list_commands")[2:].split("\n")
    for command in [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "showboard",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "final_score",
        "final_status_list",
        "time_settings",
        "time_left",
        "kgs-genmove_cleanup",
        "loadsgf",
        "printsgf",
        "quit",
    ]:
        assert command in listed
    assert e.handle("   # just a comment") is None
    assert reply(e, "3 quit") == "=3" and e.finished


def test_play_genmove_undo_and_errors() -> None:
    e = engine()
    assert reply(e, "boardsize 9") == "="
    assert reply(e, "play B E5") == "="
    assert reply(e, "play b e5").startswith("? illegal move: E5: the point is already occupied")
    assert reply(e, "genmove white") == "= A1"
    assert reply(e, "undo") == "="
    assert e.state.ply == 1
    assert reply(e, "play w z9").startswith("? invalid coordinate")
    assert reply(e, "play purple e4") == "? invalid color 'purple'"
    assert reply(e, "play b") == "? syntax error: expected play COLOR VERTEX"
    assert reply(e, "boardsize 40") == "? unacceptable size"
    assert reply(e, "frobnicate") == "? unknown command"
    # Out of turn: Black again means White passed.
    assert reply(e, "play b d4") == "="
    assert [str(m) for m in e.state.history] == ["E5", "pass", "D4"]


def test_komi_handicap_and_score() -> None:
    e = engine()
    reply(e, "komi 6")
    assert e.state.game.settings.komi == 6.0
    assert reply(e, "fixed_handicap 3") == "= C3 C7 G7"
    assert reply(e, "fixed_handicap 2") == "? board not empty"
    assert e.state.to_move == 1
    reply(e, "clear_board")
    assert reply(e, "set_free_handicap A1 B2 C3") == "="
    assert [str(m) for m in e.state.handicap_stones] == ["A1", "B2", "C3"]
    reply(e, "clear_board")
    stones = reply(e, "place_free_handicap 5")[2:].split()
    assert len(stones) == 5
    assert reply(e, "final_score").startswith("= B+")
    assert reply(e, "final_status_list dead") == "="
    assert len(reply(e, "final_status_list alive")[2:].split()) == 5


def test_final_score_and_status_use_the_dead_stone_estimate() -> None:
    def a1_is_dead(state: GoState) -> list[str]:
        return ["A1"] if state.stone_at(0, 0) is not None else []

    plain, estimating = engine(), GtpEngine(first_legal, size=9, dead_stones=a1_is_dead)
    for e in (plain, estimating):
        for line in ("komi 0.5", "play b E5", "play w A1", "play b pass", "play w pass"):
            assert reply(e, line) == "="
    # Every stone alive: one each, no territory. A1 dead: the whole board is Black's.
    assert reply(plain, "final_score") == "= W+0.5"
    assert reply(plain, "final_status_list dead") == "="
    assert reply(estimating, "final_score") == "= B+80.5"
    assert reply(estimating, "final_status_list dead") == "= A1"
    assert reply(estimating, "final_status_list alive") == "= E5"


def test_final_status_of_issue_7s_lone_stones_uses_the_match_proposal() -> None:
    from tabletop.play.match import default_dead_proposal

    from .helpers import LONE_STONES_BLACK, LONE_STONES_WHITE

    e = GtpEngine(first_legal, rules="chinese", size=9, dead_stones=default_dead_proposal_0)
    assert reply(e, "komi 7") == "="
    for b, w in zip(LONE_STONES_BLACK, LONE_STONES_WHITE, strict=True):
        assert reply(e, f"play b {b}") == reply(e, f"play w {w}") == "="
    assert reply(e, "play b pass") == reply(e, "play w pass") == "="
    assert reply(e, "final_status_list dead") == "= B5 H5"
    assert reply(e, "final_score") == "= W+7"
    assert default_dead_proposal(e.state, 5) == ["B5", "H5"]


def default_dead_proposal_0(state: GoState) -> list[str]:
    from tabletop.play.match import default_dead_proposal

    return default_dead_proposal(state, 0)


def test_cleanup_takes_dead_stones_rather_than_pass() -> None:
    def passes(state: GoState, seconds: float | None) -> GoMove | None:
        return PASS

    def a1_is_dead(state: GoState) -> list[str]:
        return ["A1"] if state.stone_at(0, 0) == 1 else []

    e = GtpEngine(passes, size=9, dead_stones=a1_is_dead)
    for line in ("play b E5", "play w A1"):
        reply(e, line)
    assert reply(e, "genmove b") == "= pass"  # plain genmove: the player's own choice
    reply(e, "undo")
    assert reply(e, "kgs-genmove_cleanup b") in ("= A2", "= B1")
    reply(e, "play w pass")
    assert reply(e, "kgs-genmove_cleanup b") in ("= A2", "= B1")  # A1 is captured
    assert e.state.stone_at(0, 0) is None
    assert reply(e, "play w pass") == "="
    assert reply(e, "kgs-genmove_cleanup b") == "= pass"  # nothing dead is left


def test_numbers_that_mean_nothing_are_refused_and_change_nothing() -> None:
    e = engine()
    reply(e, "komi 6")
    assert reply(e, "komi inf") == "? syntax error: komi must be a finite number, not 'inf'"
    assert reply(e, "komi 1e999").startswith("? syntax error: komi must be a finite")
    assert reply(e, "komi six") == "? syntax error: komi is a number, not 'six'"
    assert e.state.game.settings.komi == 6.0
    assert reply(e, "time_settings nan 10 5").startswith("? syntax error: main time must be")
    assert reply(e, "time_settings 60 -1 5").startswith("? syntax error: time_settings takes")
    assert reply(e, "time_left b 30 ²").startswith("? syntax error: time_left's stones")
    asked.clear()
    reply(e, "genmove b")
    assert asked == [None]  # still no clock


def test_time_controls_give_the_player_a_budget() -> None:
    e = engine()
    asked.clear()
    reply(e, "genmove b")
    assert asked == [None]
    reply(e, "time_settings 60 10 5")
    reply(e, "time_left w 30 0")
    reply(e, "genmove w")
    assert asked[-1] is not None and 0.1 <= asked[-1] <= 15
    reply(e, "time_left b 10 5")
    reply(e, "genmove b")
    # An empty board, and a fight: the test player's first stones sit in a corner, two
    # liberties each.
    assert asked[-1] == pytest.approx(0.8 * 10 / 5 * OPENING_FACTOR * FIGHT_FACTOR)


def test_byo_yomi_alone_is_a_period_from_the_first_move() -> None:
    # The strength benchmark's clock: no main time, 3 s for every move.
    e = engine()
    reply(e, "time_settings 0 3 1")
    asked.clear()
    reply(e, "genmove b")
    assert asked == [pytest.approx(3 - CLOCK_RESERVE)]


def test_a_periods_last_stone_takes_all_of_it_but_the_reserve() -> None:
    # Time a period's last stone leaves is lost when the period starts again, so a quiet
    # middle-game move gets as long as an opening one.
    clock = Clock(0, 3, 1, {"b": (3.0, 1)})
    assert clock.budget("b", 200, 361) == pytest.approx(3 - CLOCK_RESERVE)
    assert clock.budget("b", 300, 361, fight=True) == pytest.approx(3 - CLOCK_RESERVE)
    two = Clock(0, 6, 2, {"b": (6.0, 2)})
    assert two.budget("b", 200, 361) == pytest.approx(0.8 * 6 / 2)


def test_the_opening_and_a_fight_get_longer_than_a_quiet_middle_game() -> None:
    clock = Clock(600, 0, 0, {"b": (300.0, 0)})
    quiet = clock.budget("b", 200, 361)
    # 200 empty points of 240 are an opening (over 80% of the board empty).
    assert clock.budget("b", 200, 240) == pytest.approx(quiet * OPENING_FACTOR)
    assert clock.budget("b", 200, 361, fight=True) == pytest.approx(quiet * FIGHT_FACTOR)


@settings(max_examples=200)
@given(
    main=st.floats(0, 3600),
    byo=st.floats(0, 60),
    stones=st.integers(0, 25),
    left=st.floats(0.5, 3600),
    left_stones=st.integers(0, 25),
    empty=st.integers(0, 361),
    fight=st.booleans(),
)
def test_a_budget_never_overruns_the_clock(
    main: float, byo: float, stones: int, left: float, left_stones: int, empty: int, fight: bool
) -> None:
    clock = Clock(main, byo, stones, {"w": (left, left_stones)})
    budget = clock.budget("w", empty, 361, fight)
    if main == 0 and byo == 0:
        assert budget is None
        return
    assert budget is not None
    if left_stones > 0:  # a byo-yomi period: every stone of it keeps its reserve
        assert budget <= max(0.1, left - CLOCK_RESERVE * left_stones) + 1e-9
    else:  # main time: at most half of it, or the byo-yomi that follows less the reserve
        assert budget <= max(0.1, 0.5 * left, 0.8 * byo / max(1, stones)) + 1e-9


def test_loadsgf_and_printsgf(tmp_path: Path) -> None:
    path = tmp_path / "g.sgf"
    path.write_text("(;SZ[9]KM[7.5]RU[Chinese];B[ee];W[dd];B[cc])")
    e = engine()
    assert reply(e, f"loadsgf {path} 3") == "="
    assert e.state.ply == 2
    assert "W[dd]" in reply(e, "printsgf")
    assert reply(e, f"loadsgf {tmp_path / 'missing.sgf'}").endswith(
        "cannot read the file (No such file or directory)"
    )


def test_run_answers_until_quit() -> None:
    out = io.StringIO()
    engine().run(["name\n", "quit\n", "name\n"], out)
    assert out.getvalue() == "= tabletop\n\n=\n\n"


def test_run_answers_a_bug_with_an_error_and_goes_on() -> None:
    def broken(state: GoState, seconds: float | None) -> GoMove | None:
        raise RuntimeError("the search fell over")

    out = io.StringIO()
    GtpEngine(broken, size=9).run(["7 genmove b\n", "8 name\n"], out)
    assert out.getvalue() == (
        "?7 internal error: RuntimeError: the search fell over\n\n=8 tabletop\n\n"
    )


@settings(max_examples=200)
@given(st.text(max_size=40))
def test_any_input_gets_a_reply_not_a_crash(line: str) -> None:
    e = engine()
    out = e.handle(line)
    assert out is None or out[0] in "=?"


#: Edge arguments: numbers of every shape (GTP's are integers and floats, but a broken
#: or hostile controller sends anything), colours, vertices and words.
EDGE_ARGUMENTS = [
    *("inf", "-inf", "nan", "1e999", "-1", "0", "2", "9", "26", "7.5", "-0.5", "1e9"),
    *("b", "w", "white", "x", "D4", "J9", "Z99", "pass", "", "/", "/dev/null"),
]


@pytest.mark.parametrize("command", sorted(engine().commands))
def test_every_command_with_edge_arguments_gets_a_reply(command: str) -> None:
    """Each command with each edge argument in each of its first three places."""
    for place in range(3):
        for arg in EDGE_ARGUMENTS:
            e = engine()
            args = ["b", "D4", "5"]
            args[place] = arg
            for count in (place + 1, 3):
                out = e.handle(" ".join([command, *args[:count]]))
                assert out is not None and out[0] in "=?", (command, args[:count], out)


@settings(max_examples=200)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(sorted(engine().commands)),
            st.lists(st.one_of(st.sampled_from(EDGE_ARGUMENTS), st.text(max_size=6)), max_size=4),
        ),
        max_size=8,
    )
)
def test_any_command_sequence_gets_replies_not_a_crash(
    lines: list[tuple[str, list[str]]],
) -> None:
    """Known commands with arguments of every shape, in sequence on one engine."""
    e = engine()
    for command, args in lines:
        out = e.handle(" ".join([command, *args]))
        assert out is not None and out[0] in "=?", (command, args, out)
