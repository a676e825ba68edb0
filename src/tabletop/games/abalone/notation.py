"""Abalone moves and their notation (docs/rules/abalone.md §9).

* In-line (single marbles too): the rearmost moving marble, then the cell it
  moves to: ``a1b2``. The group is that marble and the friendly marbles
  straight ahead of it; opposing marbles beyond are pushed.
* Broadside: the two end cells of the line, then where the first-named end
  goes: ``c3c5d4``. The canonical form names the lower end first (lower row,
  or the smaller number on one row); input may name either end first.
* ``pass``, legal only when a side has no move.

Output is lower case; input may be any case, with spaces around it. A move
value is its integer action (see kernels.py), so values, actions and texts
map one to one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.core.errors import NotationError
from tabletop.core.notation import typed_text
from tabletop.games.abalone import geometry, kernels
from tabletop.games.abalone.geometry import CELL_OF_NAME, NAMES, ROWS

_MOVE = re.compile(r"([a-z])([0-9]+)([a-z])([0-9]+)(?:([a-z])([0-9]+))?")


@dataclass(frozen=True, slots=True, order=True)
class AbaloneMove:
    """A move, held as its integer action; ``str()`` is the canonical notation."""

    action: int

    @property
    def is_pass(self) -> bool:
        """True for the pass (only legal when nothing else is)."""
        return self.action == kernels.PASS_ACTION

    @property
    def is_broadside(self) -> bool:
        """True for a sideways move of a line of two or three marbles."""
        return kernels.INLINE_ACTIONS <= self.action < kernels.PASS_ACTION

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells named: (rear marble, destination) or (first end, last end, destination)."""
        return describe(self.action)

    def __str__(self) -> str:
        if self.is_pass:
            return "pass"
        return "".join(NAMES[c] for c in describe(self.action))


PASS = AbaloneMove(kernels.PASS_ACTION)

#: Every move value, by action: searches play integers, and a move is made once.
MOVES_BY_ACTION: tuple[AbaloneMove, ...] = tuple(AbaloneMove(a) for a in range(kernels.NUM_ACTIONS))


def inline_action(cell: int, direction: int) -> int:
    """The action of the in-line move of the marble on ``cell`` in ``direction``."""
    return cell * 6 + direction


def broadside_action(first: int, axis: int, length: int, side: int) -> int:
    """The action of the line of ``length`` from ``first`` along ``axis`` moving ``side``."""
    k = geometry.side_directions(axis).index(side)
    return kernels.INLINE_ACTIONS + ((first * 3 + axis) * 2 + length - 2) * 4 + k


def describe(action: int) -> tuple[int, ...]:
    """The cells an action names; NotationError when it does not fit on the board."""
    if action < kernels.INLINE_ACTIONS:
        cell, direction = divmod(action, 6)
        to = geometry.neighbour(cell, direction)
        if to is not None:
            return cell, to
    elif action < kernels.PASS_ACTION:
        b = action - kernels.INLINE_ACTIONS
        k, length, axis, first = b % 4, (b // 4) % 2 + 2, (b // 8) % 3, b // 24
        last = first
        for _ in range(length - 1):
            step = geometry.neighbour(last, axis)
            if step is None:
                break
            last = step
        else:
            to = geometry.neighbour(first, geometry.side_directions(axis)[k])
            if to is not None:
                return first, last, to
    raise NotationError(f"action {action} does not name a move that fits on the board")


def parse_cell(text: str, where: str) -> int:
    """The cell named ``text`` (lower case); NotationError quoting ``where`` if none."""
    if text in CELL_OF_NAME:
        return CELL_OF_NAME[text]
    row = ROWS.find(text[0])
    if row < 0:
        raise NotationError(f"{where!r}: {text} is not a cell - rows are a..i")
    first, last = geometry.row_range(row)
    raise NotationError(
        f"{where!r}: {text} is not a cell - row {text[0]} holds "
        f"{text[0]}{first + 1}..{text[0]}{last + 1}"
    )


def parse_move(text: str) -> AbaloneMove:
    """Read ``a1b2``, ``c3c5d4`` or ``pass``; NotationError says what is wrong."""
    cleaned = typed_text(text).lower()
    if cleaned == "pass":
        return PASS
    match = _MOVE.fullmatch(cleaned)
    if match is None:
        raise NotationError(
            f"{text!r} is not an Abalone move: expected an in-line move like a1b2, "
            "a broadside like c3c5d4, or 'pass'"
        )
    parts = match.groups()
    cells = [parse_cell(parts[i] + parts[i + 1], text) for i in (0, 2, 4) if parts[i]]
    if len(cells) == 2:
        return AbaloneMove(_parse_inline(text, *cells))
    return AbaloneMove(_parse_broadside(text, *cells))


def _parse_inline(text: str, rear: int, to: int) -> int:
    line = geometry.direction_between(rear, to)
    if line is None or line[1] != 1:
        raise NotationError(
            f"{text!r}: {NAMES[to]} is not next to {NAMES[rear]} - an in-line move names "
            "the rearmost marble and the neighbouring cell it moves to"
        )
    return inline_action(rear, line[0])


def _parse_broadside(text: str, end1: int, end2: int, to: int) -> int:
    line = geometry.direction_between(end1, end2)
    if line is None:
        raise NotationError(
            f"{text!r}: {NAMES[end1]} and {NAMES[end2]} are not on one straight line"
        )
    direction, steps = line
    if steps > 2:
        raise NotationError(
            f"{text!r}: {NAMES[end1]} to {NAMES[end2]} is {steps + 1} marbles - "
            "at most three marbles move"
        )
    side = geometry.direction_between(end1, to)
    if side is None or side[1] != 1:
        raise NotationError(
            f"{text!r}: {NAMES[to]} is not next to {NAMES[end1]} - a broadside names "
            "the two ends of the line and where the first end moves"
        )
    axis = geometry.axis_of(direction)
    if geometry.axis_of(side[0]) == axis:
        raise NotationError(
            f"{text!r}: that direction runs along the line - write it as an in-line move"
        )
    first = end1 if direction < 3 else end2  # the lower end
    return broadside_action(first, axis, steps + 1, side[0])
