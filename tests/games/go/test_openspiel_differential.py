"""Differential test against OpenSpiel's Go (skipped only when open-spiel is absent).

Options match OpenSpiel's: simple ko, suicide forbidden, komi 7.5, area
scoring (our "chinese" preset). Random games compare the legal move sets at
every ply, the boards at the end and the winner by area score.

One deliberate difference: OpenSpiel ends a game as a draw the moment a
placement recreates any earlier board (its superko shortcut), while simple
ko lets the game go on. Such games are compared up to that move, where we
check that our engine sees the same repetition.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.games.go import GoState
from tabletop.games.go.geometry import COLUMNS

pyspiel = pytest.importorskip("pyspiel")


def board_of_openspiel(state: object, size: int) -> dict[str, str]:
    grid = state.to_dict()["board_grid"]  # type: ignore[attr-defined]
    return {name.upper(): v for row in grid for cell in row for name, v in cell.items()}


def board_of_ours(state: GoState, size: int) -> dict[str, str]:
    names = {None: "EMPTY", 0: "B", 1: "W"}
    return {
        f"{COLUMNS[c]}{r + 1}": names[state.stone_at(c, r)]
        for r in range(size)
        for c in range(size)
    }


def play_one(size: int, seed: int, counts: dict[str, int]) -> None:
    rng = random.Random(seed)
    cap = 4 * size * size
    theirs = pyspiel.load_game(
        "go", {"board_size": size, "komi": 7.5, "max_game_length": cap}
    ).new_initial_state()
    ours = tabletop.load_game("go", size=size, rules="chinese").new_state()
    assert isinstance(ours, GoState)
    seen_boards = {ours.board_hash}
    while not theirs.is_terminal():
        legal = sorted(theirs.legal_actions())
        assert ours.legal_actions().tolist() == legal, f"ply {ours.ply} of game {seed}"
        action = rng.choice(legal)
        theirs.apply_action(action)
        ours.play(action)
        repeated = ours.board_hash in seen_boards and action != size * size
        seen_boards.add(ours.board_hash)
        if repeated:
            # OpenSpiel's superko shortcut: it declares a draw; we play on under simple ko.
            assert theirs.is_terminal() and theirs.returns() == [0.0, 0.0]
            assert not ours.is_over()
            counts["superko"] += 1
            return
    assert board_of_ours(ours, size) == board_of_openspiel(theirs, size)
    if ours.is_over():
        counts["passes"] += 1
        outcome = ours.outcome()
        assert outcome is not None
        margin = outcome.detail["margin"]
    else:
        counts["cap"] += 1  # OpenSpiel's length cap: score the position as it stands
        margin = ours.score().margin
    black_return = theirs.returns()[0]
    assert black_return == (1.0 if margin > 0 else -1.0 if margin < 0 else 0.0)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "games"), [(9, 1000), (19, 100)])
def test_same_legal_moves_and_scores_as_openspiel(size: int, games: int) -> None:
    counts = {"passes": 0, "cap": 0, "superko": 0}
    for seed in range(games):
        play_one(size, seed, counts)
    assert sum(counts.values()) == games
    assert counts["passes"] > games // 2, counts
