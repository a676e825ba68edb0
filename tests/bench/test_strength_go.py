"""bench/strength_go.py: games against GNU Go kept in a ledger under keys that name only
the knowledge switched on, so older ledgers keep theirs."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import pytest

from tabletop.ai.go.search import default_params
from tabletop.ai.ledger import task_key
from tabletop.games.go.sgf import load_sgf

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import go_knobs  # noqa: E402
import strength_go  # noqa: E402


def _args(*flags: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=13)
    parser.add_argument("--level", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=18500)
    parser.add_argument("--seed", type=int, default=1)
    go_knobs.add_knobs(parser, "our search's")
    return parser.parse_args(list(flags))


def test_a_ledger_key_names_only_the_knowledge_switched_on() -> None:
    # --explore 0.2: the search of every ledger written before the default moved to 0.
    old = strength_go.description(_args("--explore", "0.2"), 3, 10)
    assert not set(old) & {knob.key for knob in go_knobs.KNOBS}
    # The key docs/ladder/go-gnugo-13-v3.jsonl holds for game 3, written before go_knobs.
    ledger = Path(__file__).resolve().parents[2] / "docs" / "ladder" / "go-gnugo-13-v3.jsonl"
    keys = {json.loads(line)["number"]: json.loads(line)["key"] for line in ledger.open()}
    assert task_key(old) == keys[3]
    on = strength_go.description(_args("--nakade", "1", "--learned", "0.05"), 3, 10)
    assert {k: on[k] for k in ("nakade", "learned")} == {"nakade": 1.0, "learned": 0.05}
    assert on["weights"] == go_knobs.weights_digest()
    base = default_params(13)
    assert go_knobs.knob_params(_args("--nakade", "1"), base).nakade_rate == 1.0
    assert go_knobs.knob_words(_args("--learned", "0.05"), 13) == ", learned shapes at 0.05"


def test_a_moved_default_is_named_so_an_older_key_keeps_its_search() -> None:
    # Today's default search explores at 0 (decision 0197): its key says so, and is the key
    # of the match that measured exploration 0 as a knob, which played the same search.
    plain = strength_go.description(_args(), 3, 10)
    assert plain["explore"] == 0.0
    assert plain == strength_go.description(_args("--explore", "0"), 3, 10)
    ledger = Path(__file__).resolve().parents[2] / "docs" / "ladder" / "go-gnugo-13-explore0.jsonl"
    keys = {json.loads(line)["number"]: json.loads(line)["key"] for line in ledger.open()}
    assert task_key(strength_go.description(_args(), 0, 10)) == keys[0]
    assert not go_knobs.any_on(_args(), 13) and go_knobs.any_on(_args("--explore", "0.2"), 13)
    assert go_knobs.default_key(13) == {"explore": 0.0}


def test_the_19x19_default_is_the_move_model_at_80_keyed_as_its_match_was() -> None:
    # Above 13x13 the default search reads the move model at 80 (decision 0203): the
    # default's key on 19x19 is the key of the match that measured it as a knob, so that
    # ledger counts for the default, and --model 80 is no knob there.
    default = strength_go.description(_args("--size", "19", "--iterations", "7350"), 0, 10)
    knob = _args("--size", "19", "--iterations", "7350", "--model", "80")
    assert default == strength_go.description(knob, 0, 10)
    assert default["model"] == 80.0 and default["weights"] == go_knobs.weights_digest()
    ledger = Path(__file__).resolve().parents[2] / "docs" / "ladder" / "go-gnugo-19-model80.jsonl"
    keys = {json.loads(line)["number"]: json.loads(line)["key"] for line in ledger.open()}
    size19 = _args("--size", "19", "--iterations", "7350")
    assert task_key(strength_go.description(size19, 21, 10)) == keys[21]
    assert not go_knobs.any_on(knob, 19) and go_knobs.any_on(knob, 13)
    assert go_knobs.knob_words(_args("--model", "0"), 19) == ", move model at 0.0"
    assert go_knobs.default_key(9) == go_knobs.default_key(13) == {"explore": 0.0}


def test_a_key_that_reads_the_learned_weights_names_their_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A refit changes the weights behind a --model or --learned game: the new weights'
    # games get new keys, so a resumed ledger never counts the old ones for them.
    assert "weights" not in strength_go.description(_args("--nakade", "1"), 3, 10)
    before = strength_go.description(_args("--model", "40"), 3, 10)
    assert before["weights"] == go_knobs.weights_digest()
    refit = tmp_path / "move_weights.txt"
    refit.write_text(go_knobs.move_model.WEIGHTS_FILE.read_text() + "tactic 1 0.5\n")
    monkeypatch.setattr(go_knobs.move_model, "WEIGHTS_FILE", refit)
    go_knobs.weights_digest.cache_clear()
    try:
        after = strength_go.description(_args("--model", "40"), 3, 10)
    finally:
        go_knobs.weights_digest.cache_clear()
    assert after["weights"] != before["weights"]
    assert {k: v for k, v in after.items() if k != "weights"} == {
        k: v for k, v in before.items() if k != "weights"
    }


def test_a_tuning_knob_is_named_only_away_from_the_default_search() -> None:
    away = _args("--explore", "0.2", "--rave-k", "3000")
    assert go_knobs.knob_key(away, 13) == {"rave_k": 3000.0}
    params = go_knobs.knob_params(away, default_params(13))
    assert (params.explore, params.rave_k, params.prior_n) == (0.2, 3000.0, 10.0)
    assert go_knobs.knob_words(away, 13) == ", exploration at 0.2, RAVE equivalence at 3000.0"


def test_a_bad_knob_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        strength_go.main(["--nakade", "2"])
    assert "argument --nakade: '2': must be from 0 to 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        strength_go.main(["--rave-k", "0"])
    assert "argument --rave-k: '0': must be a finite number above 0" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("/usr/games/gnugo") is None, reason="GNU Go is not installed")
def test_a_quick_game_is_recorded_kept_as_sgf_and_counted_again_from_the_ledger(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "gnugo.jsonl"
    args = ["--size", "9", "--iterations", "40", "--games", "1", "--quick", "--learned", "0.05"]
    args += ["--ledger", str(ledger), "--sgf-dir", str(tmp_path)]
    assert strength_go.main(args) == 0
    first = capsys.readouterr().out
    assert "learned shapes at 0.05) vs gnugo-1, 9x9" in first and "of 1 (" in first
    (entry,) = [json.loads(line) for line in ledger.read_text().splitlines()]
    record = load_sgf(tmp_path / "strength_go-9-0.sgf")
    assert record.black == "tabletop level 10" and record.white == "GNU Go 3.8 level 1"
    assert record.state.ply == entry["plies"]
    assert strength_go.main(args) == 0  # counted from the ledger, not played again
    assert "(from the ledger)" in capsys.readouterr().out
    assert len(ledger.read_text().splitlines()) == 1


@pytest.mark.skipif(shutil.which("/usr/games/gnugo") is None, reason="GNU Go is not installed")
def test_a_ledgers_records_go_beside_it_by_default(tmp_path: Path) -> None:
    ledger = tmp_path / "go-gnugo-9-try.jsonl"
    args = ["--size", "9", "--iterations", "20", "--games", "1", "--quick"]
    assert strength_go.main([*args, "--ledger", str(ledger)]) == 0
    assert (tmp_path / "go-records" / "go-gnugo-9-try" / "strength_go-9-0.sgf").is_file()


def test_a_first_game_past_the_last_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        strength_go.main(["--games", "20", "--first", "20", "--report", "--ledger", "x"])
    assert "--first 20: expected fewer than --games (20)" in capsys.readouterr().err


def test_a_match_split_over_processes_reports_its_own_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "split.jsonl"
    ledger.write_text("")
    args = ["--size", "13", "--iterations", "18500", "--report", "--ledger", str(ledger)]
    assert strength_go.main([*args, "--games", "40", "--first", "20"]) == 0
    assert capsys.readouterr().out.strip() == "no games"


FAKE_ENGINE = """\
import sys
# Answers GTP's set-up, then exits at its first genmove or play: a crash mid-game.
for line in sys.stdin:
    command = line.split()[0] if line.split() else ""
    if command in ("genmove", "play"):
        sys.exit(139)
    sys.stdout.write("= fake\\n\\n" if command == "name" else "=\\n\\n")
    sys.stdout.flush()
"""


def test_a_game_gnu_go_crashes_in_is_not_counted_and_the_match_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = tmp_path / "crashing-gtp"
    engine.write_text(f"#!{sys.executable}\n{FAKE_ENGINE}")
    engine.chmod(0o755)
    ledger = tmp_path / "crash.jsonl"
    args = ["--size", "9", "--iterations", "20", "--games", "2", "--gnugo", str(engine)]
    assert strength_go.main([*args, "--ledger", str(ledger)]) == 1
    out = capsys.readouterr().out
    assert "game 1: not played to its end (GTP engine" in out
    assert "game 2: not played to its end (GTP engine" in out
    assert "games 1, 2: GNU Go stopped in them; not counted" in out
    assert not ledger.exists() or ledger.read_text() == ""
