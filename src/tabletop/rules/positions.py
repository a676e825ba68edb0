"""The view of a rules diagram's position: the board the game page would draw.

This stands in for the shared ``POST /api/position`` of issue 10 (built on another
branch) until it is merged: the same view fields the board renderers read (``board``,
``legal``, ``to_move``, ``seats``' colours and sides), from the game's facts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import TabletopError, facts_of, game_info, load_game
from tabletop.core.errors import NotationError
from tabletop.core.game import State
from tabletop.core.records import replay


def position_state(position: Mapping[str, Any]) -> State:
    """The state of ``{game, options, setup, moves}``; a TabletopError says what is wrong."""
    name = position.get("game")
    options = position.get("options", {})
    moves = position.get("moves", [])
    if not isinstance(name, str):
        raise NotationError("a position needs the name of its game")
    if not isinstance(options, Mapping) or not isinstance(moves, list):
        raise NotationError("a position needs an options mapping and a list of moves")
    game = load_game(name, **options)
    state = game.setup_from_record(position["setup"]) if "setup" in position else game.new_state()
    replay(state, moves)
    return state


def position_view(position: Mapping[str, Any]) -> dict[str, Any]:
    """The view of a position: what the board renderers draw, and the legal moves."""
    state = position_state(position)
    game = state.game
    facts = facts_of(game)
    over = state.is_over()
    legal = [] if over else [state.format_move(m) for m in state.legal_moves()]
    return {
        "game": game.name,
        "title": game_info(game.name).title,
        "options": dict(game.options),
        "players": game.num_players,
        "seats": [
            {"seat": i, "side": side, "colour": facts.colours[i], "kind": "human"}
            for i, side in enumerate(game.seat_names)
        ],
        "status": "finished" if over else "playing",
        "ply": state.ply,
        "to_move": state.to_move,
        "moves": [],
        "legal": legal,
        "board": dict(facts.board_view(state)),
        "scoring": None,
        "outcome": None,
    }


__all__ = ["TabletopError", "position_state", "position_view"]
