"""The core contract, checked on random games of every registered game.

Each example plays one random game (seeded by hypothesis) and checks, at
every ply, everything the contract promises. Across the examples this is
thousands of plies per configuration.
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import IllegalMoveError, NotationError, Outcome, State

MAX_PLIES = 220
SETTINGS = settings(
    max_examples=12,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def check_moves_agree(state: State) -> list[int]:
    actions = state.legal_actions()
    assert actions.dtype.kind == "i"
    assert list(actions) == sorted(set(actions.tolist())), "actions sorted and unique"
    moves = state.legal_moves()
    assert [state.move_to_action(m) for m in moves] == actions.tolist()
    for move in moves:
        text = str(move)
        assert state.format_move(move) == text
        assert state.parse_move(text) == move
        assert state.parse_move(text.upper()) == move
        assert state.parse_move(f" {text.lower()} ") == move
        assert state.action_to_move(state.move_to_action(move)) == move
    return list(actions.tolist())


def check_illegal_rejected(state: State, legal: list[int], rng: random.Random) -> None:
    num = state.game.num_actions
    illegal = sorted(set(range(num)) - set(legal))
    before = state.copy()
    for action in rng.sample(illegal, min(3, len(illegal))):
        try:
            state.play(action)
        except IllegalMoveError as err:
            assert str(err), "the error says why"
        else:
            raise AssertionError(f"illegal action {action} was accepted")
        assert state == before, "a rejected move changed the state"
    for bad in (-1, num, "", "@@", "zz99"):
        try:
            state.play(bad)
        except (NotationError, IllegalMoveError):
            pass
        else:
            raise AssertionError(f"{bad!r} was accepted")
        assert state == before


def check_outcome(state: State) -> None:
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert state.to_move is None
    assert len(state.legal_actions()) == 0 and state.legal_moves() == []
    n = state.game.num_players
    assert len(outcome.returns) == n
    assert all(0 <= w < n for w in outcome.winners)
    if n == 2:
        assert sum(outcome.returns) == 0
    teams = state.game.teams
    # Team-mates share their result: all of a team win, or none of it.
    assert {teams[w] for w in outcome.winners}.isdisjoint(
        teams[s] for s in range(n) if s not in outcome.winners
    )
    if outcome.winners:
        best = max(outcome.returns)
        assert all(outcome.returns[w] == best for w in outcome.winners)
        assert all(outcome.returns[s] < best for s in range(n) if s not in outcome.winners)
    else:
        assert len(set(outcome.returns)) == 1
    try:
        state.play(0)
    except IllegalMoveError:
        pass
    else:
        raise AssertionError("a move was accepted after the end")


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_game_keeps_the_contract(game: tabletop.Game, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_state()
    start = state.copy()
    assert state.ply == 0 and state.outcome() is None
    for _ in range(MAX_PLIES):
        if state.is_over():
            break
        assert state.to_move is not None and 0 <= state.to_move < game.num_players
        assert state.outcome() is None
        legal = check_moves_agree(state)
        assert legal, "a game that is not over has a legal move"
        if rng.random() < 0.2:
            check_illegal_rejected(state, legal, rng)
        action = rng.choice(legal)
        before = state.copy()
        hash_before = state.zobrist
        state.play(action)
        assert state.ply == before.ply + 1
        assert state.history[-1] == state.action_to_move(action)
        assert before != state
        # Copies are independent: the copy did not move with the original.
        assert before.ply == state.ply - 1 and before.zobrist == hash_before
        undone = state.undo()
        assert undone == before.action_to_move(action)
        assert state == before and state.zobrist == hash_before
        state.play(str(before.action_to_move(action)))
        if rng.random() < 0.1:
            # A state may keep its key between moves: it must still be the key of the
            # position, as a state rebuilt from the record computes it afresh.
            assert state.zobrist == type(state).from_dict(state.to_dict()).zobrist
    if state.is_over():
        check_outcome(state)
    record = state.to_dict()
    rebuilt = type(state).from_dict(record)
    assert rebuilt == state
    assert rebuilt.to_dict() == record
    # Undo all the way back reaches the start position exactly.
    while state.ply:
        state.undo()
    assert state == start
    try:
        state.undo()
    except IllegalMoveError:
        pass
    else:
        raise AssertionError("undo at the start was accepted")


def test_copy_is_independent(game: tabletop.Game) -> None:
    state = game.new_state()
    twin = state.copy()
    action = int(np.asarray(state.legal_actions())[0])
    state.play(action)
    assert twin.ply == 0 and twin == game.new_state()
    twin.play(action)
    assert twin == state


@settings(SETTINGS, max_examples=4)
@given(seed=st.integers(0, 2**32 - 1))
def test_pickled_and_deep_copied_states_play_on_alone(game: tabletop.Game, seed: int) -> None:
    # Go's play() reaches its arrays through raw addresses (kernel_handles): a twin
    # made by pickle or deepcopy must get its own, or it would write into the original.
    rng = random.Random(seed)
    state = game.new_state()
    for _ in range(rng.randrange(40)):
        if state.is_over():
            break
        state.play(int(rng.choice(state.legal_actions().tolist())))
    before = state.copy()
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin == state
        reference = state.copy()
        for _ in range(80):  # long enough for a copy's undo trail to grow
            if twin.is_over():
                break
            action = int(rng.choice(twin.legal_actions().tolist()))
            twin.play(action)
            reference.play(action)
        assert twin == reference and twin.zobrist == reference.zobrist
        assert state == before, "playing on a twin changed the original"


def test_every_seat_has_a_team(game: tabletop.Game) -> None:
    teams = game.teams
    assert len(teams) == game.num_players
    assert sorted(set(teams)) == list(range(len(set(teams))))  # numbered from 0
    assert len(set(teams)) >= 2


def test_game_is_hashable_and_equal_by_options(game: tabletop.Game) -> None:
    again = tabletop.load_game(game.name, **game.options)
    assert again == game and hash(again) == hash(game)
    assert len(game.seat_names) == game.num_players


#: Anything a caller could hand to play(): text near notation and far from it, numbers
#: of every kind, and things that are neither.
ODD_MOVES = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="abcdefghjkstvwxyzABC0123456789-_ :", max_size=8),
    # Characters Python calls digits that int() refuses (superscripts, circled numbers)
    # or reads (Arabic-Indic): notation takes ASCII digits only (A² once crashed Go).
    st.text(alphabet="abcdefghiAEhv12345²¹①١٣𝟙", max_size=6),
    st.integers(),
    st.floats(),
    st.sampled_from([None, True, b"a1", [], (1,), "pass", "swap", "resign", "\x00", "a" * 500]),
)


@settings(SETTINGS, max_examples=150)
@given(move=ODD_MOVES, plies=st.integers(0, 6))
@example(move="A\u00b2", plies=0).via("a superscript digit")
@example(move="a\u2460b\u0662", plies=0).via("a circled and an Arabic-Indic digit")
def test_any_move_input_is_played_or_refused_with_one_message(
    game: tabletop.Game, move: object, plies: int
) -> None:
    """Whatever play() is given: a legal move is played, anything else is a NotationError
    or IllegalMoveError that says why and leaves the state as it was."""
    state = game.new_state()
    for _ in range(plies):
        if state.is_over():
            break
        state.play(int(state.legal_actions()[0]))
    before = state.copy()
    try:
        state.play(move)  # type: ignore[arg-type]
    except (NotationError, IllegalMoveError) as err:
        assert str(err)
        assert state == before
    else:
        assert state.ply == before.ply + 1
