"""The text diagram of an Abalone position: the hexagon with row letters and diagonal numbers.

Row i is at the top, a at the bottom (Black's side). Each row is shifted
half a cell from its neighbours, so the diagonals run straight: the
numbers 1..5 below row a and 6..9 at the right ends of rows a..d stand
where the diagonal of that number leaves the board.

The diagram is drawn from plain data (:class:`Picture`), never from a state's
arrays; ``str(state)`` fills one in.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games import boards
from tabletop.games.abalone import geometry

MARBLE_CHARS = ".XOYU"  # index = colour = seat + 1


@dataclass(frozen=True)
class Picture:
    """What the diagram shows, as plain values."""

    #: The colour on each cell in geometry.CELLS order: 0 empty, seat + 1 for a marble.
    colours: tuple[int, ...]
    seat_names: tuple[str, ...]
    ejected: tuple[int, ...]
    #: Each seat's team with 4 players, else None.
    teams: tuple[int, ...] | None
    team_ejected: tuple[int, ...]
    to_move: int | None
    last_move: str | None
    #: (reason, winning seats) once the game is over.
    result: tuple[str, tuple[int, ...]] | None


def diagram(picture: Picture) -> str:
    """The board, then one line per seat: marbles left, marbles ejected, whose turn."""
    chars = [MARBLE_CHARS[c] for c in picture.colours]
    lines = boards.hex_diagram(geometry.SIDE, chars, gap=2)
    lines.append("")
    names = picture.seat_names
    for seat, name in enumerate(names):
        on_board = picture.colours.count(seat + 1)
        text = f"{MARBLE_CHARS[seat + 1]} {name:<7} {on_board:>2} on the board"
        text += f", ejected {picture.ejected[seat]}"
        if picture.teams is not None:
            text += f"  (team {'AB'[picture.teams[seat]]})"
        if picture.to_move == seat:
            text += "  <- to move"
        lines.append(text)
    if picture.teams is not None:
        a, b = picture.team_ejected
        lines.append(f"Team tallies: A {a}, B {b} (six wins)")
    if picture.last_move is not None:
        lines.append(f"Last move: {picture.last_move}")
    if picture.result is not None:
        reason, winners = picture.result
        won = ", ".join(names[s] for s in winners) or "nobody"
        lines.append(f"Game over ({reason}): {won} won")
    return "\n".join(lines)
