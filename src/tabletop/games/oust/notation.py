"""Oust moves and their notation: a cell name (``c3`` square, ``e5`` hex), ``pass``, ``swap``.

One move is one placement; a turn with captures is several moves by the
same player (docs/rules/oust.md §7). Output is lower case; input may be any case,
with spaces around it. ``swap`` is the pie rule's answer to Black's first
stone and exists only when the pie rule is on.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.errors import NotationError
from tabletop.core.notation import typed_text
from tabletop.games.oust.geometry import Grid

PASS_TEXT = "pass"
SWAP_TEXT = "swap"


@dataclass(frozen=True, slots=True)
class OustMove:
    """A placement on the named cell, or ``pass``, or the pie rule's ``swap``.

    ``text`` is the canonical lower-case notation; build moves with
    :func:`parse_move` (or a state's ``parse_move``) to have it checked.
    """

    text: str

    @property
    def is_pass(self) -> bool:
        """True for the pass (allowed only when no placement is)."""
        return self.text == PASS_TEXT

    @property
    def is_swap(self) -> bool:
        """True for the pie rule's swap."""
        return self.text == SWAP_TEXT

    @property
    def is_placement(self) -> bool:
        """True for a stone placed on a cell."""
        return not (self.is_pass or self.is_swap)

    def __str__(self) -> str:
        return self.text


PASS = OustMove(PASS_TEXT)
SWAP = OustMove(SWAP_TEXT)


def parse_move(text: str, grid: Grid, pie: bool) -> OustMove:
    """Read a cell name, ``pass`` or (with the pie rule) ``swap`` on ``grid``.

    NotationError quotes the text and says what is wrong with it.
    """
    key = typed_text(text).lower()
    if key == PASS_TEXT:
        return PASS
    if key == SWAP_TEXT:
        if not pie:
            raise NotationError(f"{text!r}: there is no swap - the pie rule is off in this game")
        return SWAP
    if not key:
        raise NotationError(f"empty move: expected a cell like {grid.example}, or 'pass'")
    return OustMove(grid.names[grid.cell(text)])
