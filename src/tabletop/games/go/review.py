"""What a game review shows of a Go position besides the chances: who owns each point and
the estimated score (the ``review_extras`` fact, core/facts.py; docs/review.md).

While play goes on both come from the search's playouts (the analysis's
``ownership``: the share of playouts that ended with each point Black's); once
the game is over, from its count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tabletop.core.game import State
from tabletop.games.go.rules import GoState


def review_extras(state: State, detail: Mapping[str, object]) -> dict[str, Any]:
    """``ownership``: per point, row 1 first and each row from column A, from -1 (White's)
    to 1 (Black's); ``score``: Black's estimated lead in points under the game's scoring
    (negative: White leads). Nothing when the analysis brought no ownership."""
    assert isinstance(state, GoState)
    if state.is_over():
        owners = [owner for row in state.owners() for owner in row]
        ownership = [1.0 if o == 0 else -1.0 if o == 1 else 0.0 for o in owners]
        return {"ownership": ownership, "score": state.score().margin}
    shares = detail.get("ownership")
    if not isinstance(shares, Sequence):
        return {}
    ownership = [round(2.0 * float(share) - 1.0, 2) for share in shares]
    return {"ownership": ownership, "score": round(estimated_margin(state, ownership), 1)}


def estimated_margin(state: GoState, ownership: Sequence[float]) -> float:
    """Black's expected lead from the expected ownership of each point: the area margin,
    turned into a territory margin (less the stones on the board, plus the prisoners)
    under territory scoring, less komi and White's handicap bonus."""
    game = state.game
    settings = game.settings
    margin = float(sum(ownership)) - settings.komi
    if settings.scoring == "area":
        return margin - game.bonus_for(len(state.handicap_stones))
    colours = state.colours_by_action()
    black_stones = int(np.count_nonzero(colours == 1))
    white_stones = int(np.count_nonzero(colours == 2))
    black_prisoners, white_prisoners = state.prisoners
    return margin - (black_stones - white_stones) + (black_prisoners - white_prisoners)
