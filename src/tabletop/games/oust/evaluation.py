"""Oust knowledge for the computer players: a numba playout as the rollout policy.

Lives with the game (not in tabletop.ai) so that search stays game-independent;
it returns plain per-seat values and imports nothing from the layers above.
"""

from __future__ import annotations

import random

from tabletop.games.oust import kernels
from tabletop.games.oust.rules import OustState


def rollout(state: OustState, rng: random.Random) -> tuple[float, ...]:
    """Random play in the kernels to the end: +1/-1 for the winner, 0 for a draw or no end."""
    game = state.game
    kernels.seed_random(rng.getrandbits(31))
    scratch = kernels.new_scratch(game.neighbours.shape[0])
    _, _, _, winner = kernels.random_playout(
        state.kernel_position(), game.neighbours, scratch, game.flags, 0
    )
    # Seats keep their colours (the pie swap recolours the stone, not the players).
    if winner == kernels.BLACK:
        return (1.0, -1.0)
    if winner == kernels.WHITE:
        return (-1.0, 1.0)
    return (0.0, 0.0)
