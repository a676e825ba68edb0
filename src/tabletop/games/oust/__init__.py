"""Oust: the rules of docs/rules/oust.md on square grids and hex-hex boards."""

from typing import Any

from tabletop.core.facts import GameFacts
from tabletop.core.game import Game
from tabletop.core.registry import GameInfo, register_game
from tabletop.games.oust import view
from tabletop.games.oust.notation import PASS, SWAP, OustMove
from tabletop.games.oust.options import OPTION_SPECS, START_PRESETS, OustOptions
from tabletop.games.oust.rules import OustGame, OustState
from tabletop.i18n import N_


def _make(values: dict[str, Any]) -> Game:
    return OustGame(OustOptions.resolve(values))


FACTS = GameFacts(
    board_view=view.board_view, summary=view.summary, knowledge="tabletop.games.oust.evaluation"
)
#: The game in one line, for the home page.
TAGLINE = N_("Build big groups and capture the other side's smaller ones.")
register_game(
    GameInfo("oust", "Oust", (2,), OPTION_SPECS, _make, FACTS, START_PRESETS, tagline=TAGLINE)
)

__all__ = ["PASS", "SWAP", "OustGame", "OustMove", "OustOptions", "OustState"]
