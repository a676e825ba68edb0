"""Abalone on the core contract: AbaloneGame (options) and AbaloneState (position + history).

The board and every legality test live in the numba kernels (kernels.py);
this module keeps whose turn it is, the ejected tallies, the history for
undo, the end of the game, and turns refusal codes into messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Self

import numpy as np

from tabletop.core.errors import IllegalMoveError, NotationError, Param
from tabletop.core.game import ActionArray, Move, Outcome
from tabletop.games.abalone import geometry, kernels, layouts
from tabletop.games.abalone.diagram import Picture, diagram
from tabletop.games.abalone.notation import (
    MOVES_BY_ACTION,
    PASS,
    AbaloneMove,
    describe,
    parse_move,
)
from tabletop.games.abalone.options import BROADSIDE_POLICIES, EJECT_TO_WIN, AbaloneOptions
from tabletop.games.abalone.setup import checked_setup, read_setup_record, setup_record
from tabletop.games.kernel_game import KernelGame, KernelState, read_only
from tabletop.i18n import N_

SEAT_NAMES = {
    2: (N_("Black"), N_("White")),
    3: (N_("Black"), N_("White"), N_("Yellow")),
    4: (N_("Black"), N_("White"), N_("Yellow"), N_("Blue")),
}
_ZOBRIST = read_only(kernels.zobrist_table())
# Keys for each seat's ejected tally: with 3 or 4 players who pushed a marble off
# is not visible on the board, and positions that differ in it must hash apart.
_TALLY_KEYS = np.random.default_rng(0xABA1_7A11).integers(
    -(2**63), 2**63 - 1, size=(4, 15), dtype=np.int64
)


@cache
def _tally_key(ejected: tuple[int, ...]) -> int:
    """The part of the Zobrist key for each seat's tally (a search meets few tallies)."""
    key = 0
    for seat, count in enumerate(ejected):
        key ^= int(_TALLY_KEYS[seat, min(count, 14)])
    return key


#: What undo restores: board bytes, seat to move, ejected per seat, consecutive
#: passes, the end reason.
_Saved = tuple[bytes, int, tuple[int, ...], int, str | None]


class AbaloneGame(KernelGame[AbaloneOptions, AbaloneMove]):
    """Abalone for 2, 3 or 4 players with one set of options."""

    name = "abalone"

    def __init__(self, options: AbaloneOptions) -> None:
        super().__init__(options, MOVES_BY_ACTION, SEAT_NAMES[options.players])
        self._teams = tuple(options.teams)
        # The kernels' view of the teams: the team of each colour (seat + 1).
        self.team_of_colour = np.full(kernels.OFF + 1, -1, dtype=np.int64)
        for seat, team in enumerate(self._teams):
            self.team_of_colour[seat + 1] = team
        self.team_of_colour.setflags(write=False)
        self.policy = BROADSIDE_POLICIES.index(options.broadside)
        self._num_teams = len(set(self._teams))
        #: False when every seat is its own side (seat i is team i): tallies need no sums.
        self.has_teams = self._teams != tuple(range(len(self._teams)))

    @property
    def teams(self) -> tuple[int, ...]:
        """Each seat's team: its own, or with 4 players seats 0 and 2, 1 and 3."""
        return self._teams

    @property
    def num_teams(self) -> int:
        """Sides that score: one per player, or two teams with 4 players."""
        return self._num_teams

    def start_cells(self) -> tuple[tuple[str, ...], ...]:
        """The start cells of each seat (docs/rules/abalone.md §3)."""
        players = self.settings.players
        if players == 2:
            return layouts.TWO_PLAYER[self.settings.layout]
        return layouts.THREE_PLAYER if players == 3 else layouts.FOUR_PLAYER

    def new_state(self) -> AbaloneState:
        return AbaloneState(self)

    def setup(self, marbles: Mapping[int, Iterable[str]], to_move: int = 0) -> AbaloneState:
        """A state with exactly these marbles (seat -> cell names) and no history.

        For problems, tests and analysis; the set-up travels with the record.
        """
        return AbaloneState(self, marbles, to_move)

    def setup_from_record(self, value: Any) -> AbaloneState:
        marbles, to_move = read_setup_record(value)
        return self.setup(marbles, to_move)


class AbaloneState(
    KernelState, game_type=AbaloneGame, move_type=AbaloneMove, move_words="an Abalone move"
):
    """An Abalone position with its history; seat s plays colour s + 1."""

    game: AbaloneGame
    _moves: list[AbaloneMove]

    def __init__(
        self,
        game: AbaloneGame,
        setup: Mapping[int, Iterable[str]] | None = None,
        to_move: int = 0,
    ) -> None:
        self.game = game
        self._board = kernels.empty_board()
        self._setup = None
        if setup is None:
            marbles: Mapping[int, Iterable[str]] = dict(enumerate(game.start_cells()))
        else:
            marbles = checked_setup(game.num_players, setup, to_move)
            self._setup = setup_record(marbles, to_move)
        for seat, cells in marbles.items():
            for name in cells:
                self._board[geometry.GRID_OF_CELL[geometry.CELL_OF_NAME[name]]] = seat + 1
        self._seat = to_move
        self._ejected = (0,) * game.num_players  # marbles each seat has pushed off
        self._key: int | None = None  # the Zobrist key, once asked for (searches ask twice)
        self._passes = 0  # consecutive passes (everyone passing would repeat forever)
        self._ended: str | None = None
        self._moves = []
        self._undo: list[_Saved] = []

    # -- the contract -------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._ended is not None else self._seat

    @property
    def zobrist(self) -> int:
        if self._key is None:
            board = int(kernels.board_hash(self._board, _ZOBRIST, self._seat))
            self._key = board ^ _tally_key(self._ejected)
        return self._key

    @property
    def ejected(self) -> tuple[int, ...]:
        """Opposing marbles each seat has pushed off the board."""
        return self._ejected

    @property
    def team_ejected(self) -> tuple[int, ...]:
        """The tally per side that scores (per player, or per team with 4 players)."""
        if not self.game.has_teams:
            return self._ejected
        totals = [0] * self.game.num_teams
        for seat, count in enumerate(self._ejected):
            totals[self.game.teams[seat]] += count
        return tuple(totals)

    @property
    def board_array(self) -> np.ndarray:
        """The kernels' board (a colour, EMPTY or OFF per grid point), for the searches'
        kernels; theirs to read, never to write (a copy is the state's ``copy()``)."""
        return self._board

    @property
    def seat(self) -> int:
        """The seat whose turn it is in the kernels' terms, also once the game has ended
        (``to_move`` is None then): the side the board hash is keyed by."""
        return self._seat

    def marbles(self, seat: int) -> list[str]:
        """The cells of a seat's marbles, in cell order."""
        colour = seat + 1
        return [
            geometry.NAMES[c]
            for c, g in enumerate(geometry.GRID_OF_CELL)
            if self._board[g] == colour
        ]

    def marble_at(self, cell: str) -> int | None:
        """The seat whose marble is on ``cell`` (a name like ``e5``), or None when empty."""
        index = geometry.CELL_OF_NAME.get(cell.strip().lower())
        if index is None:
            raise NotationError(f"{cell!r} is not a cell of the board")
        v = int(self._board[geometry.GRID_OF_CELL[index]])
        return None if v == kernels.EMPTY else v - 1

    def legal_actions(self) -> ActionArray:
        if self._ended is not None:
            return np.empty(0, dtype=np.int64)
        actions: ActionArray = kernels.legal_actions(
            self._board, self._seat + 1, self.game.team_of_colour, self.game.policy
        )
        return actions

    def parse_move(self, text: str) -> AbaloneMove:
        return parse_move(text)

    def play(self, move: Move | str | int) -> None:
        # A search's int action skips the general coercion (the hot path of alpha-beta).
        if type(move) is int and 0 <= move < kernels.NUM_ACTIONS:
            m = MOVES_BY_ACTION[move]
        else:
            m = self._as_move(self.coerce_move(move))
        self._require_not_over(m)
        game = self.game
        action = m.action
        is_pass = action == kernels.PASS_ACTION
        if is_pass:
            if self.legal_actions()[0] != kernels.PASS_ACTION:
                raise IllegalMoveError(
                    "pass: a side may pass only when it has no move", reason="pass-refused"
                )
        else:
            code = kernels.check(
                self._board, action, self._seat + 1, game.team_of_colour, game.policy
            )
            if code != kernels.LEGAL:
                raise self._explain(m, code)
        self._undo.append(
            (self._board.tobytes(), self._seat, self._ejected, self._passes, self._ended)
        )
        self._key = None
        self._moves.append(m)
        ejected = False
        if is_pass:
            self._passes += 1
        else:
            self._passes = 0
            if kernels.apply(self._board, action):
                tally = list(self._ejected)
                tally[self._seat] += 1
                self._ejected = tuple(tally)
                ejected = True
        self._seat = (self._seat + 1) % game.num_players
        self._ended = self._end_reason(ejected)

    def _end_reason(self, ejected: bool) -> str | None:
        """Why the game ends after the move just played (``ejected``: it pushed a marble
        off), or None. The game went on before it, so only what the move changed can end
        it: the tallies, the passes, the ply count."""
        if ejected and max(self.team_ejected) >= EJECT_TO_WIN:
            return "six-ejected"
        if self._passes >= self.game.num_players:
            return "cycle"  # nobody can move: the position can never change again
        limit = self.game.settings.max_plies
        if limit and self.ply >= limit:
            return "max-plies"
        return None

    def _explain(self, move: AbaloneMove, code: int) -> IllegalMoveError:
        """The kernel's refusal ``code`` as an error: words, a reason and its specifics."""
        try:
            text = str(move)
        except NotationError:
            return IllegalMoveError(
                f"action {move.action}: it does not fit on the board", reason="off-board"
            )
        cells = [geometry.NAMES[c] for c in describe(move.action)]
        first = cells[0]
        params: dict[str, Param] = {"move": text, "cell": first}
        if code == kernels.NO_MARBLE:
            message = f"{text}: there is no marble on {first}"
            return IllegalMoveError(message, reason="no-marble", params=params)
        if code == kernels.NOT_OWN:
            seat = self.marble_at(first)
            if seat is not None and self.game.teams[seat] == self.game.teams[self._seat]:
                message = (
                    f"{text}: the marble on {first} is your partner's - a move is led "
                    "from the rear by one of your own marbles"
                )
                return IllegalMoveError(message, reason="partner-marble", params=params)
            message = f"{text}: the marble on {first} is not yours"
            return IllegalMoveError(message, reason="not-own", params=params)
        names = {
            kernels.TOO_MANY: "too-many",
            kernels.OWN_OFF: "own-off",
            kernels.SINGLE_PUSH: "single-push",
            kernels.OUTNUMBERED: "outnumbered",
            kernels.SANDWICH: "sandwich",
            kernels.NOT_A_LINE: "not-a-line",
            kernels.BROADSIDE_POLICY: "broadside-" + self.game.settings.broadside,
            kernels.BROADSIDE_BLOCKED: "broadside-blocked",
            kernels.BROADSIDE_OFF: "own-off",
        }
        if code == kernels.NOT_A_LINE:
            params["last"] = cells[1]
        reasons = {
            kernels.TOO_MANY: "at most three marbles move, and this line has four or more",
            kernels.OWN_OFF: "a move may not take your own marble off the board",
            kernels.SINGLE_PUSH: "a single marble never pushes",
            kernels.OUTNUMBERED: (
                "a push needs more marbles than it pushes (2 against 1, 3 against 1 or 3 against 2)"
            ),
            kernels.SANDWICH: (
                "the pushed marbles must move into an empty cell or off the board, "
                "and one of your side's marbles is behind them"
            ),
            kernels.NOT_A_LINE: f"{cells[0]}..{cells[1]} is not a line of your side's marbles",
            kernels.BROADSIDE_POLICY: self._policy_text(),
            kernels.BROADSIDE_BLOCKED: (
                "a sideways move needs every destination cell empty - it never pushes"
            ),
            kernels.BROADSIDE_OFF: "a move may not take your own marble off the board",
        }
        return IllegalMoveError(f"{text}: {reasons[code]}", reason=names[code], params=params)

    def _policy_text(self) -> str:
        policy = self.game.settings.broadside
        need = {
            "end": "at least one end marble",
            "all-own": "every marble",
            "any-own": "at least one marble",
        }[policy]
        return f"in a sideways move with partner marbles, {need} must be your own ({policy} rule)"

    def undo(self) -> AbaloneMove:
        if not self._moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        board, self._seat, self._ejected, self._passes, self._ended = self._undo.pop()
        self._key = None
        self._board[:] = np.frombuffer(board, dtype=np.int8)
        return self._moves.pop()

    def is_over(self) -> bool:
        return self._ended is not None

    def outcome(self) -> Outcome | None:
        if self._ended is None:
            return None
        n = self.game.num_players
        detail = {"ejected": list(self._ejected), "team_ejected": list(self.team_ejected)}
        if self._ended != "six-ejected":
            return Outcome((0.0,) * n, (), self._ended, detail)
        tallies = self.team_ejected
        winning_team = tallies.index(max(tallies))
        winners = tuple(s for s in range(n) if self.game.teams[s] == winning_team)
        losers = n - len(winners)
        # Zero-sum: the winners share +1 each; the losers split what the winners gain.
        loss = -len(winners) / losers
        returns = tuple(1.0 if s in winners else loss for s in range(n))
        return Outcome(returns, winners, "six-ejected", detail)

    # -- copies, records, the diagram ---------------------------------------------------------
    def _copy_arrays(self, other: Self) -> None:
        other._board = self._board.copy()
        other._undo = list(self._undo)  # entries are immutable

    def _same_position(self, other: Self) -> bool:
        return (
            np.array_equal(self._board, other._board)
            and self._seat == other._seat
            and self._ejected == other._ejected
            and self._passes == other._passes
            and self._ended == other._ended
        )

    def __str__(self) -> str:
        outcome = self.outcome()
        game = self.game
        return diagram(
            Picture(
                colours=tuple(int(self._board[g]) for g in geometry.GRID_OF_CELL),
                seat_names=game.seat_names,
                ejected=self._ejected,
                teams=game.teams if game.num_players == 4 else None,
                team_ejected=self.team_ejected,
                to_move=self.to_move,
                last_move=str(self._moves[-1]) if self._moves else None,
                result=None if outcome is None else (outcome.reason, outcome.winners),
            )
        )


__all__ = ["PASS", "AbaloneGame", "AbaloneState"]
