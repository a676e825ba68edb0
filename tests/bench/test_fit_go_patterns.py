"""bench/fit_go_patterns.py: tactics read right, the fit learns a preference, ties share,
and a run over games writes weights the search reads."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.games.go import kernels, move_model, spatial
from tabletop.games.go.sgf import save_sgf
from tests.games.go.helpers import point, position

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import fit_go_patterns as fit  # noqa: E402


def tactics_of(black: str, white: str) -> dict[str, str]:
    """The tactic of each candidate move for Black, by move name."""
    state = position(black=black, white=white, to_move="black")
    n = state.game.size
    out = np.empty(((n + 2) ** 2, fit.CANDIDATE), dtype=np.int64)
    k = fit.candidates(state._board, state._links, state._stats, n, 1, -1, -1, -1, False, out)
    names = {point(state, f"{c}{r}"): f"{c}{r}" for c in "ABCDEFGHJ" for r in range(1, 10)}
    return {names[int(row[0])]: fit.TACTICS[int(row[2])] for row in out[:k]}


def test_a_capture_an_escape_and_a_self_atari_are_told_apart() -> None:
    # White's D5 is in atari at D6; Black's A1 is in atari at B1 and escapes there...
    found = tactics_of("C5 E5 D4 A1", "D5 A2")
    assert found["D6"] == "capture" and found["B1"] == "escape"
    # ... unless White's C1 makes B1 a self-atari of two stones.
    assert tactics_of("C5 E5 D4 A1", "D5 A2 C1")["B1"] == "self-atari"
    assert kernels.BLACK == 1


def test_the_fit_prefers_the_feature_always_played() -> None:
    # 50 positions of three candidates: feature 1 is played, 0 and 2 are not.
    x = np.tile(np.array([[0], [1], [2]]), (50, 1))
    y = np.tile(np.array([False, True, False]), 50)
    seg = np.arange(0, 150, 3)
    theta = fit.fit(x, y, seg, 3, 200, 0.001)
    assert theta[1] > theta[0] + 1 and theta[1] > theta[2] + 1


def test_tied_moves_share_the_top_1_credit(capsys: pytest.CaptureFixture[str]) -> None:
    scores = np.array([1.0, 1.0, 0.0, 2.0, 0.5])
    played = np.array([True, False, False, True, False])
    fit.report("x", scores, played, np.array([0, 3]))
    # First position: tied with one other at the top (1/2); second: the best (1).
    assert "top-1 75.0%" in capsys.readouterr().out


def _game(path: Path, moves: list[str]) -> None:
    state = tabletop.load_game("go", size=9).new_state()
    for move in moves:
        state.play(move)
    save_sgf(state, path, black="a", white="b")


@pytest.mark.slow
def test_a_fit_writes_its_weights_where_the_search_and_the_model_read_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Black answers each corner approach the same way, so that shape is played every game.
    opening = ["C3", "G7", "G3", "C7"]
    for k, extra in enumerate((["D3", "C4"], ["C4", "D3"], ["D3", "C4"], ["C4", "D3"])):
        _game(tmp_path / f"train-{k}.sgf", opening + extra + ["E5", "F5"])
    _game(tmp_path / "gnugo-L10-9-0.sgf", [*opening, "D3", "C4"])
    monkeypatch.setattr(fit, "WEIGHTS_FILE", tmp_path / "pattern_weights.txt")
    monkeypatch.setattr(spatial, "WEIGHTS_FILE", tmp_path / "spatial_weights.txt")
    monkeypatch.setattr(move_model, "WEIGHTS_FILE", tmp_path / "move_weights.txt")
    games = str(tmp_path)
    args = ["--games", games, "--min-count", "1", "--min-spatial", "2", "--steps", "50", "--write"]
    assert fit.main(args) == 0
    out = capsys.readouterr().out
    assert "4 training games (32 moves), 1 held out (6 moves)" in out
    assert "search prior + 0.05 x log-gamma (3x3, spatial)" in out
    weights = spatial.read_weights(tmp_path / "spatial_weights.txt")
    assert weights and all(size in spatial.SIZES for size, _ in weights)
    # The empty-board opening points were played 4 times each: their patterns are known.
    assert max(weights.values()) > 0
    assert "search prior + 20.0 x sqrt(p) virtual wins" in out
    # Every move was played within a few points of the last: near beats far.
    features = move_model.read_features(tmp_path / "move_weights.txt")
    assert features[move_model.DISTANCE_AT + 1] > features[move_model.DISTANCE_AT + 9]
    assert features[move_model.BEFORE_AT :].any()  # the move before the last is fitted too


def test_no_training_games_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        fit.main(["--games", str(tmp_path)])
    assert "no training games" in capsys.readouterr().err


def test_only_the_named_players_moves_are_learned(tmp_path: Path) -> None:
    path = tmp_path / "match.sgf"
    state = tabletop.load_game("go", size=9).new_state()
    for move in ("C3", "G7", "G3", "C7", "E5"):
        state.play(move)
    save_sgf(state, path, black="tabletop level 10", white="GNU Go 3.8 level 10")
    both, gnugo = fit.Positions(), fit.Positions()
    both.add_game(path, with_priors=False)
    gnugo.add_game(path, with_priors=False, mover="GNU Go")
    assert len(both.rows) == 5 and len(gnugo.rows) == 2
    assert all(rows[0, fit.MOVER] == 1 for rows in gnugo.rows)  # White's moves only
