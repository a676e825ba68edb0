"""The GameView of docs/protocol.md: everything the browser app draws, as JSON.

The browser app draws from these views alone, so each game's ``board`` names
every cell and gives its drawing coordinates (hex boards included), and
``legal`` lists the moves of the seat to move in notation.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import Any

import numpy as np

from tabletop.core import Game, State, game_info
from tabletop.games.boards import hex_centres
from tabletop.play.match import Match
from tabletop.play.outcome import outcome_to_dict

GO_COLOURS = ("black", "white")
#: Seat colours of the other games, in seat order (the client picks its palette from them).
COLOURS = ("black", "white", "red", "blue")


def game_view(
    match: Match,
    game_id: str,
    seq: int,
    connected: Collection[int] = (),
    now: float | None = None,
) -> dict[str, Any]:
    """The public view of a match (no tokens) at sequence number ``seq``."""
    game = match.game
    state = match.state
    now = match.now() if now is None else now
    colours = GO_COLOURS if game.name == "go" else COLOURS
    outcome = match.outcome()
    return {
        "id": game_id,
        "game": game.name,
        "title": game_info(game.name).title,
        "options": options_of(game),
        "players": game.num_players,
        "seats": [
            {
                "seat": i,
                "name": spec.name or game.seat_names[i],
                "kind": spec.kind,
                "level": spec.level,
                "claimed": match.claimed[i],
                "connected": spec.kind == "computer" or i in connected,
                "colour": colours[i],
            }
            for i, spec in enumerate(match.seats)
        ],
        "status": match.status,
        "seq": seq,
        "ply": state.ply,
        "to_move": match.to_move,
        "moves": match.moves,
        "legal": legal_names(match),
        "board": board_view(state),
        "clock": clock_view(match, now),
        "scoring": scoring_view(match),
        "undo_request": match.undo_request,
        "outcome": None if outcome is None else outcome_to_dict(game, outcome),
    }


#: View fields that never change during a game, and those a delta handles apart.
FIXED_FIELDS = frozenset(("id", "game", "title", "options", "players"))
DIFFED_FIELDS = frozenset(("moves", "board", "legal"))


def shown_part(view: dict[str, Any]) -> dict[str, Any]:
    """The parts of a view that :func:`view_delta` compares with the next one."""
    return {"board": view["board"], "legal": view["legal"]}


def view_delta(shown: dict[str, Any], kept: int, view: dict[str, Any]) -> dict[str, Any]:
    """What a watcher holding an earlier view needs to have ``view`` (docs/protocol.md).

    ``set``: the small fields, whole (status, seq, clock, seats, ...; the legal moves
    when they changed); ``moves``: keep the first ``keep`` moves, then add these;
    ``board``: the board fields that changed, and for its maps (stones, marbles)
    only the cells that changed. ``shown`` is :func:`shown_part` of the earlier view,
    ``kept`` how many of its moves ``view`` still starts with. Its size does not
    grow with the length of the game.
    """
    small = {k: v for k, v in view.items() if k not in FIXED_FIELDS and k not in DIFFED_FIELDS}
    if view["legal"] != shown["legal"]:
        small["legal"] = view["legal"]
    moves = view["moves"]
    return {
        "set": small,
        "moves": {"keep": kept, "add": moves[kept:]},
        "board": _board_delta(shown["board"], view["board"]),
    }


def apply_delta(view: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The view after ``change`` (from :func:`view_delta`): what a client does with it."""
    board = dict(view["board"])
    board.update(change["board"]["set"])
    for key, cells in change["board"]["maps"].items():
        updated = {**board.get(key, {}), **cells["set"]}
        for cell in cells["unset"]:
            updated.pop(cell, None)
        board[key] = updated
    keep = change["moves"]["keep"]
    return {
        **view,
        **change["set"],
        "moves": view["moves"][:keep] + change["moves"]["add"],
        "board": board,
    }


def _board_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    maps: dict[str, Any] = {}
    for key, value in new.items():
        before = old.get(key)
        if value == before:
            continue
        if isinstance(value, dict) and isinstance(before, dict):
            maps[key] = {
                "set": {k: v for k, v in value.items() if k not in before or before[k] != v},
                "unset": [k for k in before if k not in value],
            }
        else:
            fields[key] = value
    return {"set": fields, "maps": maps}


def position_view(view: dict[str, Any], state: State, ply: int) -> dict[str, Any]:
    """``view`` with the board as it was after ``ply`` plies (for stepping through a replay).

    Seats, moves, clock and outcome stay those of the game; nothing is legal
    in a past position.
    """
    past = state.copy()
    while past.ply > ply:
        past.undo()
    return {
        **view,
        "ply": ply,
        "to_move": past.to_move,
        "legal": [],
        "board": board_view(past),
        "scoring": None,
    }


@cache
def options_of(game: Game) -> dict[str, Any]:
    """A game's options as a plain dict (made once per game: views are built per move)."""
    return dict(game.options)


@cache
def _names_table(game: Game) -> dict[int, str]:
    return {}


def legal_names(match: Match) -> list[str]:
    """The legal moves in notation, by action through a per-game table of names."""
    if match.status != "playing":
        return []
    state = match.state
    table = _names_table(state.game)
    out = []
    for action in state.legal_actions().tolist():
        name = table.get(action)
        if name is None:
            name = table[action] = state.format_move(state.action_to_move(action))
        out.append(name)
    return out


def clock_view(match: Match, now: float) -> dict[str, Any]:
    """The clock as the protocol shows it: spec, time left per seat, who runs, server time."""
    clock = match.clock
    seats = range(len(match.seats))
    view = clock.spec.as_dict()
    view.update(
        remaining=[round(clock.remaining(s, now), 3) for s in seats] if clock.enabled else None,
        periods_left=[clock.periods(s, now) for s in seats]
        if clock.spec.kind == "byoyomi"
        else None,
        running=clock.running,
        server_time=round(now, 3),
    )
    return view


def scoring_view(match: Match) -> dict[str, Any] | None:
    """Go's count: in the dead-stone phase, and after a game that ended by it.

    The dead stones, whether the dead-stone proposal is still being worked out
    (``pending``: none are marked until it arrives, unless a player marks some),
    who accepted, whom each point counts for under that marking (the rules engine
    decides: ``owners``, one string per row from row 1, one character per column: the
    seat's digit or ``.`` for nobody),
    the score as marked and its breakdown (``detail``, as the outcome's).
    """
    from tabletop.games.go import GoState

    state = match.state
    counted = match.status == "finished" and match.resigned is None
    if not isinstance(state, GoState) or not (match.status == "scoring" or counted):
        return None
    outcome = state.outcome()
    if outcome is None or outcome.reason != "score":
        return None
    from tabletop.play.outcome import outcome_text

    score = state.score()
    return {
        "dead": [str(m) for m in state.dead_stones],
        "pending": match.proposal_pending,
        "accepted": list(match.accepted),
        "owners": ["".join("." if o < 0 else str(o) for o in row) for row in state.owners()],
        "score": {
            "black": score.black.total,
            "white": score.white.total,
            "text": outcome_text(match.game, outcome),
        },
        "detail": score.as_dict(),
    }


def _last(state: State) -> str | None:
    history = state.history
    return state.format_move(history[-1]) if history else None


def board_view(state: State) -> dict[str, Any]:
    """The ``board`` field for the state's game."""
    name = state.game.name
    if name == "go":
        return _go_board(state)
    if name == "oust":
        return _oust_board(state)
    if name == "abalone":
        return _abalone_board(state)
    if name == "quoridor":
        return _quoridor_board(state)
    return {"kind": name, "text": str(state), "last": _last(state)}


def _go_board(state: Any) -> dict[str, Any]:
    from tabletop.games.go.handicap import star_points
    from tabletop.games.go.notation import COLUMNS, format_point

    n = state.game.size
    names = _names_table(state.game)
    board = state._board[list(state.game.points_by_action[:-1])]
    stones = {}
    for action in np.flatnonzero(board).tolist():
        name = names.get(action)
        if name is None:
            name = names[action] = format_point(action % n, action // n)
        stones[name] = int(board[action]) - 1
    ko = state._ko
    ko_name = None
    if ko > 0 and not state.is_over():
        col, row = state._col_row(ko)
        ko_name = format_point(col, row)
    return {
        "kind": "go",
        "size": n,
        "columns": COLUMNS[:n],
        "stones": stones,
        "star_points": [format_point(c, r) for c, r in star_points(n)],
        "last": _last(state),
        "captures": list(state.prisoners),
        "ko": ko_name,
    }


@cache
def _oust_cells(state_game: Any) -> tuple[str, list[dict[str, Any]]]:
    grid = state_game.grid
    if grid.shape == "hex":
        return "hex", hex_centres(grid.names, list(grid.coords))
    cells = [
        {"name": name, "x": float(col), "y": float(grid.height - 1 - row)}
        for name, (col, row) in zip(grid.names, grid.coords, strict=True)
    ]
    return "square", cells


def _oust_board(state: Any) -> dict[str, Any]:
    shape, cells = _oust_cells(state.game)
    stones = {}
    for seat in range(state.game.num_players):
        for cell in state.stones(seat):
            stones[cell] = seat
    return {"kind": "oust", "shape": shape, "cells": cells, "stones": stones, "last": _last(state)}


@cache
def _abalone_cells() -> list[dict[str, Any]]:
    from tabletop.games.abalone import geometry

    return hex_centres(geometry.NAMES, list(geometry.CELLS))


def _abalone_board(state: Any) -> dict[str, Any]:
    marbles = {}
    for seat in range(state.game.num_players):
        for cell in state.marbles(seat):
            marbles[cell] = seat
    return {
        "kind": "abalone",
        "cells": _abalone_cells(),
        "marbles": marbles,
        "ejected": list(state.ejected),
        "teams": list(state.game.teams),
        "last": _last(state),
    }


GOAL_WORDS = {"row 9": "north", "row 1": "south", "column i": "east", "column a": "west"}


def _quoridor_board(state: Any) -> dict[str, Any]:
    seats = range(state.game.num_players)
    return {
        "kind": "quoridor",
        "size": 9,
        "pawns": [state.pawn(s) for s in seats],
        "walls": [str(w) for w in state.walls()],
        "walls_left": [state.walls_left(s) for s in seats],
        "goals": [GOAL_WORDS.get(state.goal_name(s), state.goal_name(s)) for s in seats],
        "last": _last(state),
    }
