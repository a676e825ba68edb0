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


def replay(state: State, moves: Sequence[Any], after: Callable[[int], None] | None = None) -> None:
    """Play the moves in notation (errors name the move number); ``after(n)`` runs after move n."""
    for number, text in enumerate(moves, start=1):
        try:
            state.play(str(text))
            if after is not None:
                after(number)
        except (NotationError, IllegalMoveError) as err:
            raise type(err)(f"move {number}: {err}") from None
