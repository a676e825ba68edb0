"""Positions given as data, ``{game, options, setup, moves}``: built through the rules engine
and shown as the board view the game page draws (the rules pages' diagrams and the lessons).

A position is the game with its options, started from the game's own set-up record
(``game.setup_from_record``, as records carry it) or its start position, with moves in the
game's notation played from there. Every refusal is a :class:`PositionError` whose message
quotes what was wrong ("move 3 (E5): the point is already occupied"); nothing here is
stored or remembered (decision record 0108).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from tabletop.core import State, TabletopError, facts_of, game_info, load_game
from tabletop.core.errors import CodedError
from tabletop.play.outcome import outcome_to_dict
from tabletop.server import protocol

#: A set-up record at most this long as JSON (a full Abalone board is about 400 characters).
MAX_SETUP = 4000
#: Moves a position may play from its start (lessons and diagrams play a few).
MAX_MOVES = 200


class PositionError(CodedError):
    """A position that cannot be built: ``code`` (the protocol's error code) and a message
    that quotes the part that was wrong."""


def build_position(
    game: str, options: Mapping[str, Any], setup: Any, moves: Sequence[str]
) -> State:
    """The state of a position; PositionError says what was wrong."""
    try:
        info = game_info(game)
    except TabletopError as err:
        raise PositionError("unknown-game", str(err)) from None
    try:  # each option in its JSON type, as POST /api/games wants them
        protocol.CreateGame(game=info.name, options=dict(options))
    except ValidationError as err:
        raise PositionError("bad-request", protocol.describe_errors(err.errors())) from None
    try:
        loaded = load_game(info.name, **options)
    except TabletopError as err:
        raise PositionError("bad-request", f"options: {err}") from None
    if setup is None:
        state = loaded.new_state()
    else:
        if len(json.dumps(setup)) > MAX_SETUP:
            raise PositionError("too-large", f"setup: at most {MAX_SETUP} characters as JSON")
        reader = getattr(loaded, "setup_from_record", None)
        if reader is None:
            raise PositionError("bad-request", f"setup: a {info.name} position has no set-up")
        try:
            state = reader(setup)
        except TabletopError as err:
            text = str(err)
            raise PositionError(
                "bad-request", text if text.startswith("setup") else f"setup: {text}"
            ) from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as err:
            raise PositionError(
                "bad-request", f"setup: not a set-up ({type(err).__name__})"
            ) from None
    if len(moves) > MAX_MOVES:
        raise PositionError("too-large", f"moves: at most {MAX_MOVES}, not {len(moves)}")
    for number, text in enumerate(moves, start=1):
        try:
            state.play(text)
        except TabletopError as err:
            raise PositionError("bad-request", f"move {number} ({text}): {err}") from None
    return state


def position_view(state: State) -> dict[str, Any]:
    """What the browser draws of a position: the game's board view (its facts), the seats'
    sides and colours, whose turn, the legal moves in notation, the result if it ended."""
    game = state.game
    facts = facts_of(game)
    outcome = state.outcome()
    return {
        "game": game.name,
        "options": dict(game.options),
        "players": game.num_players,
        "seats": [
            {"seat": i, "side": side, "colour": facts.colours[i]}
            for i, side in enumerate(game.seat_names)
        ],
        "pass_move": facts.pass_move,
        "status": "finished" if state.is_over() else "playing",
        "ply": state.ply,
        "to_move": state.to_move,
        "moves": [state.format_move(m) for m in state.history],
        "legal": [state.format_move(m) for m in state.legal_moves()],
        "board": dict(facts.board_view(state)),
        "outcome": None if outcome is None else outcome_to_dict(game, outcome),
    }
