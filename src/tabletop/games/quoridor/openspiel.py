"""OpenSpiel's Quoridor notation and seats, converted to ours (docs/rules/quoridor.md §9.3).

OpenSpiel draws the board upside down: its first player starts on its
``e9``. A square ``xR`` of OpenSpiel is our ``x(10-R)``; a wall ``xRh`` or
``xRv`` is our ``x(9-R)h`` / ``x(9-R)v`` (walls are named by the square
nearest a1, and that corner flips too). With four players OpenSpiel numbers
the seats 0, 2, 1, 3 in the order of play (e1, a5, e9, i5).
"""

from __future__ import annotations

from tabletop.core.errors import NotationError
from tabletop.games.quoridor.geometry import SIZE

#: Our seat of each OpenSpiel player id, by player count.
SEAT_OF_PLAYER = {2: (0, 1), 4: (0, 2, 1, 3)}


def from_openspiel(text: str) -> str:
    """Our notation of a move written in OpenSpiel's (``a1h`` -> ``a8h``, ``e8`` -> ``e2``)."""
    cleaned = text.strip().lower()
    kind = cleaned[-1] if cleaned[-1:] in ("h", "v") else ""
    body = cleaned[:-1] if kind else cleaned
    if len(body) < 2 or not (body[1:].isascii() and body[1:].isdigit()):
        raise NotationError(f"{text!r} is not an OpenSpiel Quoridor move")
    row = int(body[1:])
    flipped = SIZE - row if kind else SIZE + 1 - row
    return f"{body[0]}{flipped}{kind}"


def to_openspiel(text: str) -> str:
    """OpenSpiel's notation of one of our moves (the flip is its own inverse)."""
    return from_openspiel(text)
