"""Abalone's options: one object holding every rule decision (docs/rules/abalone.md §10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.core.options import Option, Preset
from tabletop.games.abalone.layouts import LAYOUTS_2P
from tabletop.games.shared_options import move_limit
from tabletop.i18n import N_

BROADSIDE_POLICIES = ("end", "all-own", "any-own")
#: Marbles a side must eject to win (docs/rules/abalone.md §6.1, §7.3, §8.6).
EJECT_TO_WIN = 6

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "players",
        int,
        2,
        "number of players (4 play in two teams)",
        label=N_("Players"),
        explanation=N_("Two, three, or four playing in two teams of two."),
        choice_labels=(
            (2, N_("2 players")),
            (3, N_("3 players")),
            (4, N_("4 players in two teams")),
        ),
    ),
    Option(
        "layout",
        str,
        "standard",
        "start position; the daisies are for 2 players, 3 and 4 players have one layout each",
        choices=LAYOUTS_2P,
        label=N_("Starting position"),
        explanation=N_(
            "Where the marbles start; the daisies mix the two sides for a "
            "livelier start (2 players only)."
        ),
        choice_labels=(
            ("standard", N_("standard")),
            ("belgian-daisy", N_("Belgian daisy")),
            ("german-daisy", N_("German daisy")),
        ),
    ),
    Option(
        "broadside",
        str,
        "end",
        "4 players: which marbles of a sideways line must be the mover's own "
        "(end: an end marble, all-own, any-own)",
        choices=BROADSIDE_POLICIES,
        label=N_("Moving your partner's marbles sideways"),
        explanation=N_("With 4 players, which marbles of a line moving sideways must be your own."),
        choice_labels=(
            ("end", N_("one at an end of the line")),
            ("all-own", N_("all of them")),
            ("any-own", N_("at least one")),
        ),
    ),
    Option(
        "team_order",
        str,
        "alternating",
        "4 players: alternating (teams take turns A, B, A, B) or consecutive "
        "(partners sit side by side and move one after the other: A, A, B, B)",
        label=N_("Order of play in teams"),
        explanation=N_(
            "With 4 players, whether the teams take turns, or partners sit side "
            "by side and move one after the other."
        ),
        choice_labels=(
            ("alternating", N_("teams take turns")),
            ("consecutive", N_("partners one after the other")),
        ),
    ),
    move_limit(
        "end the game as an unofficial draw after this many plies (0: no limit)",
        maximum=1_000_000,
    ),
)

#: The create form's starting points: the player count, and the 2-player layouts.
START_PRESETS: tuple[Preset, ...] = (
    Preset("2", N_("2 players"), N_("The classic game: push six of the other's marbles off."), {}),
    Preset(
        "2-belgian",
        N_("2 players, Belgian daisy"),
        N_("The sides start mixed in two flowers each: contact from the first move."),
        {"layout": "belgian-daisy"},
    ),
    Preset(
        "2-german",
        N_("2 players, German daisy"),
        N_("Two flowers each, nearer the middle."),
        {"layout": "german-daisy"},
    ),
    Preset(
        "3",
        N_("3 players"),
        N_("Each for themselves: the first to push six off wins."),
        {"players": 3},
    ),
    Preset("4", N_("4 players"), N_("Two teams of two partners."), {"players": 4}),
)


@dataclass(frozen=True)
class AbaloneOptions:
    """Every rule decision of an Abalone game."""

    players: int = 2
    layout: str = "standard"
    broadside: str = "end"
    team_order: str = "alternating"
    max_plies: int = 0

    @classmethod
    def resolve(cls, values: dict[str, Any]) -> AbaloneOptions:
        """Check the combination of validated option values."""
        players, layout = values["players"], values["layout"]
        if players != 2 and layout != "standard":
            raise OptionError(
                f"option layout={layout!r}: the daisy layouts are for 2 players; "
                f"{players} players have one layout (standard)"
            )
        for key, default in (("team_order", "alternating"), ("broadside", "end")):
            if values[key] != default and players != 4:
                raise OptionError(
                    f"option {key}={values[key]!r}: applies to 4 players (teams) only"
                )
        return cls(**{key: values[key] for key in cls.__dataclass_fields__})

    @property
    def teams(self) -> tuple[int, ...]:
        """The team of each seat: 2 and 3 players each alone; 4 players in two teams."""
        if self.players == 4:
            return (0, 0, 1, 1) if self.team_order == "consecutive" else (0, 1, 0, 1)
        return tuple(range(self.players))
