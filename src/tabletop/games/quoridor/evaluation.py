"""Quoridor knowledge for the computer players: the race, and walls near the paths.

* ``evaluate``: each seat's lead in the race to its goal side (the
  shortest-path difference), counted in turns (a seat that moves sooner in
  the round is that much ahead), plus a value per wall in hand: half a step
  with 2 players, a whole step with 4 (three opponents can each wall the
  leader; walls kept for the end decide 4-player games).
* ``candidates`` (alpha-beta): every pawn move, and only the walls that
  cross an opponent's shortest path and lengthen the race in the mover's
  favour, best gain first (eval_kernels.score_moves). A wall away from every
  path changes no distance now, so pruning it costs little and cuts most of
  the branching.
* ``prior`` (MCTS): the same gains as weights.

Levels 1-5 search with alpha-beta on ``evaluate`` with ``candidates``
(ai/levels.py): with so few candidates it searches deep within a level's
nodes, and the race is what decides the game. Levels 6-10 search with MCTS
valuing new leaves by ``evaluate``: alpha-beta's strength grew too slowly
with its nodes to space five more levels, while MCTS's grew with each
doubling of its iterations and its level 6 beat alpha-beta's level 5
(docs/decisions/0053). Before that, alpha-beta was chosen over MCTS with
these priors at the same seconds a move, with kernel rollouts or with
leaves valued by ``evaluate`` (bench/search_choice.py, docs/decisions/0036),
and as level 10 it beat OpenSpiel's MCTSBot (bench/strength_quoridor.py;
decision record 0037's noise fix).

With 4 players the search is max-n MCTS valuing leaves by ``evaluate``
(the "quoridor/4" table): alpha-beta, paranoid or max-n, won few games as
level 10 against three level 3, MCTS most (docs/decisions/0050). It runs
compiled whole (ai/quoridor/search.py, decision 0061) with these constants
(``search_weights``). The measurements: docs/strength.md, "Figures quoted in
the code".

Lives with the game (not in tabletop.ai) so that search stays game-independent;
it returns plain per-seat values and imports nothing from the layers above.
"""

from __future__ import annotations

import math
import random

import numpy as np

from tabletop.games.quoridor import eval_kernels, kernels
from tabletop.games.quoridor.notation import NUM_ACTIONS
from tabletop.games.quoridor.rules import QuoridorState

#: Plies a rollout may add before the position is judged by evaluate() instead.
ROLLOUT_PLIES = 324
#: One wall in hand is worth about this many steps of the race, by number of players.
#: With 4, 0.5 made level 10 trade its walls early for a step each and then lose
#: the end to the walls the others kept (decision record 0050).
WALL_STEPS = {2: 0.5, 4: 1.0}
#: Step difference that maps to about 0.76 (tanh(1)).
SCALE = 4.0


def _race(pos: np.ndarray, players: int, to_move: int) -> tuple[float, ...]:
    """Per seat: its lead in the race to the goal (distances ignore pawns), squashed to (-1, 1)."""
    meta = kernels.O_META
    wall_steps = WALL_STEPS[players]
    steps = []
    for seat in range(players):
        square = pos[meta + kernels.M_PAWN + seat]
        distance = float(pos[kernels.O_DIST + seat * kernels.SQ + square])
        # Each seat's finishing time in rounds: the seats that move later this round
        # are that much behind (with 2 players the mover is half a step ahead).
        tempo = ((seat - to_move) % players) / players
        # Walls in hand can slow the others down.
        walls = float(pos[meta + kernels.M_WALLS + seat])
        steps.append(distance + tempo - wall_steps * walls)
    values = []
    for seat in range(players):
        best_other = min(steps[o] for o in range(players) if o != seat)
        values.append(math.tanh((best_other - steps[seat]) / SCALE))
    return tuple(values)


def _won(players: int, winner: int) -> tuple[float, ...]:
    # A loss is -1 on the evaluation's scale (the outcome's -1/3 with 4 players would
    # look better than being far behind in the race).
    return tuple(1.0 if s == winner else -1.0 for s in range(players))


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
    if state.game.settings.max_plies is not None:
        cap = min(cap, start + state.game.settings.max_plies - state.ply)
    trail = np.zeros((cap + 1, kernels.TRAIL_WIDTH), dtype=np.int64)
    kernels.seed_random(rng.getrandbits(31))
    _, winner = kernels.random_playout(pos, trail, state.game.settings.side_step_around_pawns, cap)
    if winner >= 0:
        return _won(players, int(winner))
    return _race(pos, players, int(pos[kernels.O_META + kernels.M_TO_MOVE]))


def scored_moves(state: QuoridorState) -> np.ndarray:
    """Rows (action, kind, gain) for every legal action, in legal_actions() order."""
    out = np.empty((NUM_ACTIONS, 3), dtype=np.int64)
    n = eval_kernels.score_moves(state._pos, state._side, out)
    return out[:n]


def candidates(state: QuoridorState) -> list[int]:
    """Pawn moves and the walls that gain in the race, best first (all moves if none)."""
    rows = scored_moves(state)
    keep = rows[rows[:, 1] != eval_kernels.IDLE_WALL]
    if keep.shape[0] == 0:
        keep = rows
    # Best gain first; among equals a pawn move (kind 0) before a wall.
    order = np.lexsort((keep[:, 1], -keep[:, 2]))
    return [int(a) for a in keep[order, 0]]


#: Prior weight of a wall that crosses no opponent's path (it can still matter later).
IDLE_PRIOR = 0.05


def prior(state: QuoridorState) -> np.ndarray:
    """MCTS weights over legal_actions(): forward pawn moves and gaining walls first."""
    rows = scored_moves(state)
    gain = rows[:, 2].astype(np.float64)
    kind = rows[:, 1]
    weights = np.where(kind == eval_kernels.IDLE_WALL, IDLE_PRIOR, np.exp(np.clip(gain, -2, 3)))
    return np.asarray(weights, dtype=np.float64)


def search_weights(players: int) -> np.ndarray:
    """The evaluation's and the prior's constants as ai/quoridor/search.py reads them
    (its W_* order), so the compiled search values and orders moves as these functions do."""
    return np.array([WALL_STEPS[players], SCALE, IDLE_PRIOR], dtype=np.float64)
