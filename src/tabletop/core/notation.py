"""What every game's notation does first with a move or a cell a player typed."""

from __future__ import annotations

from tabletop.core.errors import NotationError


def typed_text(text: object) -> str:
    """``text`` without the spaces around it; NotationError when it is not text at all (a
    number or null from a JSON frame, say), quoting it."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not text")
    return text.strip()
