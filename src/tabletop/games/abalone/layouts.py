"""Start positions (docs/rules/abalone.md §3), as cell names per seat in turn order."""

from __future__ import annotations


def _cells(text: str) -> tuple[str, ...]:
    """Expand "a1-a5 b1-b6 c3" (ranges along a row) into cell names."""
    out: list[str] = []
    for part in text.split():
        if "-" in part:
            first, last = part.split("-")
            out.extend(f"{first[0]}{n}" for n in range(int(first[1:]), int(last[1:]) + 1))
        else:
            out.append(part)
    return tuple(out)


#: Two players: Black (seat 0, moves first) and White.
TWO_PLAYER: dict[str, tuple[tuple[str, ...], ...]] = {
    "standard": (_cells("a1-a5 b1-b6 c3-c5"), _cells("i5-i9 h4-h9 g5-g7")),
    "belgian-daisy": (
        _cells("a1 a2 b1 b2 b3 c2 c3 g7 g8 h7 h8 h9 i8 i9"),
        _cells("a4 a5 b4 b5 b6 c5 c6 g4 g5 h4 h5 h6 i5 i6"),
    ),
    "german-daisy": (
        _cells("b1 b2 c1 c2 c3 d2 d3 f7 f8 g7 g8 g9 h8 h9"),
        _cells("b5 b6 c5 c6 c7 d6 d7 f3 f4 g3 g4 g5 h4 h5"),
    ),
}

#: Three players, clockwise from the bottom: bottom, upper left, upper right.
THREE_PLAYER: tuple[tuple[str, ...], ...] = (
    _cells("a1-a5 b1-b6"),
    _cells("e1 f2 g3 h4 i5 d1 e2 f3 g4 h5 i6"),
    _cells("e9 f9 g9 h9 i9 d8 e8 f8 g8 h8 i8"),
)

#: Four players, clockwise from the bottom right: bottom right, lower left,
#: top left, upper right. Partners sit diagonally opposite (seats 0+2, 1+3)
#: unless the consecutive team order makes neighbours partners (seats 0+1, 2+3).
FOUR_PLAYER: tuple[tuple[str, ...], ...] = (
    _cells("a2-a5 b3-b5 c4 c5"),
    _cells("b1 c1 d1 e1 c2 d2 e2 d3 e3"),
    _cells("i5-i8 h5-h7 g5 g6"),
    _cells("e9 f9 g9 h9 e8 f8 g8 e7 f7"),
)

LAYOUTS_2P = tuple(TWO_PLAYER)
