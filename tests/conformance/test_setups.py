"""Set-up positions keep the contract in every game: a position given as a record's
``"setup"`` (what the rules pages and lessons start from, ``POST /api/position``) plays by
the rules, undoes back to itself and travels with its record (decision record 0108)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop

#: One set-up record per registered game, with the options it needs; a new game adds one.
SETUPS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "go": ({"size": 9}, {"black": ["C3", "D4", "E5"], "white": ["D3", "E4"], "to_move": "white"}),
    "abalone": ({}, {"marbles": {"0": ["e5", "e6", "d4"], "1": ["e7", "f7"]}, "to_move": 0}),
    "oust": ({"size": 5}, {"black": ["a1", "b2"], "white": ["c3"], "to_move": "white"}),
    "quoridor": (
        {},
        {"pawns": ["e2", "e8"], "walls": ["e3h"], "walls_left": [9, 10], "to_move": 0},
    ),
}


def test_every_game_has_a_setup_here() -> None:
    assert {info.name for info in tabletop.list_games()} == set(SETUPS)


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_setup_plays_undoes_and_round_trips(name: str, seed: int) -> None:
    options, setup = SETUPS[name]
    game = tabletop.load_game(name, **options)
    state = game.setup_from_record(setup)  # type: ignore[attr-defined]
    start = state.copy()
    assert state.ply == 0 and not state.is_over()
    rng = random.Random(seed)
    for _ in range(6):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    record = state.to_dict()
    assert "setup" in record
    again = type(state).from_dict(record)
    assert again == state and again.to_dict() == record
    while state.ply:
        state.undo()
    assert state == start
    assert game.setup_from_record(record["setup"]) == start  # type: ignore[attr-defined]
