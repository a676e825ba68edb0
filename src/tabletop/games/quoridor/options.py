"""Quoridor's options: one object holding every rule decision (docs/rules/quoridor.md §10).

The defaults are those of the project table: 2 players with 10 walls each,
or 4 players with 5 each; with 4 players a pawn may side-step around a
pawn that has a second pawn behind it; no move cap in games between people.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.core.options import Option, Preset
from tabletop.games.shared_options import move_limit
from tabletop.i18n import N_

PLAYER_COUNTS = (2, 4)

#: Walls per player when the option is not given (docs/rules/quoridor.md §3.3).
DEFAULT_WALLS = {2: 10, 4: 5}

#: There are 128 wall slots, so no player can ever place more.
MAX_WALLS = 128

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "players",
        int,
        2,
        "number of players",
        choices=PLAYER_COUNTS,
        label=N_("Players"),
        explanation=N_("Two players, or four each racing to the opposite side."),
        choice_labels=((2, N_("2 players")), (4, N_("4 players"))),
    ),
    Option(
        "walls",
        int,
        None,
        "walls each player starts with",
        minimum=0,
        maximum=MAX_WALLS,
        default_text=N_("10 with 2 players, 5 with 4"),
        label=N_("Walls each"),
        explanation=N_(
            "How many walls each player may place (usually 10 with 2 players, 5 with 4)."
        ),
    ),
    Option(
        "side_step_around_pawns",
        bool,
        True,
        "4 players: a pawn with a second pawn behind it may be passed by a side step, "
        "as when a wall is behind it (false: no move that way, as OpenSpiel)",
        label=N_("Step aside around two pawns"),
        explanation=N_(
            "With 4 players, when you cannot jump a pawn because another pawn is "
            "behind it, you may step diagonally past it, as when a wall is behind it."
        ),
    ),
    move_limit(
        "end the game as an unofficial draw after this many plies",
        maximum=1_000_000,
        unlimited=None,
    ),
)

#: The create form's starting points: the two player counts.
START_PRESETS: tuple[Preset, ...] = (
    Preset("2", N_("2 players"), N_("Race your pawn to the far side; 10 walls each."), {}),
    Preset(
        "4", N_("4 players"), N_("Each races to the opposite side; 5 walls each."), {"players": 4}
    ),
)


@dataclass(frozen=True)
class QuoridorOptions:
    """Every rule decision of a Quoridor game, resolved (walls filled in by player count)."""

    players: int = 2
    walls: int = 10
    side_step_around_pawns: bool = True
    max_plies: int | None = None

    @classmethod
    def resolve(cls, values: dict[str, Any]) -> QuoridorOptions:
        """Fill the wall count from the player count when it is not given."""
        players = values.get("players", 2)
        if players not in PLAYER_COUNTS:
            raise OptionError(f"option players={players!r}: allowed values are 2, 4")
        walls = values.get("walls")
        return cls(
            players=players,
            walls=DEFAULT_WALLS[players] if walls is None else walls,
            side_step_around_pawns=values.get("side_step_around_pawns", True),
            max_plies=values.get("max_plies"),
        )
