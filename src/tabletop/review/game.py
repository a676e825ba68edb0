"""The review of a game: every position analysed in order, each move set against the best
move found, as the JSON document a server stores and a page draws (docs/review.md).

A move's chances before are the analysis of the position it was played in; its
chances after are the analysis of the position it led to (lichess's way: the
graph is one line per seat through the positions of the game). The best move's
chances are the analysis of the position the best move would have led to, and a
move's drop is the mover's chance there less its chance after the move played:
both are positions with the same seat to move, so a search's leaning towards the
side to move (Go's playouts: docs/review.md) cancels out instead of marking every
move (decision record 0112). A move that is the best move found drops nothing.
The label is the drop's (labels.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.review.analyst import Analyst
from tabletop.review.labels import label_for
from tabletop.review.position import PositionView, view_position
from tabletop.review.summary import key_moves, summary

#: The document's format name and version (docs/review.md).
FORMAT = "tabletop-review"
VERSION = 1

#: Called after each position analysed: (positions done, positions in all).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Review:
    """A finished review: the document (``document``) and its plies' views, for tests."""

    document: dict[str, Any]
    views: dict[int, PositionView]


def review_game(
    state: State,
    analyst: Analyst,
    names: Sequence[str] | None = None,
    plies: range | None = None,
    progress: Progress | None = None,
) -> Review:
    """The review of the game that led to ``state`` (which is not changed): each move of
    ``plies`` (1 is the first move; default every move) analysed by ``analyst``.
    ``names``: the players by seat (default the game's seat names)."""
    total_plies = state.ply
    wanted = range(1, total_plies + 1) if plies is None else plies
    if not wanted or wanted[0] < 1 or wanted[-1] > total_plies or wanted.step != 1:
        raise TabletopError(f"plies {wanted}: the game has moves 1 to {total_plies}")
    needed = sorted({p - 1 for p in wanted} | set(wanted))
    walk = state.copy()
    while walk.ply:
        walk.undo()
    history = list(state.history)
    views: dict[int, PositionView] = {}
    best_views: dict[int, PositionView] = {}  # by ply: the position after the best move
    movers: dict[int, int] = {}
    for position in range(total_plies + 1):
        if position in needed:
            views[position] = view_position(analyst, walk)
            best = views[position].best_action
            played = walk.move_to_action(history[position]) if position < total_plies else None
            if position + 1 in wanted and best is not None and best != played:
                instead = walk.copy()
                instead.play(best)
                best_views[position + 1] = view_position(analyst, instead, probe=True)
            if progress is not None:
                progress(len(views), len(needed))
        if position >= needed[-1]:
            break
        seat = walk.to_move
        assert seat is not None
        movers[position + 1] = seat
        walk.play(history[position])
    entries = [
        _ply_entry(ply, movers[ply], state.format_move(history[ply - 1]), views, best_views)
        for ply in wanted
    ]
    game = state.game
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "options": dict(game.options),
        "seats": list(names or game.seat_names),
        "teams": list(game.teams),
        "analysis": {
            "level": analyst.level,
            "search": analyst.search,
            **_work([*views.values(), *best_views.values()]),
        },
        "plies": entries,
        "summary": summary(entries, game.num_players),
        "key_moves": key_moves(entries),
    }
    return Review(document, views)


def _ply_entry(
    ply: int,
    seat: int,
    move: str,
    views: dict[int, PositionView],
    best_views: dict[int, PositionView],
) -> dict[str, Any]:
    """One move's entry: the position before it, the one after, the position after the
    best move if another was played, the label. The game's extras (Go's ownership and
    score) are of the position after the move, the one a page shows with it."""
    before, after = views[ply - 1], views[ply]
    best_played = ply not in best_views
    best = after if best_played else best_views[ply]
    drop = best.chances[seat] - after.chances[seat]
    entry: dict[str, Any] = {
        "ply": ply,
        "seat": seat,
        "move": move,
        "chances_before": list(before.chances),
        "chances_after": list(after.chances),
        "best": before.best,
        "best_chances": list(best.chances),
        "label": label_for(drop, best_played),
        "best_played": best_played,
        "line": before.line,
        "drop": round(drop, 4),
    }
    entry.update(after.extras)
    return entry


def _work(views: Sequence[PositionView]) -> dict[str, float]:
    """What the analysis cost: positions searched, seconds in all, mean iterations and depth."""
    searched = [v.work for v in views if v.work]
    work: dict[str, float] = {
        "positions": len(searched),
        "seconds": round(sum(w["seconds"] for w in searched), 2),
    }
    if searched:
        work["iterations"] = round(sum(w["iterations"] for w in searched) / len(searched))
        depths = [w["depth"] for w in searched if "depth" in w]
        if depths:
            work["depth"] = round(sum(depths) / len(depths), 1)
    return work
