"""The core contract that every game, the AI, the match layer and the server import."""

from tabletop.core.errors import IllegalMoveError, NotationError, OptionError, TabletopError
from tabletop.core.facts import GameFacts
from tabletop.core.game import ActionArray, Game, Move, Outcome, State
from tabletop.core.options import Option
from tabletop.core.registry import (
    GameInfo,
    facts_of,
    game_info,
    list_games,
    load_game,
    register_game,
)

__all__ = [
    "ActionArray",
    "Game",
    "GameFacts",
    "GameInfo",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Option",
    "OptionError",
    "Outcome",
    "State",
    "TabletopError",
    "facts_of",
    "game_info",
    "list_games",
    "load_game",
    "register_game",
]
