"""Quoridor knowledge for the computer players: a kernel rollout and a race evaluation.

Lives with the game (not in tabletop.ai) so that search stays game-independent;
it returns plain per-seat values and imports nothing from the layers above.
"""

from __future__ import annotations

import math
import random

import numpy as np

from tabletop.games.quoridor import kernels
from tabletop.games.quoridor.rules import QuoridorState

#: Plies a rollout may add before the position is judged by evaluate() instead.
ROLLOUT_PLIES = 324
#: One wall in hand is worth about this many steps of the race.
WALL_STEPS = 0.5
#: Step difference that maps to about 0.76 (tanh(1)).
SCALE = 4.0


def _race(pos: np.ndarray, players: int, to_move: int) -> tuple[float, ...]:
    """Per seat: its lead in the race to the goal (distances ignore pawns), squashed to (-1, 1)."""
    meta = kernels.O_META
    steps = []
    for seat in range(players):
        square = pos[meta + kernels.M_PAWN + seat]
        distance = float(pos[kernels.O_DIST + seat * kernels.SQ + square])
        # The seat to move is half a step ahead; walls in hand can slow the others down.
        tempo = 0.5 if seat == to_move else 0.0
        steps.append(distance - tempo - WALL_STEPS * float(pos[meta + kernels.M_WALLS + seat]))
    values = []
    for seat in range(players):
        best_other = min(steps[o] for o in range(players) if o != seat)
        values.append(math.tanh((best_other - steps[seat]) / SCALE))
    return tuple(values)


def _won(players: int, winner: int) -> tuple[float, ...]:
    return tuple(1.0 if s == winner else -1.0 / (players - 1) for s in range(players))


def evaluate(state: QuoridorState) -> tuple[float, ...]:
    """The outcome when the game is over, else each seat's lead in the race, in (-1, 1)."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.returns
    players = state.game.num_players
    to_move = state.to_move
    assert to_move is not None
    return _race(state.kernel_position(), players, to_move)


def rollout(state: QuoridorState, rng: random.Random) -> tuple[float, ...]:
    """Random play in the kernels to a win, else the race evaluation where it stopped."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.returns
    players = state.game.num_players
    pos = state.kernel_position()
    start = int(pos[kernels.O_META + kernels.M_PLY])
    cap = start + ROLLOUT_PLIES
    if state.game.rules.max_plies is not None:
        cap = min(cap, start + state.game.rules.max_plies - state.ply)
    trail = np.zeros((cap + 1, kernels.TRAIL_WIDTH), dtype=np.int64)
    kernels.seed_random(rng.getrandbits(31))
    _, winner = kernels.random_playout(pos, trail, state.game.rules.side_step_around_pawns, cap)
    if winner >= 0:
        return _won(players, int(winner))
    return _race(pos, players, int(pos[kernels.O_META + kernels.M_TO_MOVE]))
