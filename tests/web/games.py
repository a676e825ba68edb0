"""Games to look at in the browser tests: made through the HTTP API, one of each kind."""

from __future__ import annotations

import json
import random
from typing import Any

import tabletop
from tests.web.server import call

# Each game as it is created on the home page; Go at 19x19, its smallest points.
KINDS: dict[str, dict[str, Any]] = {
    "go": {"size": 19},
    "abalone": {},
    "oust": {},
    "quoridor": {},
}


def against_computer(
    base: str, game: str, options: dict[str, Any] | None = None
) -> tuple[str, str]:
    """A game of a person (seat 0, claimed) against the computer at level 1: (id, token)."""
    options = KINDS.get(game, {}) if options is None else options
    players = tabletop.load_game(game, **options).num_players
    seats = [{"kind": "person", "name": "Ann", "claim": True}]
    seats += [{"kind": "computer", "level": 1}] * (players - 1)
    status, created = call(
        f"{base}/api/games", "POST", {"game": game, "options": options, "seats": seats}
    )
    assert status == 201, created
    return str(created["id"]), str(created["seats"][0]["token"])


def waiting(base: str, game: str) -> tuple[str, list[dict[str, Any]]]:
    """A game of people nobody has joined yet (it shows in the lobby): (id, seats with invites)."""
    status, created = call(f"{base}/api/games", "POST", {"game": game, "options": KINDS[game]})
    assert status == 201, created
    return str(created["id"]), list(created["seats"])


_IMPORTED: dict[tuple[str, str], str] = {}


def replayed(base: str, game: str, plies: int = 8, seed: int = 1) -> str:
    """An imported record of `plies` seeded random moves (it opens in the replay page): its id.

    One per server and game: the server limits how often a client imports.
    """
    if (base, game) in _IMPORTED:
        return _IMPORTED[base, game]
    state = tabletop.load_game(game, **KINDS[game]).new_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(list(state.legal_moves())))
    text = json.dumps(state.to_dict())
    status, answer = call(f"{base}/api/records", "POST", {"format": "json", "text": text})
    assert status == 201, answer
    _IMPORTED[base, game] = str(answer["id"])
    return _IMPORTED[base, game]
