"""The text diagram of a Quoridor position: squares, pawns, walls in the grooves.

Row 9 is at the top, as the first player sees the board. A horizontal wall
is a run of seven dashes in the groove between two rows, a vertical wall a
bar in the groove between two columns on both rows and the groove between
them. Pawns are the first letter of their seat's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.quoridor.notation import COLUMNS, HORIZONTAL, SIZE

if TYPE_CHECKING:
    from tabletop.games.quoridor.rules import QuoridorState


def draw(state: QuoridorState) -> str:
    """The board with a status line: walls left per seat, whose turn, the last move."""
    names = state.game.seat_names
    pawns = {state.pawn(seat): names[seat][0] for seat in range(len(names))}
    hwalls = {(w.col, w.row) for w in state.walls() if w.kind == HORIZONTAL}
    vwalls = {(w.col, w.row) for w in state.walls() if w.kind != HORIZONTAL}

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
    left = ", ".join(f"{names[s]} {state.walls_left(s)}" for s in range(len(names)))
    status = f"Walls left: {left}"
    history = state.history
    if history:
        mover = (len(history) - 1) % len(names)
        status += f" | last move: {names[mover]} {history[-1]}"
    outcome = state.outcome()
    seat = state.to_move
    if outcome is not None and outcome.winners:
        winner = outcome.winners[0]
        status += f" | {names[winner]} reached {state.goal_name(winner)} and wins"
    elif outcome is not None:
        status += " | ended as a draw by the move cap"
    elif seat is not None:
        status += f" | {names[seat]} to move (goal: {state.goal_name(seat)})"
    lines.append(status)
    return "\n".join(lines)
