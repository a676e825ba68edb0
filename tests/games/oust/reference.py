"""A plain-Python Oust written straight from docs/rules/oust.md §3-§5, as an oracle for the kernels.

Slow and obvious on purpose: groups are found by search every time, nothing
is cached. A position is a dict cell -> colour (1 Black, 2 White) over a
board given by its neighbour lists.
"""

from __future__ import annotations

from collections.abc import Sequence

Board = dict[int, int]


def group(board: Board, nbrs: Sequence[Sequence[int]], start: int) -> set[int]:
    """The stones orthogonally (or hex-) connected to ``start`` in its colour."""
    color = board[start]
    seen = {start}
    todo = [start]
    while todo:
        s = todo.pop()
        for q in nbrs[s]:
            if q not in seen and board.get(q) == color:
                seen.add(q)
                todo.append(q)
    return seen


def classify(board: Board, nbrs: Sequence[Sequence[int]], p: int, color: int) -> str:
    """ "quiet", "capture", "occupied", "no-enemy" or "not-smaller" for a stone at p."""
    if p in board:
        return "occupied"
    if not any(board.get(q) == color for q in nbrs[p]):
        return "quiet"
    after = {**board, p: color}
    g = group(after, nbrs, p)
    enemies = []
    for s in g:
        for q in nbrs[s]:
            if after.get(q) == 3 - color and not any(q in e for e in enemies):
                enemies.append(group(after, nbrs, q))
    if not enemies:
        return "no-enemy"
    if any(len(e) >= len(g) for e in enemies):
        return "not-smaller"
    return "capture"


def captured(board: Board, nbrs: Sequence[Sequence[int]], p: int, color: int) -> set[int]:
    """The enemy stones a legal capturing placement at p removes."""
    after = {**board, p: color}
    g = group(after, nbrs, p)
    out: set[int] = set()
    for s in g:
        for q in nbrs[s]:
            if after.get(q) == 3 - color:
                out |= group(after, nbrs, q)
    return out


def placements(board: Board, nbrs: Sequence[Sequence[int]], color: int) -> list[int]:
    """Every legal placement of ``color``, ascending."""
    return [p for p in range(len(nbrs)) if classify(board, nbrs, p, color) in ("quiet", "capture")]


def next_turn(
    board: Board, nbrs: Sequence[Sequence[int]], mover: int, took: bool
) -> tuple[int | None, bool]:
    """Who places next after ``mover``'s move, and whether that player must pass (3.3, 3.4).

    (None, False) when neither side can place: the game is over.
    """
    due = mover if took else 3 - mover
    if placements(board, nbrs, due):
        return due, False
    if not placements(board, nbrs, 3 - due):
        return None, False
    if took:
        return 3 - due, False  # a continuation without a placement ends the turn
    return due, True
