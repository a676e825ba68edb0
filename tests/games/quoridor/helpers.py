"""Building Quoridor positions for tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import tabletop
from tabletop.games.quoridor import QuoridorState


def position(
    pawns: Sequence[str],
    walls: Sequence[str] = (),
    to_move: int = 0,
    walls_left: Sequence[int] | None = None,
    **options: Any,
) -> QuoridorState:
    """A position given directly (see QuoridorGame.setup)."""
    options.setdefault("players", len(pawns))
    game = tabletop.load_game("quoridor", **options)
    return game.setup(pawns, walls, walls_left, to_move)  # type: ignore[attr-defined]


def pawn_moves(state: QuoridorState) -> set[str]:
    """The legal pawn destinations of the seat to move."""
    return {str(m) for m in state.legal_moves() if m.kind == "pawn"}  # type: ignore[attr-defined]


def wall_moves(state: QuoridorState) -> set[str]:
    """The legal walls of the seat to move."""
    return {str(m) for m in state.legal_moves() if m.is_wall}  # type: ignore[attr-defined]
