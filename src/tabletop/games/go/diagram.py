"""The text diagram of a Go position: the grid with GTP letters, stones, star points.

Row 1 is at the bottom. ``X`` is a black stone, ``O`` a white one, ``x`` and
``o`` stones marked dead, ``+`` a star point; the last stone played is in
brackets. The diagram is drawn from plain data (:class:`Picture`); ``str(state)``
fills one in.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games import boards
from tabletop.games.go.geometry import COLUMNS
from tabletop.games.go.handicap import star_points
from tabletop.i18n import N_

SEAT_NAMES = (N_("Black"), N_("White"))
#: Drawn for a stone of seat 0 and seat 1, alive and marked dead.
STONE_CHARS = ("X", "O")
DEAD_CHARS = ("x", "o")


@dataclass(frozen=True)
class Picture:
    """What the diagram shows, as plain values; points are ``row * size + col``."""

    size: int
    #: Per point: -1 empty, else the seat whose stone is on it.
    stones: tuple[int, ...]
    dead: frozenset[int]
    #: The point of the last move, or -1 (none yet, or a pass).
    last_point: int
    #: The last move in notation and the seat that played it, or None.
    last_move: tuple[int, str] | None
    prisoners: tuple[int, int]
    #: "score" or "cycle" once play has ended, else None.
    ended: str | None
    to_move: int


def diagram(picture: Picture) -> str:
    """The board, then a line: prisoners, the last move, whose turn or why play ended."""
    n = picture.size
    stars = {row * n + col for col, row in star_points(n)}
    chars = []
    for point, seat in enumerate(picture.stones):
        if seat >= 0:
            chars.append(DEAD_CHARS[seat] if point in picture.dead else STONE_CHARS[seat])
        else:
            chars.append("+" if point in stars else ".")
    lines = boards.square_diagram(n, n, chars, COLUMNS, 1, picture.last_point)
    black, white = picture.prisoners
    status = f"Prisoners: Black {black}, White {white}"
    if picture.last_move is not None:
        seat, move = picture.last_move
        status += f" | last move: {SEAT_NAMES[seat]} {move}"
    if picture.ended == "score":
        status += " | play has ended (two passes)"
    elif picture.ended == "cycle":
        status += " | ended without result (cycle)"
    else:
        status += f" | {SEAT_NAMES[picture.to_move]} to move"
    lines.append(status)
    return "\n".join(lines)
