"""Abalone for 2, 3 and 4 players: the rules of docs/rules/abalone.md and its notation."""

from typing import Any

from tabletop.core.facts import GameFacts
from tabletop.core.game import Game
from tabletop.core.registry import GameInfo, register_game
from tabletop.games.abalone import view
from tabletop.games.abalone.notation import PASS, AbaloneMove
from tabletop.games.abalone.options import OPTION_SPECS, START_PRESETS, AbaloneOptions
from tabletop.games.abalone.rules import AbaloneGame, AbaloneState
from tabletop.i18n import N_


def _make(values: dict[str, Any]) -> Game:
    return AbaloneGame(AbaloneOptions.resolve(values))


FACTS = GameFacts(
    board_view=view.board_view,
    knowledge="tabletop.games.abalone.evaluation",
    # The marbles' colours are the seats' names (rules.SEAT_NAMES).
    colours=("black", "white", "yellow", "blue"),
)
#: The game in one line, for the home page.
TAGLINE = N_("Push six of the other side's marbles off the board.")
register_game(
    GameInfo(
        "abalone", "Abalone", (2, 3, 4), OPTION_SPECS, _make, FACTS, START_PRESETS, tagline=TAGLINE
    )
)

__all__ = ["PASS", "AbaloneGame", "AbaloneMove", "AbaloneOptions", "AbaloneState"]
