"""Repeated positions in the searches: the positions a game has already seen.

None of the four games has a repetition rule (docs/rules/README.md §3.5), but a search that
values a repeated position like any other lets a side that is ahead shuffle
back and forth for ever when every forward move looks no better (decision
0051). Alpha-beta and MCTS therefore value a position that already stood on
the board, or earlier on the line being searched, as a draw; the rules are
unchanged.
"""

from __future__ import annotations

from tabletop.core.game import State


def earlier_positions(state: State) -> set[int]:
    """The Zobrist keys of every position of the game so far, this one included."""
    return positions_and_start(state)[0]


def positions_and_start(state: State) -> tuple[set[int], tuple[str, int]]:
    """earlier_positions(state), and what the game's moves were played from (the game with
    its options, and the key of the position before the first move), in one walk back.
    Two set-up positions both have no moves, so a search that keeps its tree between
    moves compares the start as well as the moves."""
    keys = {state.zobrist}
    earlier = state.copy()
    while earlier.ply > 0:
        earlier.undo()
        keys.add(earlier.zobrist)
    return keys, (repr(state.game), earlier.zobrist)
