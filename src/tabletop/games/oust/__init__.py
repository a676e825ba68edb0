"""Oust: the rules of docs/rules/oust.md on square grids and hex-hex boards."""

from typing import Any

from tabletop.core.game import Game
from tabletop.core.registry import GameInfo, register_game
from tabletop.games.oust.notation import PASS, SWAP, OustMove
from tabletop.games.oust.options import OPTION_SPECS, OustOptions
from tabletop.games.oust.rules import OustGame, OustState


def _make(values: dict[str, Any]) -> Game:
    return OustGame(OustOptions.resolve(values))


register_game(GameInfo("oust", "Oust", (2,), OPTION_SPECS, _make))

__all__ = ["PASS", "SWAP", "OustGame", "OustMove", "OustOptions", "OustState"]
