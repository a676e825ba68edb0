"""The error types every layer raises and catches.

Messages always quote the offending input, so a user interface can print the
message as it is: one line that says what was wrong and where.
"""

from __future__ import annotations


class TabletopError(Exception):
    """Root of every error tabletop raises on purpose."""


class CodedError(Exception):
    """A refusal that answers a client: ``code``, the protocol's error code
    (docs/protocol.md), beside the ``message`` that says what was wrong.

    Not a :class:`TabletopError` by itself, so that the handlers catching those do not
    catch a coded refusal on its way out; a subclass adds that base where it is one."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class NotationError(TabletopError, ValueError):
    """Text that is not a move (or not a well-formed record) in a game's notation."""


class IllegalMoveError(TabletopError, ValueError):
    """A well-formed move that the rules do not allow in this position."""


class OptionError(TabletopError, ValueError):
    """An unknown game, an unknown option, or an option value that is not allowed."""
