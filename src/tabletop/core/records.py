"""Reading JSON records back: the shared header check and the replay of the moves.

Every game's ``State.from_dict`` reads ``{"game": name, "options": {...},
"moves": [...], ...}``; these helpers give all of them the same checks and
the same error messages ("move 12: ...").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.core.errors import IllegalMoveError, NotationError
from tabletop.core.game import Game, State
from tabletop.core.registry import load_game


def record_game(data: Any, name: str) -> tuple[Game, list[Any]]:
    """The game a record of ``name`` describes and its moves; NotationError if malformed."""
    if not isinstance(data, Mapping) or data.get("game") != name:
        raise NotationError(f"not a {name} record: expected {{'game': '{name}', ...}}")
    options = data.get("options", {})
    moves = data.get("moves", [])
    if not isinstance(options, Mapping) or not isinstance(moves, list):
        raise NotationError(f"a {name} record needs an options mapping and a list of moves")
    return load_game(name, **options), moves


def names_in(value: Any, where: str) -> list[str]:
    """A record's names (cells, squares, walls): a list of strings, or one string of names
    separated by spaces; NotationError for anything else (a set-up read from a file may
    hold any JSON value)."""
    if isinstance(value, str):
        return value.split()
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise NotationError(f"{where} must be a list of names, not {value!r}")
    return list(value)


def whole_in(value: Any, where: str) -> int:
    """A record's whole number (a seat, a count); NotationError if it is anything else."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{where} must be a whole number, not {value!r}")
    return value


def replay(state: State, moves: Sequence[Any], after: Callable[[int], None] | None = None) -> None:
    """Play the moves in notation (errors name the move number); ``after(n)`` runs after move n."""
    for number, text in enumerate(moves, start=1):
        try:
            state.play(str(text))
            if after is not None:
                after(number)
        except (NotationError, IllegalMoveError) as err:
            raise type(err)(
                f"move {number}: {err}",
                reason=err.reason,
                params={**err.params, "record_ply": number},
            ) from None
