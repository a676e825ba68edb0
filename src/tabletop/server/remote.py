"""What another process needs to follow a committed action in memory (decision record 0167).

With several server processes, a process whose sockets watch a game learns of a move
committed elsewhere from the bus. Loading the whole game again from the database after
each such move (and replaying every move of it) cost four times the servers' CPU and
23 times PostgreSQL's (docs/scaling.md). Instead the committing process sends, with the
last frame of an action, its *progress*: the numbers the action took, the move entries
that changed (undo removes the last ones, a move appends one) and the match's small
fields as they are now (clock, status, seats, ...). A process whose copy is exactly the
game before the action applies it: the new moves go through the rules (as a replay
does, one by one), the small fields are copied. Anything else (a number missed, no
copy, an action that changes what this does not carry) is loaded from the database as
before.

Only actions made of :data:`FOLLOWED` kinds carry their progress: those change the
position through moves alone and nothing outside the match (a joined seat changes its
token's hash, a rematch offer the rematch kept beside the game; Go's dead stones are
marked in the position). A kind not listed is always loaded again: correct, and slower.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from tabletop.core import Outcome
from tabletop.play.clock import Clock
from tabletop.play.match import Event, Match, SeatSpec
from tabletop.play.outcome import outcome_to_dict

#: The event kinds whose action another process may apply in memory.
FOLLOWED = frozenset(
    {
        "move",
        "timeout",
        "end",
        "resign",
        "undo-request",
        "undo-declined",
        "undo",
        "left",
        "replaced",
        "dead-accept",
        "chat",
        "chat-mute",
        "clock-back",
    }
)


def progress(
    match: Match,
    first: int,
    last: int,
    kept: int,
    events: list[Event],
    away: Collection[int] = (),
) -> str | None:
    """The progress of the action that took numbers ``first``..``last`` and left the first
    ``kept`` move entries as they were, as text for the bus; None if its events are not
    all :data:`FOLLOWED` (the others load the game again). ``away``: the seats whose
    player left and has not come back (the rooms' to keep, not the match's)."""
    if any(e.get("kind") not in FOLLOWED for e in events):
        return None
    resigned = match.resigned
    return json.dumps(
        {
            "first": first,
            "last": last,
            "kept": kept,
            "moves": match.moves[kept:],
            "ply": match.ply,
            "seats": [
                [s.kind, s.level, s.name, c]
                for s, c in zip(match.seats, match.claimed, strict=True)
            ],
            "clock": match.clock.to_dict(),
            "status": match.status,
            "undo_request": match.undo_request,
            "accepted": match.accepted,
            "resigned": None if resigned is None else outcome_to_dict(match.game, resigned),
            "leaving": {str(s): t for s, t in match.leaving.items()},
            "proposal_pending": match.proposal_pending,
            "pending_toggles": match.pending_toggles,
            "away": sorted(away),
        },
        separators=(",", ":"),
    )


def apply(match: Match, data: dict[str, Any]) -> bool:
    """Apply a :func:`progress` to ``match``, which must be the game just before it.

    Returns False, with ``match`` unchanged, when the moves do not fit it (the caller
    then loads the game from the database)."""
    kept = int(data["kept"])
    moves = match.moves
    if kept > len(moves) or len(moves) - kept > match.state.ply:
        return False
    state = match.state.copy()
    try:
        for _ in range(len(moves) - kept):
            state.undo()
        for entry in data["moves"]:
            state.play(state.parse_move(entry["move"]))
    except Exception:  # a copy that is not the game before: load it instead
        return False
    if state.ply != data["ply"]:
        return False
    match.state = state
    match.moves = moves[:kept] + list(data["moves"])
    match.seats = [SeatSpec(kind, level, name) for kind, level, name, _ in data["seats"]]
    match.claimed = [bool(c) for *_, c in data["seats"]]
    match.clock = Clock.from_dict(data["clock"])
    match.status = data["status"]
    match.undo_request = data["undo_request"]
    match.accepted = list(data["accepted"])
    resigned = data["resigned"]
    match.resigned = None if resigned is None else Outcome.from_dict(resigned)
    match.leaving = {int(s): float(t) for s, t in data["leaving"].items()}
    match.proposal_pending = bool(data["proposal_pending"])
    match.pending_toggles = list(data["pending_toggles"])
    return True
