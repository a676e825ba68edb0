"""Go's learned move model: its features, its weights file, its scores and probabilities."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.games.go import GoState, move_model, playout, spatial
from tabletop.games.go.move_model import BEFORE_AT, DISTANCE_AT, FEATURES, LINE_AT, TACTICS
from tests.games.go.helpers import point, position


def _score(
    state: GoState, move: str, features: np.ndarray, shapes: np.ndarray | None = None
) -> float:
    n = state.game.size
    last_point, before_point = (
        -1 if m is None or m.is_pass else point(state, str(m))
        for m in (
            state.history[-1] if state.history else None,
            state.history[-2] if len(state.history) >= 2 else None,
        )
    )
    color = state.to_move + 1  # type: ignore[operator]
    return float(
        move_model.move_score(
            state._board,
            state._links,
            state._stats,
            n,
            point(state, move),
            color,
            last_point,
            before_point,
            np.zeros((2, 4**8)) if shapes is None else shapes,
            np.zeros(0, dtype=np.int64),
            np.zeros(0),
            features,
            np.empty(8, dtype=np.int64),
            np.empty(spatial.CODES_BUFFER, dtype=np.int64),
        )
    )


def _one(group_at: int, index: int) -> np.ndarray:
    features = np.zeros(FEATURES)
    features[group_at + index] = 1.0
    return features


def test_each_tactic_is_read_first_that_applies() -> None:
    # White's E5 is in atari at E4 (capture); Black's C3 is in atari at C2 and escapes
    # there to two liberties or more; B9 next to White's A9 B8 with one liberty left is
    # a self-atari; G5 ataris White's two-liberty stone G6.
    state = position(
        black="D5 F5 E6 C3 A8 F6 H6",
        white="E5 B3 D3 C4 A9 B8 G6 C9",
        rules="chinese",
    )
    assert state.to_move == 0
    expected = {"E4": "capture", "C2": "escape", "G7": "atari", "J1": "none"}
    for move, tactic in expected.items():
        index = TACTICS.index(tactic)
        assert _score(state, move, _one(0, index)) == 1.0, move
        others = np.ones(FEATURES)
        others[index] = 0.0
        others[LINE_AT:] = 0.0
        assert _score(state, move, others) == 0.0, move


@given(row=st.integers(1, 19), col=st.integers(1, 19))
def test_the_line_is_the_distance_to_the_nearest_edge_up_to_the_fifth(row: int, col: int) -> None:
    n, w = 19, 21
    p = row * w + col
    line = min(row, col, n + 1 - row, n + 1 - col) - 1
    assert move_model.line_of(n, p) == min(line, move_model.LINES - 1)


def test_the_distance_buckets_and_no_last_move() -> None:
    # d = |dx| + |dy| + max(|dx|, |dy|): 2-9 each (indices 0-7), 10-13 (8), 14 and on (9).
    w = 21
    at = 10 * w + 10
    expected = {(0, 1): 0, (1, 1): 1, (0, 4): 6, (3, 2): 6, (2, 3): 6, (4, 4): 8, (4, 5): 9}
    for (dr, dc), index in expected.items():
        assert move_model.distance_of(w, at + dr * w + dc, at) == index, (dr, dc)
        assert move_model.distance_of(w, at - dr * w - dc, at) == index, (dr, dc)
    assert move_model.distance_of(w, at + 1, -1) == move_model.DISTANCES - 1


def test_a_score_is_the_sum_of_its_features_log_gammas() -> None:
    state = position(black="D5", white="E5", rules="chinese")  # Black to move after E5
    features = np.zeros(FEATURES)
    features[LINE_AT + 2] = 0.5  # the third line
    features[LINE_AT + 3] = 0.75  # the fourth
    features[DISTANCE_AT + 0] = 0.25  # d = 2 from the last move
    features[BEFORE_AT + 1] = 0.125  # d = 3 from the move before it (Black's D5)
    shapes = np.zeros((2, 4**8))
    shapes[0, playout.pattern_code(state._board, 11, point(state, "E4"))] = 2.0
    # E4: its shape, the fourth line, d = 2 from E5, d = 3 from D5; C3: the third line,
    # d = 6 from E5 and 5 from D5, a shape of empty points only.
    assert _score(state, "E4", features, shapes) == pytest.approx(2.0 + 0.75 + 0.25 + 0.125)
    assert _score(state, "C3", features, shapes) == pytest.approx(0.5)


def test_with_no_move_before_the_last_the_before_group_says_none() -> None:
    state = position(white="E5", rules="chinese")  # pass, E5: the move before is a pass
    assert [str(m) for m in state.history] == ["pass", "E5"]
    none = _one(BEFORE_AT, move_model.DISTANCES - 1)
    assert _score(state, "E4", none) == 1.0
    assert _score(state, "E4", _one(BEFORE_AT, 0)) == 0.0


def test_probabilities_are_the_softmax() -> None:
    p = move_model.probabilities(np.array([0.0, np.log(3.0)]))
    assert p == pytest.approx([0.25, 0.75])
    # Large scores do not overflow: the largest is taken out first.
    p = move_model.probabilities(np.array([1000.0, 1000.0, 0.0]))
    assert p == pytest.approx([0.5, 0.5, 0.0])


def test_the_weights_file_round_trips_and_a_bad_line_is_named(tmp_path: Path) -> None:
    features = np.arange(FEATURES, dtype=np.float64) / 8
    path = tmp_path / "move_weights.txt"
    move_model.write_features(features, "# a test", path)
    assert np.allclose(move_model.read_features(path), features, atol=5e-4)
    assert not move_model.read_features(tmp_path / "none.txt").any()
    path.write_text("tactic 0 0.1\nline 5 0.2\n")
    with pytest.raises(ValueError, match=r"move_weights.txt:2: .*'line 5 0.2'"):
        move_model.read_features(path)
    # A file fitted before a group existed reads with that group at 0 (out of the model).
    path.write_text("tactic 1 0.5\n")
    read = move_model.read_features(path)
    assert read[1] == 0.5 and not read[BEFORE_AT:].any()


def test_the_shipped_model_prefers_a_capture_to_a_self_atari() -> None:
    _, _, _, features = move_model.model_tables()
    assert features.shape == (FEATURES,)
    assert features[TACTICS.index("capture")] > features[TACTICS.index("self-atari")]
