"""Quoridor for 2 and 4 players: the rules of docs/rules/quoridor.md and its notation."""

from types import ModuleType
from typing import Any

from tabletop.core.game import Game
from tabletop.core.registry import GameInfo, register_game
from tabletop.games.quoridor import view
from tabletop.games.quoridor.notation import PASS, QuoridorMove
from tabletop.games.quoridor.options import OPTION_SPECS, QuoridorOptions
from tabletop.games.quoridor.rules import QuoridorGame, QuoridorState


def _make(values: dict[str, Any]) -> Game:
    return QuoridorGame(QuoridorOptions.resolve(values))


def _knowledge() -> ModuleType:
    """The evaluation the searches use (imported when a search first needs it)."""
    from tabletop.games.quoridor import evaluation

    return evaluation


register_game(
    GameInfo(
        "quoridor",
        "Quoridor",
        (2, 4),
        OPTION_SPECS,
        _make,
        board_view=view.board_view,
        knowledge=_knowledge,
    )
)

__all__ = ["PASS", "QuoridorGame", "QuoridorMove", "QuoridorOptions", "QuoridorState"]
