"""The text diagram of an Abalone position: the hexagon with row letters and diagonal numbers.

Row i is at the top, a at the bottom (Black's side). Each row is shifted
half a cell from its neighbours, so the diagonals run straight: the
numbers 1..5 below row a and 6..9 at the right ends of rows a..d stand
where the diagonal of that number leaves the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.abalone import geometry

if TYPE_CHECKING:
    from tabletop.games.abalone.rules import AbaloneState

MARBLE_CHARS = ".XOYU"  # index = colour = seat + 1


def diagram(state: AbaloneState) -> str:
    """The board, then one line per seat: marbles left, marbles ejected, whose turn."""
    board = state._board
    lines = []
    for row in range(8, -1, -1):
        first, last = geometry.row_range(row)
        cells = []
        for number in range(first, last + 1):
            g = geometry.GRID_OF_CELL[geometry.CELL_INDEX[(row, number)]]
            cells.append(MARBLE_CHARS[int(board[g])])
        text = " " * abs(4 - row) + f"{geometry.ROWS[row]}  " + " ".join(cells)
        if row < 4:
            text += f" {row + 6}"
        lines.append(text)
    lines.append(" " * 8 + " ".join(str(n) for n in range(1, 6)))
    lines.append("")
    game = state.game
    teams = game.teams if game.num_players == 4 else None
    last_move = state.history[-1] if state.history else None
    for seat, name in enumerate(game.seat_names):
        on_board = len(state.marbles(seat))
        text = f"{MARBLE_CHARS[seat + 1]} {name:<7} {on_board:>2} on the board"
        text += f", ejected {state.ejected[seat]}"
        if teams is not None:
            text += f"  (team {'AB'[teams[seat]]})"
        if state.to_move == seat:
            text += "  <- to move"
        lines.append(text)
    if teams is not None:
        a, b = state.team_ejected
        lines.append(f"Team tallies: A {a}, B {b} (six wins)")
    if last_move is not None:
        lines.append(f"Last move: {last_move}")
    outcome = state.outcome()
    if outcome is not None:
        winners = ", ".join(game.seat_names[s] for s in outcome.winners) or "nobody"
        lines.append(f"Game over ({outcome.reason}): {winners} won")
    return "\n".join(lines)
