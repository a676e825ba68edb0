"""The value of a finished game to a search: one scale for outcomes and evaluations.

Evaluations and rollouts value a seat's position in [-1, 1]. ``Outcome.returns``
are zero-sum shares instead: with 3-4 players a loss is only -1/(n-1), better
than a far-behind evaluation, so a search using them would rather let another
seat win than fall behind (decision record 0050). Searches value finished games
with ``search_values``: +1 for every winner, -1 for every other seat, and the
returns themselves for a draw.
"""

from __future__ import annotations

from tabletop.core.game import Outcome

WIN, LOSS = 1.0, -1.0


def search_values(outcome: Outcome) -> tuple[float, ...]:
    """A finished game's value per seat on the evaluations' scale."""
    if not outcome.winners:
        return outcome.returns
    return tuple(WIN if s in outcome.winners else LOSS for s in range(len(outcome.returns)))
