"""Game records: JSON for every game, and each game's own formats (SGF for Go: the record
formats of its registry entry, core/facts.py); reading them back for the replay view.

The JSON record is the match's facts (game, options, seats, clock, each move
with the mover's clock) plus the state's own ``to_dict()``, so any record
replays exactly. A plain ``State.to_dict()`` record is read too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.core import NotationError, Outcome, TabletopError, facts_of, list_games, load_game
from tabletop.core.facts import RecordFormat
from tabletop.play.match import Match, MatchError, SeatSpec
from tabletop.play.outcome import outcome_to_dict

FORMAT = "tabletop-record"


def json_record(match: Match) -> dict[str, Any]:
    """The JSON record of a match, finished or not."""
    outcome = match.outcome()
    return {
        "format": FORMAT,
        "version": 1,
        "game": match.game.name,
        "options": dict(match.game.options),
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in match.seats],
        "clock": match.clock.spec.as_dict(),
        "created": match.created,
        "moves": match.moves,
        "state": match.state.to_dict(),
        "outcome": None if outcome is None else outcome_to_dict(match.game, outcome),
    }


def record_file_text(path: str) -> str:
    """The text of a record file; NotationError naming the file when it cannot be read
    or is not text (the terminal's --load and ``tabletop review`` read files so)."""
    try:
        return Path(path).read_text()
    except OSError as err:
        raise NotationError(f"{path}: cannot read the file ({err.strerror})") from None
    except UnicodeDecodeError:
        raise NotationError(f"{path}: not a text file") from None


def suffix_of(path: str) -> str:
    """A file name's suffix as a record format's name (``game.SGF`` -> ``sgf``): the
    terminal and ``tabletop review`` choose a file's format by it."""
    return Path(path).suffix.lower().lstrip(".")


def record_formats() -> dict[str, RecordFormat]:
    """Every game's own record formats by name (JSON, every game's, is not among them)."""
    return {name: fmt for info in list_games() for name, fmt in info.facts.records.items()}


def game_record(match: Match, kind: str) -> bytes:
    """The match's record in one of its game's own formats (``sgf`` for Go), with its
    resignation or time-out result; MatchError ``bad-request`` if the game has no such."""
    fmt = facts_of(match.game).records.get(kind)
    if fmt is None:
        games = [info.title for info in list_games() if kind in info.facts.records]
        raise MatchError(
            "bad-request",
            f"{kind.upper()} records are for {' and '.join(games) or 'no game'},"
            f" not {match.game.name}",
        )
    names = [s.name or None for s in match.seats]
    return fmt.write(match.state, names, match.resigned)


def _archived(state: Any, names: list[str], resigned: Outcome | None) -> Match:
    """A finished match around a replayed state (for the replay view)."""
    game = state.game
    match = Match(game, [SeatSpec("person", None, n[:40]) for n in names], now=lambda: 0.0)
    match.state = state
    match.claimed = [True] * len(names)
    match.status = "finished"
    match.clock.start(None, 0.0)
    # Who made each move: take the moves back on a copy (no clocks in an imported record).
    probe = state.copy()
    movers: list[int | None] = []
    while probe.ply:
        probe.undo()
        movers.append(probe.to_move)
    movers.reverse()
    match.moves = [
        {"seat": seat, "move": state.format_move(m), "clock": None}
        for seat, m in zip(movers, state.history, strict=True)
    ]
    match.resigned = resigned
    return match


class RecordTooLong(NotationError):
    """A record with more moves than the reader takes."""


def _check_plies(plies: int, max_plies: int | None) -> None:
    if max_plies is not None and plies > max_plies:
        raise RecordTooLong(
            f"the record has {plies} moves; this server takes at most {max_plies}",
            reason="record-moves",
            params={"moves": plies, "limit": max_plies},
        )


def read_record_file(path: str, warn: Callable[[str], None] | None = None) -> Match:
    """The match of a record file (the terminal's ``--load``, ``tabletop review``): a game's
    own format chosen by the file's suffix (``.sgf``), else JSON; the error names the file.
    ``warn`` hears each warning of the reader, such as an SGF property left unread."""
    text = record_file_text(path)
    suffix = suffix_of(path)
    kind = suffix if suffix in record_formats() else "json"
    try:
        return read_record(kind, text, warn=warn)
    except TabletopError as err:
        raise type(err)(f"{path}: {err}") from None


def read_record(
    kind: str,
    text: str,
    max_plies: int | None = None,
    warn: Callable[[str], None] | None = None,
) -> Match:
    """A finished match from a JSON record or one in a game's own format (SGF);
    NotationError says what is wrong.

    ``max_plies``: refuse records with more moves (before replaying them, for JSON).
    ``warn``: told each warning of a game's own format (the match is read all the same)."""
    formats = record_formats()
    if kind in formats:
        record = formats[kind].read(text)
        for warning in record.warnings:
            if warn is not None:
                warn(warning)
        _check_plies(record.state.ply, max_plies)
        return _archived(record.state, record.names, record.resigned)
    if kind != "json":
        known = " or ".join(["json", *formats])
        raise NotationError(f"record format {kind!r}: expected {known}")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as err:
        raise NotationError(f"not a JSON record ({err})") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise NotationError("a record needs a 'game' name, 'options' and 'moves'")
    inner = data.get("state", data)
    if not isinstance(inner, dict):
        raise NotationError("'state' must be an object")
    if inner.get("game") != data["game"]:
        raise NotationError(f"the record is of {data['game'][:40]!r} but its state is not")
    options = inner.get("options", {})
    if not isinstance(options, dict):
        raise NotationError("'options' must be an object")
    if isinstance(inner.get("moves"), list):
        _check_plies(len(inner["moves"]), max_plies)
    game = load_game(str(inner.get("game")), **options)
    state = type(game.new_state()).from_dict(inner)
    names = list(game.seat_names)
    seats = data.get("seats")
    if isinstance(seats, list) and len(seats) == len(names):
        names = [
            str(s.get("name") or n) if isinstance(s, dict) else n
            for s, n in zip(seats, names, strict=True)
        ]
    outcome = data.get("outcome")
    recorded = None if outcome is None else _recorded_outcome(outcome, len(names))
    # Only a resignation or a time-out is the record's to say; any other result is the
    # position's own (checked above all the same: a record is valid as a whole or refused).
    resigned = recorded if recorded and recorded.reason in ("resignation", "timeout") else None
    return _archived(state, names, resigned)


def _no_constant(name: str) -> None:
    # Raised inside json.loads, whose caller wraps it as "not a JSON record (...)".
    raise NotationError(f"{name} is not a number JSON allows")


def _recorded_outcome(outcome: Any, seats: int) -> Outcome:
    """A record's ``outcome``, every seat it names one of the game's ``seats``."""
    if not isinstance(outcome, dict):
        raise NotationError("'outcome' must be an object or null")
    try:
        result = Outcome.from_dict(outcome)
    except (KeyError, TypeError, ValueError, TabletopError):
        raise NotationError("'outcome' is not a valid outcome") from None
    if len(result.returns) != seats:
        raise NotationError(f"'outcome' has {len(result.returns)} returns for {seats} seats")
    named = list(result.winners)
    for key in ("resigned", "flagged"):
        if key in result.detail:
            if not isinstance(result.detail[key], int) or isinstance(result.detail[key], bool):
                raise NotationError(f"'outcome' detail {key!r} must be a seat number")
            named.append(result.detail[key])
    for seat in named:
        if not 0 <= seat < seats:
            raise NotationError(f"'outcome' names seat {seat}; the game has seats 0 to {seats - 1}")
    if len(set(result.winners)) != len(result.winners):
        raise NotationError("'outcome' names a winner twice")
    return result
