"""The text diagram of a Quoridor position: squares, pawns, walls in the grooves.

Row 9 is at the top, as the first player sees the board. A horizontal wall
is a run of seven dashes in the groove between two rows, a vertical wall a
bar in the groove between two columns on both rows and the groove between
them. Pawns are the first letter of their seat's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.quoridor.geometry import COLUMNS, SIZE


@dataclass(frozen=True)
class Picture:
    """What the diagram shows, as plain values; walls are (col, row) anchors."""

    seat_names: tuple[str, ...]
    pawns: tuple[str, ...]
    horizontal: frozenset[tuple[int, int]]
    vertical: frozenset[tuple[int, int]]
    walls_left: tuple[int, ...]
    #: Each seat's goal side in words ("row 9").
    goals: tuple[str, ...]
    last_move: str | None
    ply: int
    to_move: int | None
    winner: int | None
    #: True when the game ended without a winner (the move cap).
    drawn: bool


def draw(picture: Picture) -> str:
    """The board with a status line: walls left per seat, whose turn, the last move."""
    names = picture.seat_names
    pawns = {square: names[seat][0] for seat, square in enumerate(picture.pawns)}
    hwalls, vwalls = picture.horizontal, picture.vertical

    def east_blocked(col: int, row: int) -> bool:  # groove east of (col, row)
        return (col, row) in vwalls or (col, row - 1) in vwalls

    def north_blocked(col: int, row: int) -> bool:  # groove north of (col, row)
        return (col, row) in hwalls or (col - 1, row) in hwalls

    width = 4 * SIZE - 1
    letters = "     " + "   ".join(COLUMNS)
    lines = [letters, "   +" + "-" * width + "+"]
    for row in range(SIZE - 1, -1, -1):
        cells = []
        for col in range(SIZE):
            cells.append(f" {pawns.get(f'{COLUMNS[col]}{row + 1}', '.')} ")
            if col < SIZE - 1:
                cells.append("|" if east_blocked(col, row) else " ")
        lines.append(f"{row + 1:>2} |{''.join(cells)}| {row + 1}")
        if row == 0:
            break
        groove = []
        for col in range(SIZE):
            groove.append("---" if north_blocked(col, row - 1) else "   ")
            if col < SIZE - 1:
                if (col, row - 1) in hwalls:
                    groove.append("-")
                elif (col, row - 1) in vwalls:
                    groove.append("|")
                else:
                    groove.append(" ")
        lines.append(f"   |{''.join(groove)}|")
    lines.append("   +" + "-" * width + "+")
    lines.append(letters)
    left = ", ".join(f"{names[s]} {picture.walls_left[s]}" for s in range(len(names)))
    status = f"Walls left: {left}"
    if picture.last_move is not None:
        mover = (picture.ply - 1) % len(names)
        status += f" | last move: {names[mover]} {picture.last_move}"
    seat = picture.to_move
    if picture.winner is not None:
        status += f" | {names[picture.winner]} reached {picture.goals[picture.winner]} and wins"
    elif picture.drawn:
        status += " | ended as a draw by the move cap"
    elif seat is not None:
        status += f" | {names[seat]} to move (goal: {picture.goals[seat]})"
    lines.append(status)
    return "\n".join(lines)
