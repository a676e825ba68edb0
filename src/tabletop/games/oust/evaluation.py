"""Oust knowledge for the computer players: material, threats, groups and safe placements.

* ``rollout``: random play in the kernels to the end.
* ``evaluate``: the side to move's lead in stones, plus the capture it can
  make now (it moves, and a capture even places again), minus half the
  capture the opponent threatens, plus small terms for safe placements
  (quiet stones touching no enemy, which nothing can take at once), the
  largest group (only a larger group captures) and mobility.
* ``candidates`` / ``prior``: captures first, largest first; then safe
  placements; exposed placements last.

The search for Oust is MCTS (PUCT) with ``prior`` (ai/levels.py): with the
kernel rollout at levels 1-7, with ``evaluate`` at the leaves from level 8
up. A random Oust playout is cheap and ends in a real result, and against
alpha-beta on ``evaluate`` + ``candidates`` playout MCTS held its own
(bench/search_choice.py, docs/decisions/0036). But it stops gaining with
work: doubling its iterations gained nothing clear. MCTS valuing leaves by
``evaluate`` keeps gaining with each doubling and beat playouts clearly
(docs/decisions/0056), so the upper levels use it; the lower levels,
measured and evenly spaced, keep playouts. The measurements: docs/strength.md,
"Figures quoted in the code".
The upper levels run it compiled whole (ai/oust/search.py, decision
0060), with these weights (``search_weights``).

Lives with the game (not in tabletop.ai) so that search stays game-independent;
it returns plain per-seat values and imports nothing from the layers above.
"""

from __future__ import annotations

import math
import random

import numpy as np

from tabletop.games.oust import eval_kernels, kernels
from tabletop.games.oust.rules import OustState


def rollout(state: OustState, rng: random.Random) -> tuple[float, ...]:
    """Random play in the kernels to the end: +1/-1 for the winner, 0 for a draw or no end."""
    game = state.game
    kernels.seed_random(rng.getrandbits(31))
    # The state's own work space: its stamped marks need no clearing between uses.
    _, _, _, winner = kernels.random_playout(
        state.kernel_position(), game.neighbours, state._scratch, game.flags, 0
    )
    # Seats keep their colours (the pie swap recolours the stone, not the players).
    if winner == kernels.BLACK:
        return (1.0, -1.0)
    if winner == kernels.WHITE:
        return (-1.0, 1.0)
    return (0.0, 0.0)


#: Weights of the evaluation (in stones). The capture the mover can make now counts almost
#: fully; the opponent's threat half (the mover may parry it, or capture first).
MOVER_CAPTURE = 0.9
THREAT = 0.5
SAFE = 0.1
GROUP = 0.15
MOBILITY = 0.02
#: Stone lead that maps to about 0.76 (tanh(1)).
SCALE = 6.0


def evaluate(state: OustState) -> tuple[float, ...]:
    """(Black's value, White's value) in [-1, 1]: the outcome when over, else the lead."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.returns
    seat = state.to_move
    assert seat is not None
    f = eval_kernels.features(state._board, state._nbr, state._scratch)
    me, other = f[seat], f[1 - seat]
    raw = (
        float(me[eval_kernels.F_STONES] - other[eval_kernels.F_STONES])
        + MOVER_CAPTURE * float(me[eval_kernels.F_BEST])
        - THREAT * float(other[eval_kernels.F_BEST])
        + SAFE * float(me[eval_kernels.F_SAFE] - other[eval_kernels.F_SAFE])
        + GROUP * float(me[eval_kernels.F_GROUP] - other[eval_kernels.F_GROUP])
        + MOBILITY * float(me[eval_kernels.F_MOBILITY] - other[eval_kernels.F_MOBILITY])
    )
    value = math.tanh(raw / SCALE)
    return (value, -value) if seat == 0 else (-value, value)


#: Order (and prior weight) of a placement by kind: a capture's weight grows with its size.
_ORDER = {eval_kernels.CAPTURE: 0, eval_kernels.SAFE: 1, eval_kernels.EXPOSED: 2}
_WEIGHT = {eval_kernels.SAFE: 1.0, eval_kernels.EXPOSED: 0.3}
#: A capture's prior weight is this plus the stones it takes.
_CAPTURE_WEIGHT = 3.0


def _kinds(state: OustState) -> np.ndarray:
    seat = state.to_move
    assert seat is not None
    return eval_kernels.kinds_of(state._board, state._nbr, state._scratch, seat + 1)


def candidates(state: OustState) -> list[int]:
    """Every legal action: captures (largest first), then safe, then exposed placements."""
    actions: list[int] = state.legal_actions().tolist()
    cells = state.game.num_cells
    kinds = _kinds(state)

    def key(a: int) -> tuple[int, int]:
        if a >= cells:  # pass or swap
            return (1, 0)
        return (_ORDER.get(int(kinds[a, 0]), 3), -int(kinds[a, 1]))

    return sorted(actions, key=key)


def prior(state: OustState) -> np.ndarray:
    """MCTS weights over legal_actions(): captures (by size), safe, exposed placements."""
    actions = state.legal_actions()
    cells = state.game.num_cells
    kinds = _kinds(state)
    weights = np.ones(len(actions), dtype=np.float64)  # pass and swap: 1
    placed = actions < cells
    kind = kinds[actions[placed], 0]
    size = kinds[actions[placed], 1]
    # Numpy, not a loop: MCTS asks for the prior at every node it grows.
    weights[placed] = np.where(
        kind == eval_kernels.CAPTURE,
        _CAPTURE_WEIGHT + size,
        np.where(
            kind == eval_kernels.EXPOSED, _WEIGHT[eval_kernels.EXPOSED], _WEIGHT[eval_kernels.SAFE]
        ),
    )
    return weights


def search_weights() -> np.ndarray:
    """The evaluation's and the prior's weights as ai/oust/search.py reads them (its W_*
    order), so the compiled search values and orders moves exactly as these functions do."""
    return np.array(
        [
            MOVER_CAPTURE,
            THREAT,
            SAFE,
            GROUP,
            MOBILITY,
            SCALE,
            _CAPTURE_WEIGHT,
            _WEIGHT[eval_kernels.SAFE],
            _WEIGHT[eval_kernels.EXPOSED],
        ],
        dtype=np.float64,
    )
