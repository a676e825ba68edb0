"""The error types every layer raises and catches.

Messages always quote the offending input, so a user interface can print the
message as it is: one line that says what was wrong and where.
"""

from __future__ import annotations


class TabletopError(Exception):
    """Root of every error tabletop raises on purpose."""


class NotationError(TabletopError, ValueError):
    """Text that is not a move (or not a well-formed record) in a game's notation."""


class IllegalMoveError(TabletopError, ValueError):
    """A well-formed move that the rules do not allow in this position."""


class OptionError(TabletopError, ValueError):
    """An unknown game, an unknown option, or an option value that is not allowed."""
