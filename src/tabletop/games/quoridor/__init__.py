"""Quoridor for 2 and 4 players: the rules of docs/rules/quoridor.md and its notation."""

from typing import Any

from tabletop.core.facts import GameFacts
from tabletop.core.game import Game
from tabletop.core.registry import GameInfo, register_game
from tabletop.games.quoridor import view
from tabletop.games.quoridor.notation import PASS, QuoridorMove
from tabletop.games.quoridor.options import OPTION_SPECS, START_PRESETS, QuoridorOptions
from tabletop.games.quoridor.rules import QuoridorGame, QuoridorState
from tabletop.i18n import N_


def _make(values: dict[str, Any]) -> Game:
    return QuoridorGame(QuoridorOptions.resolve(values))


FACTS = GameFacts(board_view=view.board_view, knowledge="tabletop.games.quoridor.evaluation")
#: The game in one line, for the home page.
TAGLINE = N_("Race your pawn across the board, and slow the others down with walls.")
register_game(
    GameInfo(
        "quoridor", "Quoridor", (2, 4), OPTION_SPECS, _make, FACTS, START_PRESETS, tagline=TAGLINE
    )
)

__all__ = ["PASS", "QuoridorGame", "QuoridorMove", "QuoridorOptions", "QuoridorState"]
