"""``GET /api/catalog``: the games with their options, the computer levels, the clock kinds."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from tabletop.core import list_games
from tabletop.play.clock import CLOCK_KINDS
from tabletop.server import protocol as p

router = APIRouter()


@router.get("/api/catalog", response_model=p.CatalogOut)
async def catalog() -> dict[str, Any]:
    """The games, their options with defaults and allowed values, levels and clock kinds."""
    return {
        "games": [
            {
                "name": info.name,
                "title": info.title,
                "players": list(info.players),
                "options": [
                    {
                        "name": o.name,
                        "kind": o.kind.__name__,
                        "default": o.default,
                        "default_text": o.default_text,
                        "help": o.help,
                        "choices": None if o.choices is None else list(o.choices),
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                    }
                    for o in info.options
                ],
            }
            for info in list_games()
        ],
        "levels": list(range(1, 11)),
        "clocks": list(CLOCK_KINDS),
    }
