"""The Game/State contract every game implements.

The AI, the match layer, the server, the browser app and the conformance
tests see only this surface, so they treat all games alike:

* :class:`Game` - an immutable, hashable description of a game and its
  options, loaded by name through :func:`tabletop.load_game`.
* :class:`State` - a position plus its history, changed in place by
  :meth:`State.play` and :meth:`State.undo`.
* Moves - small frozen values per game whose ``str()`` is the one canonical
  notation, with ``state.parse_move(str(move)) == move``.
* :class:`Outcome` - the result of a finished game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

import numpy as np
import numpy.typing as npt

from tabletop.core.errors import IllegalMoveError, NotationError

ActionArray = npt.NDArray[np.int64]


@runtime_checkable
class Move(Protocol):
    """A move value: frozen, hashable, and ``str(move)`` is its canonical notation."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


#: Why a game ended. The match layer adds "resignation" and "timeout".
OUTCOME_REASONS = frozenset(
    {
        "score",
        "six-ejected",
        "goal-reached",
        "all-captured",
        "no-placements",
        "cycle",
        "max-plies",
        "repetition",  # a stand-off adjudicated by a match (--max-repeats), not a rule
        "resignation",
        "timeout",
    }
)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``returns`` has one value per seat (sum zero between two sides; team-mates
    share); ``winners`` lists the winning seats (empty for a draw or no
    result); ``detail`` carries game-specific facts such as Go's score
    breakdown.
    """

    returns: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    detail: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.reason not in OUTCOME_REASONS:
            raise ValueError(f"unknown outcome reason {self.reason!r}")

    @property
    def is_draw(self) -> bool:
        """True when nobody won (a drawn game or a game without result)."""
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        """The outcome as JSON data (the shape records and the protocol store)."""
        return {
            "winners": list(self.winners),
            "returns": list(self.returns),
            "reason": self.reason,
            "detail": dict(self.detail),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Read back :meth:`to_dict` output (extra keys, such as a text, are ignored).

        Raises KeyError, TypeError or ValueError on data of another shape."""
        detail = data.get("detail", {})
        # An object with text keys only: dict() would also take a list of pairs, and a key
        # that is not text breaks every view that shows the outcome (a hostile record).
        if not isinstance(detail, Mapping) or not all(isinstance(k, str) for k in detail):
            raise TypeError(f"an outcome's detail must be an object with text keys: {detail!r}")
        return cls(
            tuple(float(x) for x in data["returns"]),
            tuple(int(x) for x in data["winners"]),
            str(data["reason"]),
            dict(detail),
        )


class Game(ABC):
    """A game with fixed options. Immutable and hashable; equal options, equal games."""

    #: The registry name, e.g. ``"go"``.
    name: ClassVar[str]

    @property
    @abstractmethod
    def options(self) -> Mapping[str, Any]:
        """Every option of this game with its value (defaults filled in)."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the integer action space: actions are ``0 .. num_actions-1``."""

    @property
    @abstractmethod
    def seat_names(self) -> tuple[str, ...]:
        """A display name per seat, e.g. ``("Black", "White")``."""

    @property
    def teams(self) -> tuple[int, ...]:
        """The team of each seat: team-mates win and lose together. Every seat is its
        own team unless a game says otherwise (4-player Abalone: seats 0 and 2, 1 and 3)."""
        return tuple(range(self.num_players))

    @abstractmethod
    def new_state(self) -> State:
        """The start position."""

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and type(other) is type(self)
            and (dict(self.options) == dict(other.options))
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}, {opts})"


class State(ABC):
    """A position plus its history. ``play`` and ``undo`` change it in place.

    ``play`` is all-or-nothing: a rejected move raises and leaves the state
    exactly as it was.
    """

    game: Game

    # -- whose turn, what happened -------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to move, or None once the game is over."""

    @property
    @abstractmethod
    def history(self) -> Sequence[Move]:
        """The moves played so far, oldest first."""

    @property
    def ply(self) -> int:
        """Number of moves played."""
        return len(self.history)

    @property
    @abstractmethod
    def zobrist(self) -> int:
        """A 64-bit hash of the position and the side to move (for tables and repetition)."""

    # -- moves ---------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move, as move values (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self) -> ActionArray:
        """Every legal move as integer actions, sorted ascending; same set as legal_moves()."""

    @abstractmethod
    def move_to_action(self, move: Move) -> int:
        """The integer action of ``move``."""

    @abstractmethod
    def action_to_move(self, action: int) -> Move:
        """The move of integer ``action``; NotationError if it is out of range."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move in the game's notation (lenient: any case, spaces trimmed)."""

    def format_move(self, move: Move) -> str:
        """The canonical notation of ``move``."""
        return str(move)

    def coerce_move(self, move: Move | str | int) -> Move:
        """Turn a Move, its notation or an integer action into a Move value."""
        if isinstance(move, str):
            return self.parse_move(move)
        if isinstance(move, (int, np.integer)) and not isinstance(move, bool):
            return self.action_to_move(int(move))
        if isinstance(move, Move):
            return move
        raise NotationError(f"{move!r} is neither a move, its notation, nor an action number")

    @abstractmethod
    def play(self, move: Move | str | int) -> None:
        """Play a move (value, notation or action). IllegalMoveError says why it is not allowed."""

    @abstractmethod
    def undo(self) -> Move:
        """Take back the last move and return it; IllegalMoveError at the start."""

    # -- the end -------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result, or None while the game goes on."""

    # -- copies and records ----------------------------------------------------------
    @abstractmethod
    def copy(self) -> Self:
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record: game name, options and moves in notation."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict` output, replaying every move."""

    @abstractmethod
    def __eq__(self, other: object) -> bool:
        """Same game, same position, same history and counters."""

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # The copy and pickle modules go through copy() and the record: a state's arrays
    # are views of each other and kernels may hold their addresses (Go's play handle),
    # which the default member-by-member copy would leave pointing at the original.
    def __copy__(self) -> Self:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_state_from_dict, (type(self), self.to_dict()))

    @abstractmethod
    def __str__(self) -> str:
        """A text diagram of the position."""

    # -- shared helpers --------------------------------------------------------------
    def _require_not_over(self, move: object) -> None:
        if self.is_over():
            raise IllegalMoveError(
                f"{move}: the game is over", reason="game-over", params={"move": str(move)}
            )


def _state_from_dict(cls: type[State], data: Mapping[str, Any]) -> State:
    """Unpickle a state: rebuild it from its record (State.__reduce__)."""
    return cls.from_dict(data)
