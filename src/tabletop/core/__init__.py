"""The core contract that every game, the AI, the match layer and the server import."""

from tabletop.core.errors import IllegalMoveError, NotationError, OptionError, TabletopError
from tabletop.core.game import ActionArray, Game, Move, Outcome, State
from tabletop.core.options import OptionSpec
from tabletop.core.registry import (
    GameInfo,
    game_info,
    info_of,
    list_games,
    load_game,
    register_game,
)

__all__ = [
    "ActionArray",
    "Game",
    "GameInfo",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "State",
    "TabletopError",
    "game_info",
    "info_of",
    "list_games",
    "load_game",
    "register_game",
]
