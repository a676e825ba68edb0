"""The GameView of docs/protocol.md: everything the browser app draws, as JSON.

The browser app draws from these views alone, so each game's ``board`` names
every cell and gives its drawing coordinates (hex boards included), and
``legal`` lists the moves of the seat to move in notation.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Mapping
from functools import cache, lru_cache
from typing import Any

from tabletop.core import Game, State, TabletopError, facts_of, game_info, load_game
from tabletop.play.match import Match
from tabletop.play.outcome import outcome_text, outcome_to_dict


def game_view(
    match: Match,
    game_id: str,
    seq: int,
    connected: Collection[int] = (),
    now: float | None = None,
    *,
    watchers: int = 0,
    rematch: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The public view of a match (no tokens) at sequence number ``seq``.

    ``watchers``: the spectators' sockets open now; ``rematch``: the rematch offer
    after the game (server/rematch.py), None before anyone made one."""
    game = match.game
    state = match.state
    now = match.now() if now is None else now
    outcome = match.outcome()
    colours = facts_of(game).colours
    return {
        "id": game_id,
        "game": game.name,
        "title": game_info(game.name).title,
        "options": options_of(game),
        "players": game.num_players,
        **shown_facts(game),
        "seats": [
            {
                "seat": i,
                "name": spec.name or game.seat_names[i],
                "side": game.seat_names[i],
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
        "watchers": watchers,
        "rematch": rematch,
    }


#: View fields that never change during a game, and those a delta handles apart.
FIXED_FIELDS = frozenset(
    ("id", "game", "title", "options", "players", "summary", "records", "pass_move")
)
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
def shown_facts(game: Game) -> dict[str, Any]:
    """What the browser app shows of a game beyond its board, from the game's registry
    entry: ``summary`` (its options in a few words for the title), ``records`` (the
    record formats offered, JSON first) and ``pass_move`` (a pass at every turn: its
    button stays in view)."""
    facts = facts_of(game)
    return {
        "summary": facts.summary(game),
        "records": ["json", *facts.records],
        "pass_move": facts.pass_move,
    }


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
    """The count of a game with a scoring phase (Go's dead stones): in the phase, and
    after a game that ended by it.

    The dead stones, whether the dead-stone proposal is still being worked out
    (``pending``: none are marked until it arrives, unless a player marks some),
    who accepted, whom each point counts for under that marking (the rules engine
    decides: ``owners``, one string per row from row 1, one character per column: the
    seat's digit or ``.`` for nobody),
    the score as marked and its breakdown (``detail``, as the outcome's).
    """
    phase = match.scoring_phase
    state = match.state
    counted = match.status == "finished" and match.resigned is None
    if phase is None or not (match.status == "scoring" or counted):
        return None
    outcome = state.outcome()
    if outcome is None or outcome.reason != "score":
        return None
    count = phase.view(state)
    return {
        "dead": count["dead"],
        "pending": match.proposal_pending,
        "accepted": list(match.accepted),
        "owners": count["owners"],
        "score": {**count["score"], "text": outcome_text(match.game, outcome)},
        "detail": count["detail"],
    }


def pieces_by_seat(board: Mapping[str, Any]) -> Counter[int]:
    """How many pieces each seat has on a board view: the cells of its maps of seats
    (Go's and Oust's stones, Abalone's marbles; Quoridor has none)."""
    count: Counter[int] = Counter()
    for value in board.values():
        if isinstance(value, dict):
            count.update(v for v in value.values() if isinstance(v, int))
    return count


def mark_taken(move: dict[str, Any], before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
    """Note in ``move`` (a match's move entry) the other seats' pieces it took off the
    board (a capture, an ejection), from the board views before and after it: the move
    list marks those moves without a rule of any game in the browser."""
    lost = pieces_by_seat(before)
    lost.subtract(pieces_by_seat(after))
    taken = sum(n for seat, n in lost.items() if seat != move["seat"] and n > 0)
    if taken:
        move["took"] = taken


def board_view(state: State) -> Mapping[str, Any]:
    """The ``board`` field: the game's own board view (games/<name>/view.py)."""
    return facts_of(state.game).board_view(state)


@lru_cache(maxsize=256)
def _described(game: str, options: str) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """A listed game's title, summary, seat names and colours, from its stored options."""
    info = game_info(game)
    try:
        loaded = load_game(game, **json.loads(options))
    except TabletopError:  # a row from an older server: the title alone
        return info.title, "", (), ()
    colours = info.facts.colours[: loaded.num_players]
    return info.title, info.facts.summary(loaded), tuple(loaded.seat_names), colours


def listed_game(entry: dict[str, Any]) -> dict[str, Any]:
    """A lobby entry (store.listing) with what its one line shows: the game's title, its
    variant in a few words and each seat's side (docs/protocol.md)."""
    title, summary, sides, colours = _described(
        entry["game"], json.dumps(entry["options"], sort_keys=True)
    )
    seats = [
        {
            **seat,
            "side": sides[i] if i < len(sides) else "",
            "colour": colours[i] if i < len(colours) else "",
        }
        for i, seat in enumerate(entry["seats"])
    ]
    return {**entry, "title": title, "summary": summary, "seats": seats}
