"""View deltas: applying one to the view a watcher has gives exactly the new view."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import list_games, load_game
from tabletop.play.match import Match, SeatSpec
from tabletop.server.rooms import kept
from tabletop.server.views import apply_delta, game_view, shown_part, view_delta

GAMES = [info.name for info in list_games()]


def new_match(name: str) -> Match:
    """A person (seat 0: undo is free) against computer seats, all moves chosen here."""
    game = load_game(name)
    seats = [SeatSpec()] + [SeatSpec("computer", 1) for _ in range(game.num_players - 1)]
    match = Match(game, seats, now=lambda: 100.0)
    match.claim(0)
    return match


def step(match: Match, rng: random.Random) -> None:
    seat = match.to_move
    assert seat is not None
    move = rng.choice(match.legal_moves())
    if seat == 0:
        match.play(seat, move)
    else:
        match.play_computer(seat, move)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_a_delta_turns_the_old_view_into_the_new_one(name: str, seed: int) -> None:
    rng = random.Random(seed)
    match = new_match(name)
    view = game_view(match, "g", 0)
    stored = list(match.moves)
    for seq in range(1, 40):
        if match.status != "playing":
            break
        if any(m["seat"] == 0 for m in match.moves) and rng.random() < 0.15:
            match.request_undo(0)  # granted at once: takes back one or more plies
        else:
            step(match, rng)
        after = game_view(match, "g", seq)
        change = view_delta(shown_part(view), kept(stored, match.moves), after)
        assert apply_delta(json.loads(json.dumps(view)), json.loads(json.dumps(change))) == (
            json.loads(json.dumps(after))
        )
        view, stored = after, list(match.moves)


@pytest.mark.parametrize("name", GAMES)
def test_a_delta_does_not_grow_with_the_game(name: str) -> None:
    rng = random.Random(1)
    match = new_match(name)
    sizes = []
    view = game_view(match, "g", 0)
    stored = list(match.moves)
    for seq in range(1, 61):
        if match.status != "playing":
            break
        step(match, rng)
        after = game_view(match, "g", seq)
        change = view_delta(shown_part(view), kept(stored, match.moves), after)
        assert change["moves"] == {"keep": seq - 1, "add": [match.moves[-1]]}
        sizes.append(len(json.dumps({k: v for k, v in change.items() if k != "set"})))
        view, stored = after, list(match.moves)
    # The move list and the board's unchanged cells are never resent.
    assert max(sizes) < 600, sizes
