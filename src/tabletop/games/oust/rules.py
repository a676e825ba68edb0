"""Oust on the core contract: OustGame (options, board) and OustState (position plus history).

The position, its turn flags and the undo trail live in the kernels' arrays
(kernels.py); one placement is one move and one kernel call. This module
adds move values, set-up positions, the outcome, messages and the diagram.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, Self

import numpy as np

from tabletop.core.errors import IllegalMoveError, NotationError, Param
from tabletop.core.game import ActionArray, Move, Outcome
from tabletop.games.kernel_game import KernelGame, KernelState, MetaSlot, grown, read_only
from tabletop.games.oust import kernels
from tabletop.games.oust.diagram import SEAT_NAMES, Picture, diagram
from tabletop.games.oust.geometry import Grid
from tabletop.games.oust.notation import PASS, SWAP, OustMove, parse_move
from tabletop.games.oust.options import OustOptions
from tabletop.games.oust.setup import place_setup, read_setup_record

END_REASONS = {
    kernels.END_ALL_CAPTURED: "all-captured",
    kernels.END_NO_PLACEMENTS: "no-placements",
    kernels.END_MAX_PLIES: "max-plies",
}


@cache
def _zobrist(grid: Grid) -> np.ndarray:
    # One fixed seed per board, so hashes are reproducible across runs.
    seed = sum(ord(ch) * 31**i for i, ch in enumerate(grid.describe())) & 0xFFFF_FFFF
    return read_only(kernels.zobrist_table(grid.num_cells, seed))


class OustGame(KernelGame[OustOptions, OustMove]):
    """Oust with one set of options (board shape and size, pie rule, move limit)."""

    name = "oust"

    def __init__(self, options: OustOptions) -> None:
        grid = options.grid()
        specials = (PASS, SWAP) if options.pie else (PASS,)
        moves = (*(OustMove(name) for name in grid.names), *specials)
        super().__init__(options, moves, SEAT_NAMES)
        self.grid = grid
        self.num_cells = grid.num_cells
        self.flags = kernels.PIE if options.pie else 0
        self.action_by_text = {m.text: a for a, m in enumerate(self.moves_by_action)}

    @property
    def neighbours(self) -> np.ndarray:
        """The kernels' neighbour table: int64[C, K], padded with the sentinel C."""
        table: np.ndarray = self.grid.neighbours
        return table

    def new_state(self) -> OustState:
        return OustState(self)

    def setup(
        self, black: Iterable[str] = (), white: Iterable[str] = (), to_move: str = "black"
    ) -> OustState:
        """A position with these stones and ``to_move`` ("black"/"white") to place next.

        For problems and tests: the position need not be reachable. It starts
        a history of its own (ply 0, no pie swap) and is kept in records.
        """
        state = OustState(self)
        state._setup = place_setup(
            state._pos, state._zob, state._scratch, self.grid, [*black], [*white], to_move
        )
        return state

    def setup_from_record(self, value: Any) -> OustState:
        return self.setup(*read_setup_record(value))


class OustState(KernelState, game_type=OustGame, move_type=OustMove, move_words="an Oust move"):
    """An Oust position with its history. Seat 0 is Black (moves first), seat 1 White.

    After a capturing placement the same seat is to move again; ``to_move``
    tells who places next and ``continues`` whether that is a capture's
    extra placement.
    """

    game: OustGame
    _setup_after_moves = True
    _moves: list[OustMove]

    def __init__(self, game: OustGame) -> None:
        self.game = game
        self._cells = game.num_cells
        self._nbr = game.grid.neighbours
        self._zob = _zobrist(game.grid)
        self._pos = kernels.new_position(self._cells)
        self._board = self._pos[0]
        self._meta = self._pos[1]
        self._scratch = kernels.new_scratch(self._cells)
        self._trail = np.zeros((64, kernels.trail_width(self._cells)), dtype=np.int64)
        self._moves = []
        self._setup = None

    # -- the contract -------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self._meta[kernels.M_END] != kernels.END_NONE:
            return None
        return int(self._meta[kernels.M_COLOR]) - 1

    @property
    def zobrist(self) -> int:
        return int(kernels.situation_key(self._meta))

    continues = MetaSlot(
        kernels.M_CONTINUES, bool, "True when the player to move captured and must place again."
    )
    must_pass = MetaSlot(
        kernels.M_MUST_PASS,
        bool,
        "True when the player to move has no placement, so pass is the only move.",
    )

    @property
    def stone_counts(self) -> tuple[int, int]:
        """Stones on the board of (Black, White)."""
        m = self._meta
        return int(m[kernels.M_STONES]), int(m[kernels.M_STONES + 1])

    @property
    def board_array(self) -> np.ndarray:
        """The kernels' board (EMPTY/BLACK/WHITE per cell, BORDER from the sentinel on).

        A read-only view: with ``game.neighbours`` it is the kernel-level interface.
        """
        view: np.ndarray = self._board[: self._cells + 1].view()
        view.setflags(write=False)
        return view

    @property
    def zobrist_table(self) -> np.ndarray:
        """The random keys the position's hash is made of, by colour and cell (for the
        search kernels, which hash the positions they reach the same way)."""
        return self._zob

    def kernel_position(self) -> np.ndarray:
        """A copy of the kernels' ``pos`` array (board and meta row), e.g. for
        ``kernels.random_playout(state.kernel_position(), game.neighbours, ...)``."""
        pos: np.ndarray = self._pos.copy()
        return pos

    def stone_at(self, cell: str) -> int | None:
        """0 for a black stone on the named cell, 1 for white, None when it is empty."""
        v = int(self._board[self.game.grid.cell(cell)])
        return None if v == kernels.EMPTY else v - 1

    def stones(self, seat: int) -> list[str]:
        """The cells holding ``seat``'s stones, in action order."""
        names = self.game.grid.names
        return [names[i] for i in range(self._cells) if self._board[i] == seat + 1]

    def legal_actions(self) -> ActionArray:
        actions: ActionArray = kernels.legal_actions(self._pos, self._nbr, self._scratch)
        return actions

    def move_to_action(self, move: Move) -> int:
        text = self._as_move(move).text
        action = self.game.action_by_text.get(text)
        if action is None:
            raise NotationError(f"{text!r} is not a move on the {self.game.grid.describe()}")
        return action

    def parse_move(self, text: str) -> OustMove:
        return parse_move(text, self.game.grid, self.game.settings.pie)

    def play(self, move: Move | str | int) -> None:
        # The hot path (an int action from a search or a playout driver) is kept short:
        # one table lookup, one kernel call.
        game = self.game
        if type(move) is int and 0 <= move < len(game.moves_by_action):
            action = move
        else:
            action = self.move_to_action(self.coerce_move(move))
        code = kernels.play(
            self._pos,
            self._nbr,
            self._zob,
            self._trail,
            self._scratch,
            action,
            game.flags,
            game.settings.max_plies,
        )
        if code:
            if code != kernels.NO_ROOM:
                raise self._explain(move, action, code)
            self._grow()
            self.play(action)
            return
        self._moves.append(game.moves_by_action[action])

    def _grow(self) -> None:
        self._trail = grown(self._trail)

    def _explain(self, given: Move | str | int, action: int, code: int) -> IllegalMoveError:
        """The refusal as an error: words naming the rule and quoting the move as given, a
        reason and its specifics."""
        move = self.game.moves_by_action[action]
        quoted = repr(given) if isinstance(given, str) else repr(str(move))
        params: dict[str, Param] = {"move": str(move)}
        if code == kernels.OVER:
            text, reason = f"{quoted}: the game is over", "game-over"
        elif code == kernels.OCCUPIED:
            text, reason = f"{quoted}: the cell is already occupied", "occupied"
        elif code == kernels.PASS_REFUSED:
            legal = self.legal_moves()
            text = (
                f"{quoted}: passing is allowed only when no placement is legal, "
                f"and {len(legal)} {'is' if len(legal) == 1 else 'are'} (e.g. {legal[0]})"
            )
            reason = "pass-refused"
            params.update(count=len(legal), example=str(legal[0]))
        elif code == kernels.SWAP_REFUSED:
            if not self.game.settings.pie:
                text, reason = f"{quoted}: the pie rule is off in this game", "pie-off"
            else:
                text = f"{quoted}: the swap is only White's answer to Black's first stone"
                reason = "swap-late"
        else:
            text, reason = self._explain_placement(quoted, action, code, params)
            if self.must_pass:
                text += " (no placement is legal here: pass)"
                params["pass"] = True
        return IllegalMoveError(text, reason=reason, params=params)

    def _explain_placement(
        self, quoted: str, p: int, code: int, params: dict[str, Param]
    ) -> tuple[str, str]:
        """Why a placement beside one's own stones is refused: (words, reason); the group
        sizes go into ``params``."""
        color = int(self._meta[kernels.M_COLOR])
        _, _, size = kernels.check_placement(self._board, self._nbr, self._scratch, p, color)
        stones = "stone" if size == 1 else "stones"
        params["size"] = int(size)
        if code == kernels.NO_ENEMY:
            text = (
                f"{quoted}: a stone placed beside your own must capture - the new group of "
                f"{size} {stones} touches no enemy group"
            )
            return text, "no-enemy"
        enemy = kernels.largest_enemy_group(self._board, self._nbr, self._scratch, p, color)
        params["enemy"] = int(enemy)
        rel = "an equal-size" if enemy == size else "a larger"
        text = (
            f"{quoted}: a capturing group must be larger than every enemy group it touches - "
            f"the new group of {size} {stones} touches {rel} enemy group of {enemy}"
        )
        return text, "equal-enemy" if enemy == size else "larger-enemy"

    def undo(self) -> OustMove:
        if not self._moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        kernels.undo(self._pos, self._trail, self._cells)
        return self._moves.pop()

    def is_over(self) -> bool:
        return bool(self._meta[kernels.M_END] != kernels.END_NONE)

    def outcome(self) -> Outcome | None:
        end = int(self._meta[kernels.M_END])
        if end == kernels.END_NONE:
            return None
        reason = END_REASONS[end]
        black, white = self.stone_counts
        detail: dict[str, Any] = {"black_stones": black, "white_stones": white}
        if end == kernels.END_ALL_CAPTURED:
            winner = int(self._meta[kernels.M_WINNER]) - 1
            returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
            return Outcome(returns, (winner,), reason, detail)
        if end == kernels.END_NO_PLACEMENTS:
            detail["note"] = "neither side can place: a draw"
        else:
            detail["note"] = f"the move limit of {self.game.settings.max_plies} was reached"
        return Outcome((0.0, 0.0), (), reason, detail)

    # -- copies, records, the diagram ---------------------------------------------------------
    def _copy_arrays(self, other: Self) -> None:
        other._pos = self._pos.copy()
        other._board = other._pos[0]
        other._meta = other._pos[1]
        other._scratch = kernels.new_scratch(self._cells)
        # The rows in use plus some room; play() doubles it when it runs out.
        other._trail = np.empty((self.ply + 64, self._trail.shape[1]), dtype=np.int64)
        other._trail[: self.ply] = self._trail[: self.ply]

    def _same_position(self, other: Self) -> bool:
        return np.array_equal(self._board, other._board) and np.array_equal(
            self._meta[: kernels.META], other._meta[: kernels.META]
        )

    def __str__(self) -> str:
        outcome = self.outcome()
        if self.continues:
            note = "continues"
        elif self.must_pass:
            note = "must-pass"
        else:
            note = "may-swap" if self._meta[kernels.M_SWAP] else ""
        return diagram(
            self.game.grid,
            Picture(
                cells=tuple(int(v) for v in self._board[: self._cells]),
                last_cell=int(self._meta[kernels.M_LAST]),
                stones=self.stone_counts,
                last_move=str(self._moves[-1]) if self._moves else None,
                captured=int(self._meta[kernels.M_CAPTURED]),
                to_move=self.to_move,
                result=None if outcome is None else (outcome.winners, outcome.reason),
                turn_note=note,
            ),
        )
