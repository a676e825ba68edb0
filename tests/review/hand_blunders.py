"""Blunders built by hand where the games between weak players gave none a person is sure
of (tests/review/test_quality.py takes them with data/blunders.json's).

Each is a record of moves leading to the position, the blunder, and what a person sees;
the saving moves are the rules' (blunders.py's ``saving_moves``), not a search's.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tests.review.blunders import saving_moves

#: Go, territory scoring as the found cases: (what a person sees, moves before the
#: blunder in order, the blunder).
GO_CASES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        # White's wall on row 4 holds the bottom; Black's row 5 (broken at E5) the top.
        # White's five stones C6-G6 reach into Black's side through E5 and Black's G5 has
        # just left them that one liberty: White E5 joins them to the wall (White leads by
        # a few points), anything else lets Black take five stones at E5 and the lead.
        # White plays A1 in its own corner instead.
        "White leaves five stones in atari",
        (
            "C7", "A4", "D7", "B4", "E7", "C4", "F7", "D4", "G7", "E4",
            "B6", "F4", "H6", "G4", "A5", "H4", "B5", "J4", "C5", "C6",
            "D5", "D6", "J5", "E6", "H5", "F6", "F5", "G6", "G5",
        ),
        "A1",
    ),
    (
        # The same shape turned a quarter and the colours swapped: Black's wall on column
        # D, White's on column E (broken at E5); Black's five stones F3-F7 reach through
        # E5 and White's E6 has just left them that one liberty. Black E5 saves them, and
        # Black plays B2 in its own area instead: White takes five stones at E5.
        "Black leaves five stones in atari",
        (
            "D1", "G3", "D2", "G4", "D3", "G5", "D4", "G6", "D5", "G7",
            "D6", "F2", "D7", "F8", "D8", "E9", "D9", "E1", "A1", "E2",
            "F3", "E8", "F4", "E3", "F5", "E7", "F6", "E4", "F7", "E6",
        ),
        "B2",
    ),
)  # fmt: skip

#: The options of the found Go cases (blunders.py plays 9x9 under the default rules).
GO_OPTIONS: dict[str, Any] = {"size": 9}


def hand_cases() -> list[dict[str, Any]]:
    """The hand-built cases in data/blunders.json's shape (``case``, ``record``, ``ply``,
    ``blunder``, ``saving``), with ``seen``: what a person sees."""
    cases = []
    game = tabletop.load_game("go", **GO_OPTIONS)
    for seen, moves, blunder in GO_CASES:
        state = game.new_state()
        for move in moves:
            state.play(move)
        saving = saving_moves(state, "atari")
        state.play(blunder)
        cases.append(
            {
                "case": "atari",
                "record": state.to_dict(),
                "ply": len(moves) + 1,
                "blunder": blunder,
                "saving": saving,
                "seen": seen,
            }
        )
    return cases
