"""Options more than one game has, declared once so that they read and translate alike."""

from __future__ import annotations

from tabletop.core.options import Option
from tabletop.i18n import N_

MOVE_LIMIT = N_("Move limit")


def move_limit(help_text: str, *, maximum: int, unlimited: int | None = 0) -> Option:
    """``max_plies``: end the game as a draw after this many moves (plies) in all.

    ``unlimited`` is the value that means no limit: 0 (the default, and the lowest
    value), or ``None`` for a limit that is simply not given (then at least 1)."""
    if unlimited is None:
        return Option(
            "max_plies",
            int,
            None,
            help_text,
            minimum=1,
            maximum=maximum,
            default_text=N_("no limit"),
            label=MOVE_LIMIT,
            explanation=N_(
                "End the game as a draw after this many moves in all; empty for no limit."
            ),
        )
    return Option(
        "max_plies",
        int,
        unlimited,
        help_text,
        minimum=unlimited,
        maximum=maximum,
        label=MOVE_LIMIT,
        explanation=N_("End the game as a draw after this many moves in all; 0 for no limit."),
    )
