"""The error types every layer raises and catches.

Messages always quote the offending input, so a user interface can print the
message as it is: one line that says what was wrong and where. An error may also carry
a ``reason`` (a short fixed code, e.g. ``"ko"``) and ``params`` (the specifics: the move,
the square, the limit), so that a client can word it in its own language
(docs/protocol.md, "Errors"); the English message says the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: A value an error's params carry: JSON scalars only, so they go on the wire as they are.
Param = str | int | float | bool


class TabletopError(Exception):
    """Root of every error tabletop raises on purpose."""

    def __init__(
        self,
        message: str = "",
        *,
        reason: str | None = None,
        params: Mapping[str, Param] | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.params: dict[str, Param] = dict(params or {})

    def details(self) -> dict[str, Any]:
        """The reason and params as the wire's ``params`` object (empty when there is none)."""
        return {**self.params, "reason": self.reason} if self.reason else dict(self.params)


class CodedError(Exception):
    """A refusal that answers a client: ``code``, the protocol's error code
    (docs/protocol.md), beside the ``message`` that says what was wrong and its
    specifics (``params``, which a client words the code with).

    Not a :class:`TabletopError` by itself, so that the handlers catching those do not
    catch a coded refusal on its way out; a subclass adds that base where it is one."""

    def __init__(self, code: str, message: str, params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Param] = dict(params or {})


class NotationError(TabletopError, ValueError):
    """Text that is not a move (or not a well-formed record) in a game's notation."""


class IllegalMoveError(TabletopError, ValueError):
    """A well-formed move that the rules do not allow in this position."""


class OptionError(TabletopError, ValueError):
    """An unknown game, an unknown option, or an option value that is not allowed."""
