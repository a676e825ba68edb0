"""The game registry: ``load_game(name, **options)`` and ``list_games()``.

Games register themselves when their package is imported; importing
:mod:`tabletop` imports every built-in game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.core.facts import GameFacts
from tabletop.core.game import Game
from tabletop.core.options import Option, Preset, validate_options


@dataclass(frozen=True)
class GameInfo:
    """What ``list_games()`` tells about one game, and its facts for the generic layers
    (core/facts.py); ``presets`` are its named starting points for the create form."""

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    factory: Callable[[dict[str, Any]], Game]
    facts: GameFacts
    presets: tuple[Preset, ...] = ()
    #: What the game is, in one line for the home page (marked N_: the browser translates it).
    tagline: str = ""


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


def facts_of(game: Game) -> GameFacts:
    """The facts of a loaded game (its board view, scoring phase, record formats, ...)."""
    return _GAMES[game.name].facts


def load_game(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options`` validated against its declared options."""
    info = game_info(name)
    values = validate_options(info.name, info.options, options)
    return info.factory(values)
