"""Go: the rules of docs/rules/go.md, GTP notation and SGF records."""

from typing import Any

from tabletop.core.game import Game
from tabletop.core.registry import GameInfo, register_game
from tabletop.games.go.notation import PASS, GoMove
from tabletop.games.go.options import OPTION_SPECS, GoOptions
from tabletop.games.go.rules import GoGame, GoState


def _make(values: dict[str, Any]) -> Game:
    return GoGame(GoOptions.resolve(values))


register_game(GameInfo("go", "Go", (2,), OPTION_SPECS, _make))

__all__ = ["PASS", "GoGame", "GoMove", "GoOptions", "GoState"]
