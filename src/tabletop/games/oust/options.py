"""Oust's options: one object holding every rule decision (docs/rules/oust.md §8).

Defaults: a 9x9 square grid, pie rule off, no move limit. The hex-hex
boards of Mark Steere's current game are ``board="hex"`` with ``side`` 5, 7
(the default for hex) or 9. ``size`` is a shorthand for a square N x N board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.core.options import Option, Preset
from tabletop.games.oust.geometry import Grid, hex_grid, square_grid
from tabletop.games.shared_options import move_limit
from tabletop.i18n import N_

HEX_SIDES = (5, 7, 9)
DEFAULT_SQUARE = 9
DEFAULT_SIDE = 7
MAX_SQUARE = 19


def _square_side(
    name: str, help_text: str, label: str, explanation: str, default_text: str = ""
) -> Option:
    """A side of a square board (``size`` both ways, or ``width`` or ``height``): not
    given by default, as the other two or the board shape decide it then."""
    return Option(
        name,
        int,
        None,
        help_text,
        minimum=2,
        maximum=MAX_SQUARE,
        default_text=default_text or N_("the board size, else 9"),
        label=label,
        explanation=explanation,
    )


OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "board",
        str,
        "square",
        "board shape: a square grid (the 2007 game) or a hex-hex board (Steere's current game)",
        label=N_("Board shape"),
        explanation=N_(
            "Square cells (the first version of the game) or hexagons (the current one)."
        ),
        choice_labels=(("square", N_("square")), ("hex", N_("hexagons"))),
    ),
    _square_side(
        "size",
        "a square N x N board (shorthand for width and height)",
        N_("Square board size"),
        N_("Cells each way of a square board; smaller boards make shorter games."),
        N_("9 on square boards"),
    ),
    _square_side(
        "width",
        "columns of a square board",
        N_("Board width"),
        N_("Columns of a square board, for a board that is not square."),
    ),
    _square_side(
        "height",
        "rows of a square board",
        N_("Board height"),
        N_("Rows of a square board, for a board that is not square."),
    ),
    Option(
        "side",
        int,
        None,
        "cells per side of a hex board",
        choices=HEX_SIDES,
        default_text=N_("7 on hex boards"),
        label=N_("Hexagon board size"),
        explanation=N_("Cells along each edge of the hexagon board: 5 is quick, 9 is long."),
    ),
    Option(
        "pie",
        bool,
        False,
        "pie rule: White may answer Black's first stone by swapping (taking it over)",
        label=N_("Swap after the first stone"),
        explanation=N_(
            "White may take over Black's first stone instead of answering it, "
            "so Black's first move is a fair one."
        ),
    ),
    move_limit(
        "end the game as a draw (reason max-plies) after this many moves; 0 for no limit",
        maximum=10**9,
    ),
)

#: The create form's starting points: the two board shapes.
START_PRESETS: tuple[Preset, ...] = (
    Preset("square-9", N_("Square 9×9"), N_("The first version of the game, on squares."), {}),
    Preset(
        "hex-7",
        N_("Hexagons"),
        N_("The current game, on a hexagon of 7 cells a side."),
        {"board": "hex"},
    ),
    Preset(
        "hex-5",
        N_("Small hexagons"),
        N_("A quick game on a hexagon of 5 cells a side."),
        {"board": "hex", "side": 5},
    ),
)


@dataclass(frozen=True)
class OustOptions:
    """Every rule decision of an Oust game, resolved.

    A square board has ``width`` and ``height`` and ``side=None``; a hex board
    has ``side`` and ``width=height=None``.
    """

    board: str = "square"
    width: int | None = DEFAULT_SQUARE
    height: int | None = DEFAULT_SQUARE
    side: int | None = None
    pie: bool = False
    max_plies: int = 0

    @classmethod
    def resolve(cls, values: dict[str, Any]) -> OustOptions:
        """Resolve ``size`` into width and height, fill the hex side, reject mixed shapes."""
        board = values["board"]
        size, width, height, side = (values.get(k) for k in ("size", "width", "height", "side"))
        common = {"pie": values["pie"], "max_plies": values["max_plies"]}
        if board == "hex":
            for name, given in (("size", size), ("width", width), ("height", height)):
                if given is not None:
                    raise OptionError(
                        f"option {name}={given}: a hex board is sized by side (5, 7 or 9)"
                    )
            return cls(board, None, None, DEFAULT_SIDE if side is None else side, **common)
        if side is not None:
            raise OptionError(
                f"option side={side}: only hex boards have a side; use board=hex, "
                "or width/height (or size) for a square board"
            )
        if size is not None:
            for name, given in (("width", width), ("height", height)):
                if given is not None and given != size:
                    raise OptionError(
                        f"option {name}={given} contradicts size={size}; give one or the other"
                    )
            width = height = size
        return cls(
            board,
            DEFAULT_SQUARE if width is None else width,
            DEFAULT_SQUARE if height is None else height,
            None,
            **common,
        )

    def grid(self) -> Grid:
        """The board these options describe."""
        if self.board == "hex":
            assert self.side is not None
            return hex_grid(self.side)
        assert self.width is not None and self.height is not None
        return square_grid(self.width, self.height)
