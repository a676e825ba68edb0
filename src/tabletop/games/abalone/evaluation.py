"""Abalone knowledge for the computer players: a numba playout as the rollout policy.

Lives with the game (not in tabletop.ai) so that search stays game-independent;
it returns plain per-seat values and imports nothing from the layers above.
"""

from __future__ import annotations

import random

import numpy as np

from tabletop.games.abalone import kernels
from tabletop.games.abalone.options import EJECT_TO_WIN
from tabletop.games.abalone.rules import AbaloneState

#: Random plies before a rollout is scored by the tallies (random play rarely ejects six).
ROLLOUT_PLIES = 200


def rollout(state: AbaloneState, rng: random.Random) -> tuple[float, ...]:
    """Random play in the kernels from ``state``; per-seat values in [-1, 1].

    A finished playout gives the winners +1 (losers share the loss, as in the
    outcome); an unfinished one is scored by the ejected tallies: each side's
    lead over the average of the others, over six.
    """
    game = state.game
    seat = state.to_move
    assert seat is not None
    tallies = np.zeros(4, dtype=np.int64)
    tallies[: game.num_teams] = state.team_ejected
    kernels.seed_random(rng.getrandbits(31))
    _, winner = kernels.random_playout(
        state._board.copy(),
        seat,
        game.num_players,
        game.team_of_colour,
        game.policy,
        tallies,
        ROLLOUT_PLIES,
    )
    teams = game.teams
    n_teams = game.num_teams
    if winner >= 0:
        winners = [s for s in range(game.num_players) if teams[s] == winner]
        loss = -len(winners) / (game.num_players - len(winners))
        return tuple(1.0 if teams[s] == winner else loss for s in range(game.num_players))
    score = tallies[:n_teams].astype(float)
    lead = [
        (score[t] - (score.sum() - score[t]) / (n_teams - 1)) / EJECT_TO_WIN for t in range(n_teams)
    ]
    return tuple(max(-1.0, min(1.0, lead[teams[s]])) for s in range(game.num_players))
