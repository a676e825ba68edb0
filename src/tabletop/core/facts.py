"""What a game tells the generic layers besides its rules: the facts the match layer, the
server, the browser app and the searches ask each game for instead of testing its name.

A game registers them, as :class:`GameFacts`, with its
:class:`~tabletop.core.registry.GameInfo`:

* its board view (the ``board`` field of the server's GameView: docs/protocol.md),
* a one-line summary of its options for a title (``9×9``, ``hex 5``, ``3 players``),
* its scoring phase, when the players agree on the count after play (Go's dead stones),
* the record formats it offers besides the JSON record every game has (Go's SGF),
* its knowledge for the searches (``games/<name>/evaluation.py``),
* whether it has a pass move at every turn (the browser app then always shows the button),
* the colour each seat's pieces are drawn in (its seats' names are the game's ``seat_names``),
* what a game review shows of a position besides the chances (Go: ownership and score),
* the rating pool its rated games count in (``go-9``, ``abalone``), if any.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop.core.game import Game, Outcome, State

#: The ``board`` field of a GameView: the cells and pieces the browser app draws. Its
#: return annotation (a TypedDict with a ``kind``) is the board's model in the protocol.
BoardView = Callable[[State], Mapping[str, Any]]


class ScoringPhase(Protocol):
    """A count the players agree on once play has ended: which stones are dead (Go).

    Points and chains are named in the game's notation; every method that marks
    raises a TabletopError for a point that is not a stone on the board.
    """

    def needed(self, state: State) -> bool:
        """Whether the game that ended in ``state`` is counted only after the players agree."""

    def propose(self, state: State, seed: int) -> list[str]:
        """The estimator's proposal of dead stones, the phase's starting point."""

    def marked(self, state: State) -> list[str]:
        """The stones marked dead now."""

    def mark(self, state: State, points: Sequence[str]) -> None:
        """Mark exactly ``points`` dead (with their chains)."""

    def toggle(self, state: State, point: str) -> str:
        """Mark the chain through ``point`` dead or alive again; the chain's first point."""

    def chain(self, state: State, point: str) -> set[str]:
        """The stones of the chain through ``point``."""

    def resume(self, state: State) -> None:
        """The players disagree: play goes on from the ended position."""

    def view(self, state: State) -> dict[str, Any]:
        """The count under the current marking, for the GameView's ``scoring`` field:
        ``dead``, ``owners`` (one string per row, a seat's digit or ``.`` per point),
        ``score`` (points per side) and ``detail`` (the breakdown, as the outcome's)."""


@dataclass(frozen=True)
class ImportedRecord:
    """A game read from a record file: the replayed state, the seats' names, a result
    the position cannot tell (a resignation or a time-out) if the record has one, and
    what the lenient reader mended or ignored on the way (one line each)."""

    state: State
    names: list[str]
    resigned: Outcome | None
    warnings: Sequence[str] = ()


@dataclass(frozen=True)
class RecordFormat:
    """A game record file format of one game (besides the JSON record every game has).

    ``write(state, names, resigned)``: the file of a game in ``state`` between
    players ``names`` (None: unknown), ``resigned`` its resignation or time-out if
    it ended so. ``read(text)``: the game of a file; NotationError says what is wrong.
    """

    name: str
    media_type: str
    write: Callable[[State, Sequence[str | None], Outcome | None], bytes]
    read: Callable[[str], ImportedRecord]


def no_score_lines(detail: Mapping[str, Any]) -> list[str]:
    """No breakdown beyond the outcome's reason: a game decided by its position alone."""
    return []


def no_summary(game: Game) -> str:
    """The summary of a game whose title says enough: its player count beyond two."""
    return f"{game.num_players} players" if game.num_players > 2 else ""


def no_review_extras(state: State, detail: Mapping[str, object]) -> dict[str, Any]:
    """Nothing beyond the chances: a game whose review needs no more of a position."""
    return {}


def pool_by_name(game: Game) -> str | None:
    """The rating pool of a game with one pool: its name, for two players only (a game of
    three or four is unrated: Glicko-2 rates one opponent at a time)."""
    return game.name if game.num_players == 2 else None


@dataclass(frozen=True)
class GameFacts:
    """One game's facts for the generic layers (decision record 0085).

    ``knowledge``: the module the searches take the game's rollout, evaluation,
    priors and candidates from (ai/knowledge.py), imported when a search first needs
    it; None: random rollouts. A game names its module, so that an error importing
    it is an error, never a silent fall back to random play.
    ``pass_move``: the game has a pass at every turn (the app keeps its button shown).
    ``colours``: the paint of each seat's pieces in seat order (the browser app's palette
    names); a game whose seats are named by colour paints them in those colours.
    ``warm_options``: the option sets whose compiled kernels ``python -m tabletop.ai.warm``
    prepares ahead of play; empty: each player count with the other options at their
    defaults (Go names its usual board under both kinds of scoring, which reach
    different kernels).
    ``score_lines``: a counted outcome's breakdown (its ``detail``) as lines of text for
    the terminal, one per side and the result (Go: territory, prisoners, komi).
    ``review_extras(state, detail)``: the fields a game review adds to a position
    (review/position.py) from the position and its analysis's ``detail`` (empty once
    the game is over); Go's ownership map and estimated score. JSON values only.
    ``rating_pool(game)``: the pool whose ratings a rated game with these options
    changes (decision record 0123); None: such games are never rated.
    """

    board_view: BoardView
    summary: Callable[[Game], str] = no_summary
    knowledge: str | None = None
    scoring: ScoringPhase | None = None
    records: Mapping[str, RecordFormat] = field(default_factory=dict)
    pass_move: bool = False
    colours: tuple[str, ...] = ("black", "white", "red", "blue")
    score_lines: Callable[[Mapping[str, Any]], list[str]] = no_score_lines
    warm_options: tuple[Mapping[str, Any], ...] = ()
    review_extras: Callable[[State, Mapping[str, object]], dict[str, Any]] = no_review_extras
    rating_pool: Callable[[Game], str | None] = pool_by_name
