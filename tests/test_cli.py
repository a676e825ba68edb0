"""The command line and the terminal game, driven with scripted input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.cli import main
from tabletop.games.go.sgf import load_sgf
from tabletop.terminal import TerminalGame

from .terminal_script import scripted as script_terminal


def scripted(lines: list[str]) -> tuple[TerminalGame, list[str]]:
    return script_terminal(tabletop.load_game("go", size=5, rules="japanese", komi=0.5), lines)


def test_bad_input_is_one_line_and_changes_nothing() -> None:
    term, out = scripted(["C3", "C3", "Z9", "I2", "undo", "undo", "undo"])
    term.run()
    errors = [line for line in out if line.startswith("error:")]
    assert errors == [
        "error: C3: the point is already occupied",
        "error: 'Z9': column Z is off the 5x5 board (A..E)",
        "error: 'I2': Go coordinates skip the letter I (H is followed by J)",
        "error: nothing to undo",
        "error: nothing to undo",
    ]
    assert term.state.ply == 0


def test_passes_then_dead_stones_and_score() -> None:
    moves = ["B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5", "pass", "A5"]
    term, out = scripted([*moves, "pass", "pass", "A5", "A5", "done"])
    outcome = term.run()
    assert outcome is not None and outcome.reason == "score"
    text = "\n".join(out)
    # The estimator proposes White's A5 dead; toggling it twice comes back to that.
    assert "Proposed dead (from playouts): A5" in text
    assert "1 stone(s) at A5 marked alive" in text
    assert "1 stone(s) at A5 marked dead" in text
    assert "Black: 5 territory + 0 prisoners + 1 dead + 0.0 komi = 6.0" in text
    assert "White: 5 territory + 0 prisoners + 0 dead + 0.5 komi = 5.5" in text
    assert "Result: B+0.5" in text and "Winner: Black" in text


def test_resign_and_save(tmp_path: Path) -> None:
    target = tmp_path / "game.sgf"
    term, out = scripted(["C3", f"save {target}", "resign"])
    outcome = term.run()
    assert outcome is not None and outcome.reason == "resignation" and outcome.winners == (0,)
    assert "White resigns." in out
    assert [str(m) for m in load_sgf(target).state.history] == ["C3"]


def test_save_picks_the_format_by_the_file_suffix(tmp_path: Path) -> None:
    as_json, as_sgf = tmp_path / "game.json", tmp_path / "game.sgf"
    term, _ = scripted(["C3", f"save {as_json}", f"save {as_sgf}", "quit"])
    term.run()
    assert json.loads(as_json.read_text())["game"] == "go"
    assert as_sgf.read_text().startswith("(;")
    # A game without its own formats writes JSON whatever the name says.
    other = tmp_path / "abalone.sgf"
    term, _ = script_terminal(tabletop.load_game("abalone"), [f"save {other}", "quit"])
    term.run()
    assert json.loads(other.read_text())["game"] == "abalone"


def test_load_prints_what_the_lenient_reader_mended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sgf_file = tmp_path / "twice.sgf"
    sgf_file.write_text("(;SZ[9];B[ee];B[dd])")
    monkeypatch.setattr("builtins.input", lambda _: "quit")
    assert main(["play", "go", "--load", str(sgf_file)]) == 0
    assert "B moved twice; a pass was inserted" in capsys.readouterr().out


def test_undo_against_the_computer_takes_back_both_moves() -> None:
    it = iter(["C3", "undo", "quit"])
    out: list[str] = []
    game = tabletop.load_game("go", size=5)
    term = TerminalGame(game, ["human", "ai:1"], read=lambda _: next(it), write=out.append)
    term.run()
    assert term.state.ply == 0
    assert any("(computer) plays" in line for line in out)


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "go", "--size", "4"]) == 2
    assert main(["play", "go", "--colour", "red"]) == 2
    assert main(["play", "chess"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[:2] == [
        "tabletop: error: option size='4': allowed values are int from 5 to 25",
        "tabletop: error: go has no option 'colour'; valid options: handicap, handicap_bonus, "
        "ko, komi, rules, scoring, seki, size, suicide",
    ]
    known = ", ".join(info.name for info in tabletop.list_games())
    assert err[2:] == [f"tabletop: error: unknown game 'chess'; known games: {known}"]


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["--pie", "--size", "4"], "width=4, height=4, side=None, pie=True"),
        (["--size", "4", "--pie"], "pie=True"),
        (["--size=4", "--pie", "false"], "pie=False"),
    ],
)
def test_a_yes_no_option_may_stand_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], shown: str
) -> None:
    monkeypatch.setattr("builtins.input", lambda _: "quit")
    assert main(["play", "oust", *argv]) == 0
    assert shown in capsys.readouterr().out


def test_other_options_need_their_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "oust", "--size", "--pie"]) == 2
    assert "option --size needs a value" in capsys.readouterr().err


def test_cli_lists_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "--handicap" in capsys.readouterr().out


def test_cli_plays_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = iter(["E5", "quit"])
    monkeypatch.setattr("builtins.input", lambda _: next(lines))
    assert main(["play", "go", "--size", "9", "--rules", "chinese", "--handicap", "4"]) == 0
    out = capsys.readouterr().out
    assert "handicap=4" in out and "last move: White E5" in out


def test_load_continues_a_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sgf_file = tmp_path / "g.sgf"
    sgf_file.write_text("(;SZ[9]KM[7.5]RU[Chinese];B[ee];W[dd])")
    json_file = tmp_path / "g.json"
    state = tabletop.load_game("go", size=7).new_state()
    state.play("D4")
    json_file.write_text(__import__("json").dumps(state.to_dict()))
    lines = iter(["quit", "quit"])
    monkeypatch.setattr("builtins.input", lambda _: next(lines))
    assert main(["play", "go", "--load", str(sgf_file)]) == 0
    assert "last move: White D6" in capsys.readouterr().out
    assert main(["play", "go", "--load", str(json_file)]) == 0
    assert "last move: Black D4" in capsys.readouterr().out


def test_load_prints_each_warning_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sgf_file = tmp_path / "odd.sgf"
    sgf_file.write_text("(;SZ[9]RU[Klingon];B[ee])")
    monkeypatch.setattr("builtins.input", lambda _: "quit")
    assert main(["play", "go", "--load", str(sgf_file)]) == 0
    out = capsys.readouterr().out
    assert f"warning: {sgf_file}: RU[Klingon] is not a known rule set" in out
    assert "last move: Black E5" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("(;SZ[9];B[ee];W[ee])", "move 2 (W E5): E5: the point is already occupied"),
        ("(;SZ[9];B[ee]", "not a valid SGF file"),
        ('{"game": "go", "options": {"komi": NaN}}', "NaN is not a number JSON allows"),
        ('{"game": "go", "options": {"sizes": 9}}', "go has no option 'sizes'"),
        ('{"game": "oust", "setup": {"black": 5}}', "setup: black must be a list of names"),
    ],
)
def test_load_broken_record_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / ("bad.json" if content.startswith("{") else "bad.sgf")
    path.write_text(content)
    assert main(["play", "go", "--load", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and str(path) in err[0]


def test_cli_plays_abalone_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = iter(["a1b2", "e5e6", "c3c5c4", "quit"])
    monkeypatch.setattr("builtins.input", lambda _: next(lines))
    assert main(["play", "abalone", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "Team tallies: A 0, B 0" in out
    assert "e5e6: there is no marble on e5" in out
    assert "runs along the line" in out
    assert "Traceback" not in out


def test_gtp_command_runs_an_engine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("boardsize 5\ngenmove b\nbogus\nquit\n"))
    assert main(["gtp", "--playouts", "30", "--seed", "1"]) == 0
    replies = capsys.readouterr().out.split("\n\n")
    assert replies[0] == "="
    assert replies[1].startswith("= ")
    assert replies[2] == "? unknown command"
    assert replies[3] == "="


def test_match_ladder_prints_an_elo_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "match --ladder oust --width 3 --height 3 --levels 1-2 --games 2 --seed 1"
    code = main(argv.split())
    assert code == 0
    out = capsys.readouterr().out
    assert "ladder, 2 games per rung" in out
    assert out.splitlines()[-1].split()[0] == "2"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["match", "--ladder", "oust", "--levels", "3-3"], "--levels '3-3': expected A-B"),
        (["match", "--ladder", "oust", "--levels", "x"], "--levels 'x': expected two levels"),
        (["match", "oust"], "match needs --agents (2 to 4) or --ladder"),
        (["match", "--ladder", "oust", "--agents", "random", "random"], "drop --agents"),
        (["gtp", "--level", "11"], "level 11: must be 1 to 10"),
        (["gtp", "--level", "3", "--seconds", "1"], "drop --seconds/--playouts"),
        (["gtp", "--seconds", "nan"], "budget seconds=nan: must be positive and finite"),
        (["match", "oust", "--agents", "random", "random", "--max-plies", "0"], "at least 1"),
        (["match", "oust", "--agents", "random", "random", "--jobs", "2"], "goes with --ladder"),
        (["match", "oust", "--agents", "random", "random", "--report"], "goes with --ladder"),
        (["match", "oust", "--ladder", "--playouts", "5"], "drop --seconds/--playouts"),
        (["match", "oust", "--agents", "random", "random", "--records", "/proc/x"], "cannot write"),
        (["match", "oust", "--ladder", "--records", "/nonexistent", "--report"], "no such folder"),
        (["match", "oust", "--ladder", "--ledger", "/none.jsonl", "--report"], "no such file"),
        (["match", "oust", "--ladder", "--ledger", "/proc"], "--ledger /proc: a folder"),
        (["match", "oust", "--ladder", "--ledger", "/proc/x/y.jsonl"], "cannot write"),
        (["match", "oust", "--ladder", "--report"], "--records DIR or --ledger FILE"),
        (["match", "oust", "--ladder", "--games", "5", "--first", "5"], "--first 5: expected"),
        (["match", "oust", "--ladder", "--first", "-1"], "--first -1: expected"),
        (["match", "oust", "--agents", "random", "random", "--ledger", "x"], "--ledger goes with"),
        (["match", "oust", "--agents", "random", "random", "--first", "2"], "--first goes with"),
    ],
)
def test_bad_match_and_gtp_arguments_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_gtp_level_plays_a_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("boardsize 5\ngenmove b\nquit\n"))
    assert main(["gtp", "--level", "1", "--seed", "2"]) == 0
    replies = capsys.readouterr().out.split("\n\n")
    assert replies[1].startswith("= ") and len(replies[1]) > 2


def test_gtp_counts_the_stones_the_playouts_find_dead(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    # A white stone alone in the corner of Black's wall on 5x5: dead in every playout.
    moves = ["b C1", "w A1", "b C2", "w pass", "b B3", "w pass", "b A3", "w pass", "b pass"]
    commands = ["boardsize 5", "komi 0.5", *(f"play {m}" for m in moves)]
    commands += ["final_status_list dead", "final_score", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(commands) + "\n"))
    assert main(["gtp", "--playouts", "30", "--seed", "1"]) == 0
    replies = capsys.readouterr().out.split("\n\n")
    assert replies[: len(commands) - 3] == ["="] * (len(commands) - 3)
    assert replies[-4:-1] == ["= A1", "= B+24.5", "="]  # 25 points for Black, komi 0.5


#: Issue 7's position: walls D1-D9 (Black) and F1-F9 (White), Black H5 alone in White's
#: area, White B5 alone in Black's; 9x9, Chinese rules, komi 7.
LONE_STONES = [move for row in range(1, 10) for move in (f"D{row}", f"F{row}")] + ["H5", "B5"]


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_gtp_finds_issue_7s_lone_stones_dead(
    seed: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    moves = [f"{'bw'[i % 2]} {m}" for i, m in enumerate([*LONE_STONES, "pass", "pass"])]
    commands = ["boardsize 9", "komi 7", *(f"play {m}" for m in moves)]
    commands += ["final_status_list dead", "final_score", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(commands) + "\n"))
    assert main(["gtp", "--rules", "chinese", "--playouts", "30", "--seed", str(seed)]) == 0
    replies = capsys.readouterr().out.split("\n\n")
    assert replies[-4:-1] == ["= B5 H5", "= W+7", "="]


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_terminal_proposes_issue_7s_lone_stones_dead(seed: int) -> None:
    game = tabletop.load_game("go", size=9, rules="chinese", komi=7)
    term, out = script_terminal(game, [*LONE_STONES, "pass", "pass", "done"], seed=seed)
    outcome = term.run()
    assert outcome is not None and outcome.reason == "score"
    text = "\n".join(out)
    assert "Proposed dead (from playouts): B5 H5" in text
    assert "Result: W+7" in text


def test_hint_names_three_moves_and_a_win_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tabletop.terminal.HINT_SECONDS", 0.05)
    game = tabletop.load_game("oust", width=4, height=4)
    term, out = script_terminal(game, ["hint"], seats=["human", "ai:1"], seed=1)
    term.run()
    (line,) = [text for text in out if text.startswith("hint:")]
    assert line.count("% to win, ") == 3 and line.count("% of the search") == 3
    assert "Black wins about" in line
    assert term.state.ply == 0  # a hint plays nothing


def test_an_alpha_beta_hint_gives_chances_without_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    # Alpha-beta has no visits: a share would read 100% for its best move, 0% for the rest.
    monkeypatch.setattr("tabletop.terminal.HINT_SECONDS", 0.05)
    game = tabletop.load_game("abalone")
    term, out = script_terminal(game, ["hint"], seats=["human", "ai:1"], seed=1)
    term.run()
    (line,) = [text for text in out if text.startswith("hint:")]
    assert line.count("% to win)") == 3 and "of the search" not in line


def test_computer_seats_play_a_four_player_game_to_the_end() -> None:
    game = tabletop.load_game("quoridor", players=4, walls=1, max_plies=80)
    out: list[str] = []

    def read(prompt: str) -> str:  # the person always takes the first legal move
        return term.match.legal_moves()[0]

    term = TerminalGame(game, ["ai:1", "human", "ai:2", "ai:1"], read, out.append, seed=4)
    outcome = term.run()
    assert outcome is not None and outcome.reason in ("goal-reached", "max-plies")
    computer_moves = sum(1 for text in out if "(computer) plays" in text)
    assert computer_moves == len([m for m in term.match.moves if m["seat"] != 1]) > 0


def test_play_rejects_a_bad_seat_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "oust", "--seats", "human,ai:0"]) == 2
    assert "level 0: must be 1 to 10" in capsys.readouterr().err
    assert main(["play", "oust", "--seats", "human,random"]) == 2
    assert "seat 'random': expected human or ai:N" in capsys.readouterr().err
    assert main(["play", "oust", "--seats", "human,ai:\u00b2"]) == 2
    assert "seat 'ai:\u00b2': expected human or ai:N" in capsys.readouterr().err
    assert main(["play", "oust", "--seats", "ai:1,ai:2"]) == 2
    assert "at least one seat must be a person" in capsys.readouterr().err
    assert main(["play", "oust", "--seats", "human", "--vs", "ai:3"]) == 2
    assert "either --vs or --seats" in capsys.readouterr().err


#: Lines a person could type: commands with odd arguments, moves, and junk.
TYPED = st.one_of(
    st.sampled_from(
        [
            *("undo", "pass", "swap", "moves", "help", "hint", "resign", "save", "save /proc/x"),
            *("e5", "E5", "a1b2", "c3c5c4", "e2", "e3h", "a1", "c3", "done", "accept", "toggle e5"),
        ]
    ),
    st.text(max_size=12),
)


@settings(max_examples=40)
@given(
    st.sampled_from(["go", "abalone", "oust", "quoridor"]),
    st.lists(TYPED, max_size=12),
)
def test_whatever_is_typed_the_terminal_answers_and_goes_on(game: str, lines: list[str]) -> None:
    from unittest.mock import patch

    options = {"go": {"size": 5}, "oust": {"size": 4}}.get(game, {})
    term, out = script_terminal(tabletop.load_game(game, **options), lines)
    with patch("tabletop.terminal.HINT_SECONDS", 0.02):
        term.run()  # never raises: every line gets an answer
    assert not any("Traceback" in text for text in out)


def test_python_dash_m_tabletop_is_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", "games"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "go" in done.stdout.lower()
