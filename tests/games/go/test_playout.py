"""Go's playout policy: its knowledge agrees with the rules engine, its moves are legal."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.go import kernels, playout
from tabletop.games.go.patterns import pattern_table

from .helpers import point, position, random_state


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 70))
def test_libs_after_matches_the_rules_engine(seed: int, plies: int) -> None:
    state = random_state(seed, plies)
    n = state.game.size
    color = state.to_move + 1  # type: ignore[operator]
    buf = np.empty(8, dtype=np.int64)
    for action in state.legal_actions().tolist()[:-1]:
        p = state.game.points_by_action[action]
        after = state.copy()
        move = state.action_to_move(action)
        captures = sum(after.prisoners)
        after.play(action)
        captured = sum(after.prisoners) > captures
        libs = len(after.liberties(move))
        got = playout.libs_after(state._board, state._links, state._stats, n + 2, p, color, 3, buf)
        assert got == (3 if captured else min(3, libs)), (str(state), move)


@pytest.mark.parametrize(
    "policy",
    [playout.PlayoutPolicy(), playout.PlayoutPolicy(1.0, 1.0, 1.0, 0.0, 1.0)],
    ids=["default", "every-rule-but-replies"],
)
@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_playout_moves_are_legal_and_never_fill_own_eyes(
    policy: playout.PlayoutPolicy, seed: int, plies: int
) -> None:
    state = random_state(seed, plies)
    n = state.game.size
    w = n + 2
    color = state.to_move + 1  # type: ignore[operator]
    legal = {state.game.points_by_action[a] for a in state.legal_actions().tolist()}
    last = state.history[-1] if state.history else None
    last_point = -1 if last is None else point(state, str(last))
    params = policy.array()
    size = w * w
    empties = np.array([p for p in range(size) if state._board[p] == 0], dtype=np.int64)
    cand = np.empty(size + 8, dtype=np.int64)
    kernels.seed_random(seed)
    for _ in range(5):
        move = playout.playout_move(
            state._board, state._links, state._stats, w, color, state._ko, last_point, False,
            pattern_table(), params, empties.copy(), len(empties), cand,
            np.empty(8, dtype=np.int64), playout.no_replies(),
        )  # fmt: skip
        assert move in legal
        if move != kernels.PASS:
            assert not kernels.is_own_eye(state._board, w, move, color)


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_playouts_with_last_good_replies_play_legal_moves_and_never_fill_own_eyes(
    seed: int, plies: int
) -> None:
    state = random_state(seed, plies)
    n = state.game.size
    w = n + 2
    size = w * w
    color = state.to_move + 1  # type: ignore[operator]
    legal = {state.game.points_by_action[a] for a in state.legal_actions().tolist()}
    last = state.history[-1] if state.history else None
    last_point = -1 if last is None else point(state, str(last))
    params = playout.PlayoutPolicy(last_good_reply_rate=1.0).array()
    empties = np.array([p for p in range(size) if state._board[p] == 0], dtype=np.int64)
    # A table of any points at all (stones, the edge, own eyes, ko), so that every stored
    # reply the policy reads has to pass its tests.
    rng = np.random.default_rng(seed)
    replies = rng.integers(-1, size, (3, size)).astype(np.int64)
    eyes = [p for p in empties.tolist() if kernels.is_own_eye(state._board, w, p, color)]
    if eyes and last_point >= 0:
        replies[color, last_point] = eyes[0]
    cand = np.empty(size + 8, dtype=np.int64)
    kernels.seed_random(seed)
    for _ in range(5):
        move = playout.playout_move(
            state._board, state._links, state._stats, w, color, state._ko, last_point, False,
            pattern_table(), params, empties.copy(), len(empties), cand,
            np.empty(8, dtype=np.int64), replies,
        )  # fmt: skip
        assert move in legal
        if move != kernels.PASS:
            assert not kernels.is_own_eye(state._board, w, move, color)


def _replies_after(black: str, white: str, stored: str, rate: float) -> dict[str, int]:
    """How often Black's playout policy plays each move after White's last stone (the last
    of ``white``) when ``stored`` is Black's last good reply to it, in 100 tries."""
    state = position(black=black, white=white)
    w = state.game.size + 2
    replies = playout.no_replies(w * w)
    replies[kernels.BLACK, point(state, white.split()[-1])] = point(state, stored)
    return _moves_after(black, white, playout.PlayoutPolicy(last_good_reply_rate=rate), replies)


def test_the_last_good_reply_is_played_when_no_atari_needs_an_answer() -> None:
    assert _replies_after("D4", "F6", "C7", 1.0) == {"C7": 100}
    assert _replies_after("D4", "F6", "C7", 0.0).get("C7", 0) <= 10


def test_a_last_good_reply_into_an_own_eye_or_a_self_atari_is_not_played() -> None:
    # A1 is Black's eye; J9 would put J8 H9 (two stones, White's G8 G9 H8 around them) in atari.
    assert _replies_after("A2 B2 B1", "F6", "A1", 1.0).get("A1", 0) == 0
    assert _replies_after("J8 H9", "G9 H8 G8 F6", "J9", 1.0).get("J9", 0) == 0


def test_the_reply_table_keeps_the_winners_replies_and_forgets_the_losers() -> None:
    replies = playout.no_replies(20)
    replies[2, 5] = 6  # White's stored reply to 5, which White now plays and loses with
    replies[2, 8] = 3  # White's stored reply to 8, not the one White now plays
    seq = np.array([5, 6, 7, kernels.PASS, 8, 9, 10], dtype=np.int64)
    colours = np.array([1, 2, 1, 2, 1, 2, 1], dtype=np.int64)
    playout.update_replies(replies, seq, colours, 6, 1.0)  # Black won; 10 is past the end
    assert replies[2, 5] == -1  # the loser's reply, forgotten
    assert replies[1, 6] == 7  # the winner's reply, stored
    assert replies[2, 8] == 3  # the loser played another reply: kept
    assert replies[1, 7] == -1 and replies[1, kernels.PASS] == -1  # no reply to or as a pass
    assert replies[1, 9] == -1  # past length: not seen
    assert (replies[1:] >= 0).sum() == 2
    before = replies.copy()
    playout.update_replies(replies, seq, colours, 6, 0.5)  # a tie teaches nothing
    assert (replies == before).all()
    playout.update_replies(replies, seq, colours, 6, 0.0)  # now White won
    assert replies[2, 5] == 6 and replies[2, 8] == 9
    assert replies[1, 6] == -1  # Black's 7 after 6 lost: forgotten


@settings(max_examples=60)
@given(
    moves=st.lists(st.tuples(st.integers(-1, 9), st.integers(1, 2)), max_size=30),
    stored=st.lists(st.integers(-1, 9), min_size=30, max_size=30),
    black_won=st.booleans(),
)
def test_after_an_update_each_reply_is_the_winners_last_and_never_a_losers(
    moves: list[tuple[int, int]], stored: list[int], black_won: bool
) -> None:
    replies = np.array(stored, dtype=np.int64).reshape(3, 10)
    before = replies.copy()
    seq = np.array([m for m, _ in moves], dtype=np.int64)
    colours = np.array([c for _, c in moves], dtype=np.int64)
    playout.update_replies(replies, seq, colours, len(moves), 1.0 if black_won else 0.0)
    winner = 1 if black_won else 2
    answers: dict[tuple[int, int], list[int]] = {}
    for (prev, _), (move, c) in pairwise(moves):
        if prev >= 0 and move >= 0:
            answers.setdefault((c, prev), []).append(move)
    for c in (1, 2):
        for prev in range(10):
            got = int(replies[c, prev])
            played = answers.get((c, prev))
            if played is None:
                assert got == before[c, prev]
            elif c == winner:
                assert got == played[-1]
            else:
                assert got in (before[c, prev], -1) and got not in played


def test_margins_count_area_with_komi() -> None:
    state = position(black="C1 C2 C3 C4 C5 C6 C7 C8 C9", white="D1 D2 D3 D4 D5 D6 D7 D8 D9", size=9)
    # Exact: Black has columns A-C, White D-J.
    assert playout.exact_margin(state._board, 9, 7.0) == 27 - 54 - 7
    # Settled (after a playout every empty point touches its owner): only the points next
    # to a stone count, columns B-C for Black and D-E for White.
    own = np.zeros(121, dtype=np.float64)
    assert playout.settled_margin(state._board, 9, 7.0, own) == 18 - 18 - 7
    assert int(own.sum()) == 18


# Level 10 against GNU Go 3.8 level 10 on 13x13 (bench/strength_go.py --size 13
# --iterations 15000 --sgf-dir ...): positions of two lost games (docs/strength.md, "How
# the 13x13 games were lost"), each just after a move that left a chain of ours with two
# liberties. Game 6 (ours White): Black's N8 leaves N9, on the way from the top right's
# White group to the right side, with N10 and M9; only N10 gains liberties.
_GAME_6 = (
    "K10 E4 C4 D11 E5 D5 D4 F5 E6 E7 D6 C7 F4 G4 E3 F6 G11 J8 L8 L6 G3 J10 J11 K9 L9 K11 "
    "L10 H11 J12 H12 H10 J9 G12 K12 H13 M11 L11 L12 M12 M13 N12 N11 K13 N13 K7 J7 K6 K5 F7 "
    "F8 D7 G7 C8 M7 M8 L7 L5 M5 M10 N9 N7 L4 N8"
)
# Game 1 (ours Black): White's G5 cuts off H4 H5 J5 J6, left with H6 and J7; White went on
# to kill the group.
_GAME_1 = (
    "K8 L6 J3 L3 F4 C11 E11 D9 H10 M8 L4 K4 K3 M4 L5 K5 M5 M3 M6 K6 M9 M7 L2 L9 N4 M2 C8 C9 "
    "M11 M10 B7 L11 B9 B10 C12 D12 D13 E12 D11 B12 F12 C13 E13 F13 L7 E7 J6 E10 K7 N6 J5 N5 "
    "E8 D8 D7 F8 E6 G12 F7 F9 G11 F11 K10 L10 G8 J4 H4 H3 H2 G3 K2 G2 J1 G1 H1 L1 K11 D3 F3 "
    "E2 C2 C3 B2 G4 H5 K12 F2 G5"
)


def _policy_replies(moves: str, low_liberty_rate: float, tries: int = 200) -> dict[str, int]:
    """How often the playout policy (its default rates, the low-liberty rule's given) plays
    each move after ``moves`` (13x13)."""
    state = position(size=13, rules="chinese", komi=7)
    for move in moves.split():
        state.play(move)
    n = state.game.size
    w = n + 2
    color = state.to_move + 1  # type: ignore[operator]
    last = point(state, str(state.history[-1]))
    names = {point(state, str(state.action_to_move(a))): str(state.action_to_move(a))
             for a in state.legal_actions().tolist()[:-1]}  # fmt: skip
    empties = np.array([p for p in names if state._board[p] == 0], dtype=np.int64)
    cand = np.empty(w * w + 8, dtype=np.int64)
    params = playout.PlayoutPolicy(low_liberty_rate=low_liberty_rate).array()
    counts: dict[str, int] = {}
    for seed in range(tries):
        kernels.seed_random(seed)
        move = playout.playout_move(
            state._board, state._links, state._stats, w, color, state._ko, last, False,
            pattern_table(), params, empties.copy(), len(empties), cand,
            np.empty(8, dtype=np.int64), playout.no_replies(),
        )  # fmt: skip
        name = names.get(move, "pass")
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_a_chain_left_with_two_liberties_runs_where_it_gains_some() -> None:
    # Without the rule (the default) the policy has no answer here (no atari, no pattern
    # next to N8): a random move, N10 about one time in a hundred.
    assert _policy_replies(_GAME_6, 0.0).get("N10", 0) <= 10
    replies = _policy_replies(_GAME_6, 0.9)
    assert replies.get("N10", 0) >= 120
    assert replies.get("M9", 0) == 0  # M9 would leave N9 M9 with one liberty


def test_a_cut_chain_with_two_liberties_is_answered_at_them() -> None:
    before = _policy_replies(_GAME_1, 0.0)
    assert before.get("H6", 0) + before.get("J7", 0) <= 10
    replies = _policy_replies(_GAME_1, 0.9)
    assert replies.get("H6", 0) + replies.get("J7", 0) >= 120


def _moves_after(
    black: str, white: str, policy: playout.PlayoutPolicy, replies: np.ndarray | None = None
) -> dict[str, int]:
    """How often Black's playout policy plays each move after White's last stone (the last
    of ``white``), in 100 tries, with the last good replies ``replies`` (none by default)."""
    state = position(black=black, white=white)
    w = state.game.size + 2
    last = point(state, white.split()[-1])
    params = policy.array()
    table = playout.no_replies(w * w) if replies is None else replies
    empties = np.array([p for p in range(w * w) if state._board[p] == 0], dtype=np.int64)
    names = {point(state, str(state.action_to_move(a))): str(state.action_to_move(a))
             for a in state.legal_actions().tolist()[:-1]}  # fmt: skip
    counts: dict[str, int] = {}
    for seed in range(100):
        kernels.seed_random(seed)
        move = playout.playout_move(
            state._board, state._links, state._stats, w, kernels.BLACK, state._ko, last, False,
            pattern_table(), params, empties.copy(), len(empties), np.empty(w * w + 8, np.int64),
            np.empty(8, dtype=np.int64), table,
        )  # fmt: skip
        name = names.get(move, "pass")
        counts[name] = counts.get(name, 0) + 1
    return counts


#: Black's stones around White's wall B3 F3 C2 D2 E2 C4 D4 (E4 to come) of the straight
#: three C3-E3, so that the three is all the eye space White's stones have.
SURROUNDING = "A3 B2 B4 G3 F2 F4 C1 D1 E1 C5 D5 E5"


def test_the_vital_point_of_an_eye_space_the_last_move_closed_is_played() -> None:
    # White's E4 closes the straight three C3-E3; D3, its middle, leaves White one eye.
    # (White's G9 H9 J9 J8, far off, only make E4 the last move.)
    wall = "G9 H9 J9 J8 B3 F3 C2 D2 E2 C4 D4 E4"
    on = playout.PlayoutPolicy(nakade_rate=1.0)
    assert _moves_after(SURROUNDING, wall, on) == {"D3": 100}
    assert _moves_after(SURROUNDING, wall, playout.PlayoutPolicy()).get("D3", 0) <= 10
