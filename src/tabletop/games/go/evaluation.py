"""Go knowledge for the computer players: a numba playout scored by area as the rollout.

Lives with the game (not in tabletop.ai) so that search stays game-independent;
it returns plain per-seat values and imports nothing from the layers above.
"""

from __future__ import annotations

import random

import numpy as np

from tabletop.games.go import kernels
from tabletop.games.go.rules import GoState


def _settled_board(state: GoState) -> np.ndarray:
    """The board after one eye-aware playout from a copy of the state's position."""
    n = state.game.size
    board, links, stats, meta = kernels.views(state._pos.copy())
    kernels.policy_playout(
        board,
        links,
        stats,
        state._zob,
        n,
        int(meta[kernels.M_COLOR]),
        int(meta[kernels.M_KO]),
        bool(state._flags & kernels.ALLOW_SUICIDE),
        3 * n * n,
    )
    return board


def rollout(state: GoState, rng: random.Random) -> tuple[float, ...]:
    """Random play that never fills its own eyes, to two passes (cap 3*N*N plies), then the
    area score with komi: +1/-1 per seat.

    A playout is a sample: it plays simple ko whatever the rules, and counts
    area even under territory rules (the two agree on who wins nearly always).
    """
    kernels.seed_random(rng.getrandbits(31))
    owner = kernels.region_owners(_settled_board(state), state.game.size)
    black = int(np.count_nonzero(owner == kernels.BLACK))
    white = int(np.count_nonzero(owner == kernels.WHITE)) + state.game.settings.komi
    if black > white:
        return (1.0, -1.0)
    if white > black:
        return (-1.0, 1.0)
    return (0.0, 0.0)
