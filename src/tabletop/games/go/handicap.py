"""Fixed handicap points (GTP ``fixed_handicap``; docs/rules/go.md §6.1)."""

from __future__ import annotations

from tabletop.core.errors import OptionError


def handicap_points(size: int, stones: int) -> list[tuple[int, int]]:
    """The (col, row) points of a fixed handicap of ``stones`` on a 9, 13 or 19 board.

    The order is the GTP one: D4 Q16 D16 Q4, then the centre for odd counts
    of five or more, then the side points.
    """
    if stones == 0:
        return []
    if size not in (9, 13, 19) or not 2 <= stones <= 9:
        raise OptionError(f"no fixed handicap of {stones} stones on a {size}x{size} board")
    edge = 2 if size == 9 else 3
    lo, mid, hi = edge, size // 2, size - 1 - edge
    corners = [(lo, lo), (hi, hi), (lo, hi), (hi, lo)]
    left_right = [(lo, mid), (hi, mid)]
    bottom_top = [(mid, lo), (mid, hi)]
    centre = (mid, mid)
    if stones <= 4:
        return corners[:stones]
    if stones == 5:
        return [*corners, centre]
    if stones == 6:
        return corners + left_right
    if stones == 7:
        return [*corners, *left_right, centre]
    if stones == 8:
        return corners + left_right + bottom_top
    return [*corners, *left_right, *bottom_top, centre]


def star_points(size: int) -> list[tuple[int, int]]:
    """The points drawn as star points (hoshi) on a board of ``size``."""
    if size in (9, 13, 19):
        return handicap_points(size, 9) if size != 9 else handicap_points(9, 5)
    if size >= 7 and size % 2 == 1:
        edge = 2 if size < 13 else 3
        mid = size // 2
        return [
            (edge, edge),
            (size - 1 - edge, edge),
            (edge, size - 1 - edge),
            (size - 1 - edge, size - 1 - edge),
            (mid, mid),
        ]
    return []
