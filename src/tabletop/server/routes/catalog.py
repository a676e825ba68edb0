"""``GET /api/catalog``: the games with their options, presets and sides, the computer levels
in words, the clock kinds and presets: everything the create form shows (decision 0089)."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from tabletop.ai.levels import LEVEL_WORDS, MAX_LEVEL, MIN_LEVEL
from tabletop.core import TabletopError, list_games, load_game
from tabletop.core.options import Option, Preset
from tabletop.core.registry import GameInfo
from tabletop.play.clock import CLOCK_KINDS, CLOCK_PRESETS
from tabletop.server import protocol

router = APIRouter()


def sets_players(info: GameInfo, o: Option) -> bool:
    """Whether the option's choices change how many play (Abalone's and Quoridor's
    ``players``): the create form then leaves it to the presets, which name the seats."""
    if o.choices is None:
        return False
    counts = set()
    for choice in o.choices:
        try:
            counts.add(load_game(info.name, **{o.name: choice}).num_players)
        except TabletopError:
            continue
    return len(counts) > 1


def option_entry(info: GameInfo, o: Option) -> dict[str, Any]:
    """One option: its rules (kind, default, allowed values) and its player's words."""
    return {
        "name": o.name,
        "kind": o.kind.__name__,
        "default": o.default,
        "default_text": o.default_text,
        "help": o.help,
        "choices": None if o.choices is None else list(o.choices),
        "minimum": o.minimum,
        "maximum": o.maximum,
        "label": o.label,
        "explanation": o.explanation,
        "choice_labels": None
        if o.choices is None
        else [{"value": c, "label": o.choice_label(c)} for c in o.choices],
        "main": o.main,
        "sets_players": sets_players(info, o),
    }


def applies(info: GameInfo, preset: Preset, o: Option) -> bool:
    """Whether the option can take another value than its default in the preset's game
    (Abalone's team order with 2 players cannot; Oust's hexagon size on squares cannot):
    tried with each other choice, or the ends of its range."""
    if o.choices is not None:
        values: tuple[Any, ...] = o.choices
    elif o.kind is bool:
        values = (True, False)
    else:
        values = tuple(v for v in (o.minimum, o.maximum) if v is not None)
    others = [v for v in values if v != o.default and o.name not in preset.options]
    for value in others:
        try:
            load_game(info.name, **{**preset.options, o.name: o.kind(value)})
        except TabletopError:
            continue
        return True
    return not others


def preset_entries(info: GameInfo) -> list[dict[str, Any]]:
    """A game's presets, each with the seats it makes: their names and colours (the
    create form's "play as"), from the game loaded with the preset's options, and the
    options that do not apply to it (the form hides them)."""
    entries = []
    for preset in info.presets:
        game = load_game(info.name, **preset.options)
        entries.append(
            {
                "name": preset.name,
                "label": preset.label,
                "explanation": preset.explanation,
                "options": dict(preset.options),
                "players": game.num_players,
                "sides": list(game.seat_names),
                "colours": list(info.facts.colours[: game.num_players]),
                "inapplicable": [o.name for o in info.options if not applies(info, preset, o)],
            }
        )
    return entries


def preview(info: GameInfo) -> dict[str, Any]:
    """The board of the game's first preset at the start, for the home page's picture
    (drawn by the game's own board renderer, as a game page draws it)."""
    game = load_game(info.name, **(info.presets[0].options if info.presets else {}))
    return {
        "board": dict(info.facts.board_view(game.new_state())),
        "players": game.num_players,
        "colours": list(info.facts.colours[: game.num_players]),
    }


@cache
def catalog_body() -> dict[str, Any]:
    """The catalog (made once: the registry does not change while the server runs)."""
    return {
        "games": [
            {
                "name": info.name,
                "title": info.title,
                "tagline": info.tagline,
                "preview": preview(info),
                "players": list(info.players),
                "options": [option_entry(info, o) for o in info.options],
                "presets": preset_entries(info),
            }
            for info in list_games()
        ],
        "levels": list(range(MIN_LEVEL, MAX_LEVEL + 1)),
        "level_words": [
            {"level": level, "words": LEVEL_WORDS[level]}
            for level in range(MIN_LEVEL, MAX_LEVEL + 1)
        ],
        "clocks": list(CLOCK_KINDS),
        "clock_presets": [
            {"name": name, "label": label, "explanation": explanation, "clock": clock}
            for name, label, explanation, clock in CLOCK_PRESETS
        ],
    }


@router.get("/api/catalog", response_model=protocol.CatalogOut)
async def catalog() -> dict[str, Any]:
    """The games, their options with defaults, allowed values and words, their presets,
    the computer levels in words, the clock kinds and presets."""
    return catalog_body()
