"""What every built-in game gets from the kernel-game base: one move table, seats, records."""

from __future__ import annotations

import dataclasses

import pytest

import tabletop
from tabletop.core import NotationError
from tabletop.games.kernel_game import KernelGame, KernelState, grown, read_only

GAMES = [info.name for info in tabletop.list_games()]


@pytest.mark.parametrize("name", GAMES)
def test_every_built_in_game_stands_on_the_base(name: str) -> None:
    game = tabletop.load_game(name)
    state = game.new_state()
    assert isinstance(game, KernelGame) and isinstance(state, KernelState)
    assert type(state).game_type is type(game)
    assert game.num_players == len(game.seat_names)
    assert game.options == dataclasses.asdict(game.settings)


@pytest.mark.parametrize("name", GAMES)
def test_the_move_table_is_the_action_space(name: str) -> None:
    game = tabletop.load_game(name)
    assert isinstance(game, KernelGame)
    state = game.new_state()
    assert len(game.moves_by_action) == game.num_actions
    for action in state.legal_actions().tolist():
        move = state.action_to_move(action)
        assert move is game.moves_by_action[action]
        assert state.move_to_action(move) == action
    assert state.legal_moves() == [game.moves_by_action[a] for a in state.legal_actions()]
    with pytest.raises(NotationError, match="out of range"):
        state.action_to_move(game.num_actions)


@pytest.mark.parametrize("name", GAMES)
def test_a_move_of_another_game_is_refused_by_name(name: str) -> None:
    state = tabletop.load_game(name).new_state()
    with pytest.raises(NotationError, match=f"is not {type(state).move_words}"):
        state.move_to_action(object())  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_copies_records_and_equality_follow_the_history(name: str) -> None:
    state = tabletop.load_game(name).new_state()
    for _ in range(3):
        state.play(int(state.legal_actions()[0]))
    copy = state.copy()
    assert copy == state and copy.history == state.history and copy.ply == 3
    copy.undo()
    assert copy != state and state.ply == 3
    record = state.to_dict()
    assert list(record)[:2] == ["game", "options"]
    assert type(state).from_dict(record) == state


def test_grown_trail_keeps_its_rows_and_read_only_tables_refuse_writes() -> None:
    import numpy as np

    trail = np.arange(6, dtype=np.int64).reshape(3, 2)
    bigger = grown(trail)
    assert bigger.shape == (6, 2) and (bigger[:3] == trail).all() and not bigger[3:].any()
    table = read_only(np.zeros(3))
    with pytest.raises(ValueError):
        table[0] = 1
