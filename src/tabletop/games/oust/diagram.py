"""Text diagrams of Oust boards: the square grid as Go's, the hex board as a hexagon.

The hex board is drawn as Abalone's: the top row first, each row indented
by half a cell from its neighbour, row letters on the left and the diagonal
numbers below the bottom row and down the lower-right edge, each at the
foot of its diagonal. A status line follows the board; both are drawn from
plain data (:class:`Picture`), which ``str(state)`` fills in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games import boards
from tabletop.games.oust.geometry import SQUARE_COLUMNS, Grid
from tabletop.i18n import N_

#: Drawn per kernel cell value: EMPTY, BLACK, WHITE.
CHARS = ".XO"
SEAT_NAMES = (N_("Black"), N_("White"))


@dataclass(frozen=True)
class Picture:
    """What the diagram shows, as plain values."""

    #: Per cell in action order: 0 empty, 1 black, 2 white.
    cells: tuple[int, ...]
    #: The cell of the last placement, or -1.
    last_cell: int
    stones: tuple[int, int]
    last_move: str | None
    #: Stones the last move took.
    captured: int
    to_move: int | None
    #: The outcome's winning seats and reason once the game is over.
    result: tuple[tuple[int, ...], str] | None
    #: Why the seat to move is to move: "continues" (after a capture), "must-pass",
    #: "may-swap" or "".
    turn_note: str


#: The status line's words for each turn note.
TURN_NOTES = {
    "continues": " again (after a capture)",
    "must-pass": " - no placement is legal: pass",
    "may-swap": " (place, or swap)",
    "": "",
}


def diagram(grid: Grid, picture: Picture) -> str:
    """The board, then a line: stones, the last move and what it took, whose turn."""
    black, white = picture.stones
    status = f"Stones: Black {black}, White {white}"
    if picture.last_move is not None:
        status += f" | last move: {picture.last_move}"
        if picture.captured:
            status += f" (took {picture.captured})"
    if picture.result is not None:
        winners, reason = picture.result
        if winners:
            status += f" | {SEAT_NAMES[winners[0]]} wins: every enemy stone is gone"
        else:
            status += f" | draw ({reason})"
    elif picture.to_move is not None:
        status += f" | {SEAT_NAMES[picture.to_move]} to move{TURN_NOTES[picture.turn_note]}"
    return render(grid, picture.cells, picture.last_cell) + "\n" + status


def render(grid: Grid, cells: Sequence[int], last: int = -1) -> str:
    """The board with ``cells`` (0 empty, 1 black, 2 white per cell); ``last`` in brackets."""
    chars = [CHARS[c] for c in cells]
    if grid.shape == "hex":
        lines = boards.hex_diagram(grid.side, chars, gap=1, margin=2, last=last)
    else:
        lines = boards.square_diagram(grid.width, grid.height, chars, SQUARE_COLUMNS, 2, last)
    return "\n".join(lines)
