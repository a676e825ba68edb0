"""Quoridor moves, their notation and their integer actions.

Notation (docs/rules/quoridor.md §2, §9.1), seen from the first player: columns ``a``..``i``
left to right, rows ``1``..``9`` from the first player's side. A pawn move
is its destination square (``e2``; jumps and side steps get no mark). A
wall is the square nearest a1 among the four it touches plus ``h`` or ``v``
(``e3h`` lies between rows 3 and 4 across columns e and f; ``e3v`` between
columns e and f beside rows 3 and 4); anchors run a1..h8. ``pass`` is the
forced pass of a pawn that can do nothing. Output is lower case; input may
be any case, with spaces around it.

Actions (decision record 0010): ``0..80`` pawn destinations ``row*9+col``;
``81..144`` horizontal walls ``81 + row*8 + col``; ``145..208`` vertical
walls; ``209`` pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.errors import NotationError
from tabletop.core.notation import typed_text
from tabletop.games.quoridor.geometry import COLUMNS, NUM_SLOTS, NUM_SQUARES, SIZE

H_BASE = NUM_SQUARES
V_BASE = H_BASE + NUM_SLOTS
PASS_ACTION = V_BASE + NUM_SLOTS
NUM_ACTIONS = PASS_ACTION + 1

PAWN = "pawn"
HORIZONTAL = "h"
VERTICAL = "v"
PASS_KIND = "pass"


@dataclass(frozen=True, slots=True, order=True)
class QuoridorMove:
    """A pawn move to (col, row), a wall anchored at (col, row), or the forced pass.

    ``kind`` is ``"pawn"``, ``"h"``, ``"v"`` or ``"pass"``; col and row count
    from 0 at a1.
    """

    kind: str
    col: int = -1
    row: int = -1

    @property
    def is_wall(self) -> bool:
        """True for a wall placement."""
        return self.kind in (HORIZONTAL, VERTICAL)

    @property
    def is_pass(self) -> bool:
        """True for the forced pass."""
        return self.kind == PASS_KIND

    @property
    def action(self) -> int:
        """The integer action of this move."""
        if self.kind == PAWN:
            return self.row * SIZE + self.col
        if self.kind == HORIZONTAL:
            return H_BASE + self.row * (SIZE - 1) + self.col
        if self.kind == VERTICAL:
            return V_BASE + self.row * (SIZE - 1) + self.col
        return PASS_ACTION

    def __str__(self) -> str:
        if self.kind == PASS_KIND:
            return "pass"
        square = f"{COLUMNS[self.col]}{self.row + 1}"
        return square if self.kind == PAWN else square + self.kind


PASS = QuoridorMove(PASS_KIND)


def move_of_action(action: int) -> QuoridorMove:
    """The move of an integer action; NotationError when it is out of range."""
    if not 0 <= action < NUM_ACTIONS:
        raise NotationError(f"action {action} is out of range 0..{NUM_ACTIONS - 1}")
    if action < H_BASE:
        return QuoridorMove(PAWN, action % SIZE, action // SIZE)
    if action < PASS_ACTION:
        kind = HORIZONTAL if action < V_BASE else VERTICAL
        slot = (action - H_BASE) % NUM_SLOTS
        return QuoridorMove(kind, slot % (SIZE - 1), slot // (SIZE - 1))
    return PASS


#: Every move, indexed by its action (play() from an int is one lookup).
MOVES_BY_ACTION: tuple[QuoridorMove, ...] = tuple(move_of_action(a) for a in range(NUM_ACTIONS))


def parse_move(text: str) -> QuoridorMove:
    """Read ``e2``, ``e3h``, ``e3v`` or ``pass`` (any case); NotationError quotes the input."""
    cleaned = typed_text(text).lower()
    if cleaned == "pass":
        return PASS
    usage = "expected a square like e2, a wall like e3h or e3v, or 'pass'"
    if not cleaned:
        raise NotationError(f"empty move: {usage}")
    kind = PAWN
    if cleaned[-1] in (HORIZONTAL, VERTICAL) and len(cleaned) >= 3:
        kind, cleaned = cleaned[-1], cleaned[:-1]
    letter, digits = cleaned[0], cleaned[1:]
    if letter not in COLUMNS or not digits.isdigit() or not digits.isascii():
        raise NotationError(f"{text!r} is not a Quoridor move: {usage}")
    col, row = COLUMNS.index(letter), int(digits) - 1
    if kind == PAWN:
        if not 0 <= row < SIZE:
            raise NotationError(f"{text!r}: row {digits} is off the board (1..9)")
        return QuoridorMove(PAWN, col, row)
    if col >= SIZE - 1 or not 0 <= row < SIZE - 1:
        raise NotationError(
            f"{text!r}: a wall must lie inside the board; its anchor is a1..h8 "
            "(the square nearest a1 of the four it touches)"
        )
    return QuoridorMove(kind, col, row)
