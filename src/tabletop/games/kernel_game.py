"""The base of the built-in games, whose positions live in numba kernels' arrays.

:mod:`tabletop.core.game` is the contract users and other games see; this
module is what the four built-in games share behind it, so each writes only
what is its own:

* the game holds its options object as ``settings`` and every move value once,
  in ``moves_by_action`` (an int action is an index into it);
* a set-up position (a problem, a test, a record's ``"setup"``) is made by
  ``game.setup(...)``, whose arguments are the game's own, and read back from
  a record by ``game.setup_from_record(value)``;
* the state keeps the moves played in ``_moves`` and the set-up, as its
  record writes it, in ``_setup``; copies, records and equality follow from
  them plus the hooks a game fills in (``_copy_arrays``, ``_same_position``,
  ``_record_extras``, ``_start_of_record``, ``_replay_record``).
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import numpy as np

from tabletop.core.errors import NotationError
from tabletop.core.game import Game, Move, State


class GameOptions(Protocol):
    """What the base needs of a game's options object: a (frozen) dataclass, whose fields
    are the options as plain values (``Game.options``, records)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


OptionsT = TypeVar("OptionsT", bound=GameOptions)
MoveT = TypeVar("MoveT")
SlotT = TypeVar("SlotT")


class KernelGame(Game, Generic[OptionsT, MoveT]):
    """A built-in game: its options object and its table of move values by action."""

    def __init__(
        self, options: OptionsT, moves_by_action: tuple[MoveT, ...], seat_names: tuple[str, ...]
    ) -> None:
        #: The options object (AbaloneOptions, GoOptions, ...), typed; ``options`` is its dict
        #: (the core contract), so ``game.settings.rules`` is Go's rule set, as it reads.
        self.settings = options
        #: Every move value, by action, made once: play() from an int is a lookup.
        self.moves_by_action = moves_by_action
        self._seat_names = seat_names
        self._num_players = len(seat_names)

    @property
    def options(self) -> Mapping[str, Any]:
        return dataclasses.asdict(self.settings)

    @property
    def num_players(self) -> int:
        return self._num_players

    @property
    def seat_names(self) -> tuple[str, ...]:
        return self._seat_names

    @property
    def num_actions(self) -> int:
        return len(self.moves_by_action)

    def setup_from_record(self, value: Any) -> State:
        """The set-up position a record's ``"setup"`` value describes (NotationError if
        the game has none or the value is malformed)."""
        raise NotationError(f"a {self.name} record has no set-up")


class KernelState(State):
    """A built-in game's state: the history, the move table look-ups, copies and records."""

    game: KernelGame[Any, Any]
    #: The game class this state belongs to (its name is the record's "game").
    game_type: ClassVar[type[KernelGame[Any, Any]]]
    #: The game's move class, and how messages name it ("an Abalone move").
    move_type: ClassVar[type]
    move_words: ClassVar[str]

    def __init_subclass__(
        cls,
        *,
        game_type: type[KernelGame[Any, Any]] | None = None,
        move_type: type | None = None,
        move_words: str = "",
    ) -> None:
        """A game's state class names its game, its move class and the words for a move:
        ``class GoState(KernelState, game_type=GoGame, move_type=GoMove, move_words=...)``;
        a subclass of that class inherits them."""
        super().__init_subclass__()
        if game_type is not None and move_type is not None:
            cls.game_type, cls.move_type, cls.move_words = game_type, move_type, move_words

    #: Oust's records have always put the set-up after the moves; kept, so every record
    #: is written byte for byte as before.
    _setup_after_moves: ClassVar[bool] = False

    _moves: list[Any]
    #: The set-up as the record keeps it, or None for the start position.
    _setup: dict[str, Any] | None

    # -- the history -------------------------------------------------------------------------
    @property
    def history(self) -> list[Any]:
        return list(self._moves)

    @property
    def ply(self) -> int:
        return len(self._moves)

    # -- moves by action ---------------------------------------------------------------------
    def _as_move(self, move: object) -> Any:
        """``move`` if it is this game's kind of move, else NotationError."""
        if not isinstance(move, self.move_type):
            raise NotationError(f"{move!r} is not {self.move_words}")
        return move

    def move_to_action(self, move: Move) -> int:
        """The action a move value carries (games whose moves hold their action)."""
        action: int = self._as_move(move).action
        return action

    def legal_moves(self) -> list[Move]:
        moves = self.game.moves_by_action
        return [moves[a] for a in self.legal_actions().tolist()]

    def action_to_move(self, action: int) -> Any:
        moves = self.game.moves_by_action
        if not 0 <= action < len(moves):
            raise NotationError(f"action {action} is out of range 0..{len(moves) - 1}")
        return moves[action]

    # -- copies ------------------------------------------------------------------------------
    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._moves = list(self._moves)
        self._copy_arrays(other)
        return other

    @abstractmethod
    def _copy_arrays(self, other: Self) -> None:
        """Give ``other`` (a shallow copy of this state) arrays of its own."""

    # -- records -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {"game": self.game.name, "options": dict(self.game.options)}
        if self._setup is not None and not self._setup_after_moves:
            record["setup"] = self._setup_record()
        record["moves"] = [str(m) for m in self._moves]
        if self._setup is not None and self._setup_after_moves:
            record["setup"] = self._setup_record()
        record.update(self._record_extras())
        return record

    def _setup_record(self) -> dict[str, Any]:
        """The record's ``"setup"`` value (a fresh copy, so the record owns it)."""
        return dict(self._setup or {})

    def _record_extras(self) -> dict[str, Any]:
        """Fields a game's record adds after the moves (Go's resumptions, dead stones)."""
        return {}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        from tabletop.core.records import record_game

        game, moves = record_game(data, cls.game_type.name)
        if not isinstance(game, cls.game_type):
            raise NotationError(f"record does not describe a {cls.game_type.name} game")
        state = cls._start_of_record(game, data)
        if not isinstance(state, cls):
            raise NotationError("record does not describe this kind of state")
        state._replay_record(moves, data)
        return state

    @classmethod
    def _start_of_record(cls, game: KernelGame[Any, Any], data: Mapping[str, Any]) -> State:
        """The position a record's moves start from: its set-up, or the start position."""
        setup = data.get("setup")
        return game.new_state() if setup is None else game.setup_from_record(setup)

    def _replay_record(self, moves: Sequence[Any], data: Mapping[str, Any]) -> None:
        """Play a record's moves (a game may act between them, as Go's resumptions)."""
        from tabletop.core.records import replay

        replay(self, moves)

    # -- equality ----------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return (
            self.game == other.game
            and self._moves == other._moves
            and self._setup == other._setup
            and self._same_position(other)
        )

    __hash__ = None  # states are mutable

    @abstractmethod
    def _same_position(self, other: Self) -> bool:
        """True when ``other`` (same game, moves and set-up) holds the same arrays."""


class MetaSlot(Generic[SlotT]):
    """A read-only attribute of a kernel state: one slot of its meta row (``_meta``, the
    kernels' scalars such as the colour to move or the ko point), read as ``kind``:
    ``_ko = MetaSlot(kernels.M_KO, int)``."""

    def __init__(self, index: int, kind: Callable[[Any], SlotT], doc: str = "") -> None:
        self.index = index
        self.kind = kind
        self.__doc__ = doc

    def __get__(self, state: object, owner: type | None = None) -> SlotT:
        meta: np.ndarray = state._meta  # type: ignore[attr-defined]
        return self.kind(meta[self.index])


def read_only(table: np.ndarray) -> np.ndarray:
    """``table``, made read-only (a Zobrist table shared by every state of a game)."""
    table.setflags(write=False)
    return table


def grown(trail: np.ndarray) -> np.ndarray:
    """An undo trail with twice the rows, the used ones copied (a kernel said NO_ROOM)."""
    bigger = np.zeros((2 * trail.shape[0], trail.shape[1]), dtype=trail.dtype)
    bigger[: trail.shape[0]] = trail
    return bigger
