"""The game registry: ``load_game(name, **options)`` and ``list_games()``.

Games register themselves when their package is imported; importing
:mod:`tabletop` imports every built-in game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.core.facts import BoardView, KnowledgeLoader, RecordFormat, ScoringPhase, no_summary
from tabletop.core.game import Game
from tabletop.core.options import OptionSpec, validate_options


@dataclass(frozen=True)
class GameInfo:
    """What ``list_games()`` tells about one game, and the facts the generic layers ask it
    for instead of testing its name (core/facts.py).

    ``knowledge`` None: the searches play random rollouts (a game that has a
    knowledge module names it, so that an error importing it is an error).
    """

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    factory: Callable[[dict[str, Any]], Game]
    board_view: BoardView
    summary: Callable[[Game], str] = no_summary
    scoring: ScoringPhase | None = None
    records: Mapping[str, RecordFormat] = field(default_factory=dict)
    knowledge: KnowledgeLoader | None = None
    pass_move: bool = False


_GAMES: dict[str, GameInfo] = {}


def register_game(info: GameInfo) -> None:
    """Add a game to the registry (a second registration under one name is an error)."""
    if info.name in _GAMES and _GAMES[info.name] is not info:
        raise ValueError(f"game {info.name!r} is already registered")
    _GAMES[info.name] = info


def list_games() -> list[GameInfo]:
    """Every registered game with its options, defaults and allowed values."""
    return [_GAMES[name] for name in sorted(_GAMES)]


def game_info(name: str) -> GameInfo:
    """The registry entry of ``name``; OptionError naming the known games if unknown."""
    key = name.strip().lower()
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise OptionError(f"unknown game {name!r}; known games: {known}")
    return _GAMES[key]


def info_of(game: Game) -> GameInfo:
    """The registry entry of a loaded game: its facts (the registry holds every game)."""
    return _GAMES[game.name]


def load_game(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options`` validated against its declared options."""
    info = game_info(name)
    values = validate_options(info.name, info.options, options)
    return info.factory(values)
