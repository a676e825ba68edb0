"""Abalone knowledge for the computer players: material, centre, cohesion, danger at the edge.

* ``rollout``: random play in the kernels, scored by the tallies.
* ``evaluate``: per side, marbles ejected, distance to the centre,
  cohesion (friendly neighbour pairs), marbles on the edge ring and the
  ejections it could make if it moved now (danger at the edge for the
  other sides): the side to move will make one, the others only threaten.
  With 3 and 4 players also the pushes available, the pressure they bring,
  pairs summed and the distance to ABA-PRO's reference point, weighted as
  2-player level 10 weighs them (eval_kernels.WEIGHTS_BY_PLAYERS, decision 0187).
* ``prior`` / ``candidates``: ejections first, then pushes, then the rest.

The search for Abalone is alpha-beta on ``evaluate`` (ai/levels.py): a
random playout of Abalone almost never ejects six marbles, so rollouts say
little, while the evaluation sees material and danger directly: alpha-beta
beat MCTS with these priors and kernel rollouts at the same seconds a move
(docs/decisions/0036; measured: docs/strength.md, "Figures quoted in the
code").

Lives with the game (not in tabletop.ai) so that search stays game-independent;
it returns plain per-seat values and imports nothing from the layers above.
"""

from __future__ import annotations

import functools
import random

import numpy as np

from tabletop.games.abalone import eval_kernels, kernels
from tabletop.games.abalone.options import EJECT_TO_WIN
from tabletop.games.abalone.rules import AbaloneState

#: Random plies before a rollout is scored by the tallies (random play rarely ejects six).
ROLLOUT_PLIES = 200


def rollout(state: AbaloneState, rng: random.Random) -> tuple[float, ...]:
    """Random play in the kernels from ``state``; per-seat values in [-1, 1].

    A finished playout gives the winners +1 and every other seat -1 (the
    evaluation's scale, not the outcome's shared loss: with 3 players a loss
    of -1/2 would beat a bad running position); an unfinished one is scored
    by the ejected tallies: each side's lead over the average of the others,
    over six.
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
        return tuple(1.0 if teams[s] == winner else -1.0 for s in range(game.num_players))
    score = tallies[:n_teams].astype(float)
    lead = [
        (score[t] - (score.sum() - score[t]) / (n_teams - 1)) / EJECT_TO_WIN for t in range(n_teams)
    ]
    return tuple(max(-1.0, min(1.0, lead[teams[s]])) for s in range(game.num_players))


def evaluate(state: AbaloneState) -> tuple[float, ...]:
    """Per-seat value in [-1, 1]: the outcome when over, else each side's lead over
    the other sides (eval_kernels.team_values) on the terms weighted for the game's
    player count (eval_kernels.WEIGHTS_BY_PLAYERS): with 2 players ejected marbles
    (6 each), closeness to the centre (-1 per ring of mean distance), cohesion
    (+0.5 per friendly neighbour pair per marble), marbles on the edge ring (-0.25
    each) and an ejection it could make if it moved now (+3 for the side to move,
    which will make it, +1 for a side that only threatens); 3 and 4 players the same
    for now (the 2-player level 10's `pressing` terms are the candidate, decision
    0187)."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.returns
    game = state.game
    values = eval_kernels.team_values(
        state._board,
        game.num_players,
        game.team_of_colour,
        game.num_teams,
        _tally_array(state.team_ejected),
        state._seat,
        eval_kernels.WEIGHTS_BY_PLAYERS[game.num_players],
    )
    per_team = values.tolist()
    if not game.has_teams:  # a team per seat
        return tuple(per_team)
    return tuple(per_team[t] for t in game.teams)


@functools.cache
def _tally_array(tallies: tuple[int, ...]) -> np.ndarray:
    """The tallies as the kernel's array, made once per tally (a few dozen occur in a game);
    read-only, as it is shared."""
    array = np.array(tallies, dtype=np.int64)
    array.flags.writeable = False
    return array


#: Prior weight per move kind (plain, push, eject).
KIND_WEIGHTS = np.array([1.0, 3.0, 30.0])


def prior(state: AbaloneState) -> np.ndarray:
    """MCTS weights over legal_actions(): ejections, then pushes, then the rest."""
    kinds = eval_kernels.kinds(state._board, state.legal_actions())
    weights: np.ndarray = KIND_WEIGHTS[kinds]
    return weights


def candidates(state: AbaloneState) -> list[int]:
    """Every legal action: ejections first, then pushes, then the rest (stable)."""
    actions = state.legal_actions()
    kinds = eval_kernels.kinds(state._board, actions)
    order = np.argsort(-kinds, kind="stable")
    return [int(a) for a in actions[order]]
