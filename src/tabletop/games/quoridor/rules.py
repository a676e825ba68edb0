"""Quoridor on the core contract: QuoridorGame (options) and QuoridorState.

The position, its undo trail and the wall-only caches live in the numba
kernels' arrays (kernels.py); this module adds move values, the end of the
game, the messages for illegal moves and the text diagram.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Self

import numpy as np

from tabletop.core.errors import IllegalMoveError, Param
from tabletop.core.game import ActionArray, Move, Outcome
from tabletop.games.kernel_game import KernelGame, KernelState, grown
from tabletop.games.quoridor import kernels
from tabletop.games.quoridor.diagram import Picture, draw
from tabletop.games.quoridor.geometry import SIZE, square_name
from tabletop.games.quoridor.notation import (
    H_BASE,
    HORIZONTAL,
    MOVES_BY_ACTION,
    NUM_ACTIONS,
    QuoridorMove,
    parse_move,
)
from tabletop.games.quoridor.options import QuoridorOptions
from tabletop.games.quoridor.setup import place_setup, read_setup_record
from tabletop.i18n import N_

SEAT_NAMES = {
    2: (N_("South"), N_("North")),
    4: (N_("South"), N_("West"), N_("North"), N_("East")),
}
GOAL_NAMES = {
    kernels.GOAL_NORTH: "row 9",
    kernels.GOAL_EAST: "column i",
    kernels.GOAL_SOUTH: "row 1",
    kernels.GOAL_WEST: "column a",
}
DIRECTION_STEPS = {
    kernels.NORTH: (0, 1),
    kernels.EAST: (1, 0),
    kernels.SOUTH: (0, -1),
    kernels.WEST: (-1, 0),
}


class QuoridorGame(KernelGame[QuoridorOptions, QuoridorMove]):
    """Quoridor with one set of options (players, walls, side steps, move cap)."""

    name = "quoridor"

    def __init__(self, options: QuoridorOptions) -> None:
        super().__init__(options, MOVES_BY_ACTION, SEAT_NAMES[options.players])

    def new_state(self) -> QuoridorState:
        return QuoridorState(self)

    def setup(
        self,
        pawns: Sequence[str],
        walls: Sequence[str] = (),
        walls_left: Sequence[int] | None = None,
        to_move: int = 0,
    ) -> QuoridorState:
        """A position given directly: a square per seat, the walls standing, whose turn.

        For puzzles, analysis and tests. ``walls_left`` defaults to the game's
        wall count for every seat. The setup is checked like play: walls inside
        the board, not overlapping or crossing, every pawn with a path to its
        goal side, no pawn already on it. Records keep the setup.
        """
        state = QuoridorState(self)
        state._setup = place_setup(state._pos, self, pawns, walls, walls_left, to_move)
        return state

    def setup_from_record(self, value: Any) -> QuoridorState:
        return self.setup(*read_setup_record(value))


class QuoridorState(
    KernelState, game_type=QuoridorGame, move_type=QuoridorMove, move_words="a Quoridor move"
):
    """A Quoridor position with its history. Seats move in order 0, 1, ... (clockwise).

    Two players: seat 0 on e1 (goal row 9), seat 1 on e9 (goal row 1). Four
    players: e1, a5, e9, i5 aiming at row 9, column i, row 1, column a.
    """

    game: QuoridorGame
    _moves: list[QuoridorMove]

    def __init__(self, game: QuoridorGame) -> None:
        self.game = game
        self._side = game.settings.side_step_around_pawns
        # The move cap as a number, so play() tests it with one compare.
        self._cap = game.settings.max_plies or sys.maxsize
        self._pos = kernels.new_position(game.settings.players, game.settings.walls)
        self._trail = np.zeros((128, kernels.TRAIL_WIDTH), dtype=np.int64)
        self._moves = []
        self._setup = None

    # -- reading the position -----------------------------------------------------------
    def _meta(self, field: int) -> int:
        return int(self._pos[kernels.O_META + field])

    @property
    def winner(self) -> int | None:
        """The seat whose pawn reached its goal side, or None."""
        seat = self._meta(kernels.M_WINNER)
        return None if seat < 0 else seat

    def pawn(self, seat: int) -> str:
        """The square of ``seat``'s pawn, e.g. ``"e1"``."""
        return square_name(self._meta(kernels.M_PAWN + seat))

    def walls_left(self, seat: int) -> int:
        """How many walls ``seat`` may still place."""
        return self._meta(kernels.M_WALLS + seat)

    def walls(self) -> list[QuoridorMove]:
        """The walls on the board, in action order."""
        placed = np.flatnonzero(self._pos[kernels.O_WALL : kernels.O_WALL + kernels.NSLOT])
        return [MOVES_BY_ACTION[H_BASE + int(s)] for s in placed]

    def distance_to_goal(self, seat: int) -> int:
        """Steps ``seat``'s pawn needs to reach its goal side, ignoring other pawns."""
        square = self._meta(kernels.M_PAWN + seat)
        return int(self._pos[kernels.O_DIST + seat * kernels.SQ + square])

    @property
    def plies_left(self) -> int:
        """Moves until the game ends undecided (max_plies; a huge number without a cap)."""
        return self._cap - len(self._moves)

    def kernel_position(self) -> np.ndarray:
        """A copy of the kernels' position array (with its scratch part), for kernel playouts."""
        return self._pos.copy()

    def goal_name(self, seat: int) -> str:
        """The goal side of ``seat`` in words, e.g. ``"row 9"``."""
        return GOAL_NAMES[self._meta(kernels.M_GOAL + seat)]

    # -- the contract -------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.is_over():
            return None
        return self._meta(kernels.M_TO_MOVE)

    @property
    def zobrist(self) -> int:
        return self._meta(kernels.M_HASH)

    def is_over(self) -> bool:
        return self._pos[kernels.O_META + kernels.M_WINNER] >= 0 or len(self._moves) >= self._cap

    def outcome(self) -> Outcome | None:
        n = self.game.num_players
        seat = self.winner
        if seat is not None:
            returns = tuple(1.0 if s == seat else -1.0 / (n - 1) for s in range(n))
            return Outcome(returns, (seat,), "goal-reached", {"square": self.pawn(seat)})
        if self.is_over():
            detail = {"note": f"unofficial draw: the cap of {self.game.settings.max_plies} plies"}
            return Outcome((0.0,) * n, (), "max-plies", detail)
        return None

    def legal_actions(self) -> ActionArray:
        if self.is_over():
            return np.empty(0, dtype=np.int64)
        count = kernels.legal_actions(self._pos, self._side)
        actions: ActionArray = self._pos[kernels.W_ACTIONS : kernels.W_ACTIONS + count].copy()
        return actions

    def parse_move(self, text: str) -> QuoridorMove:
        return parse_move(text)

    def play(self, move: Move | str | int) -> None:
        # The hot path (an int action from a search or a playout driver): one lookup, one kernel.
        if type(move) is int and 0 <= move < NUM_ACTIONS:
            action = move
        else:
            action = self._as_move(self.coerce_move(move)).action
        if len(self._moves) >= self._cap:
            self._require_not_over(MOVES_BY_ACTION[action])
        code = kernels.play(self._pos, self._trail, action, self._side)
        if code:  # not LEGAL
            self._refused(action, code)
        self._moves.append(MOVES_BY_ACTION[action])

    def _refused(self, action: int, code: int) -> None:
        """After the kernel refused ``action``: grow the trail and retry, or raise why."""
        move = MOVES_BY_ACTION[action]
        if code == kernels.GAME_OVER:
            self._require_not_over(move)
        if code != kernels.NO_ROOM:
            raise self._explain(move, code)
        self._trail = grown(self._trail)
        code = kernels.play(self._pos, self._trail, action, self._side)
        if code:
            raise self._explain(move, code)

    def undo(self) -> QuoridorMove:
        if not self._moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        kernels.undo(self._pos, self._trail)
        return self._moves.pop()

    # -- messages -------------------------------------------------------------------------
    def _explain(self, move: QuoridorMove, code: int) -> IllegalMoveError:
        """The kernel's refusal ``code`` as an error: words, a reason and its specifics."""
        text, reason, params = self._why(move, code)
        return IllegalMoveError(text, reason=reason, params={"move": str(move), **params})

    def _why(self, move: QuoridorMove, code: int) -> tuple[str, str, dict[str, Param]]:
        seat = self._meta(kernels.M_TO_MOVE)
        name = self.game.seat_names[seat]
        if code == kernels.PAWN_UNREACHABLE:
            text, reason, params = self._explain_pawn(move, seat)
            return f"{move}: {text}", reason, params
        if code == kernels.NO_WALLS_LEFT:
            text = f"{move}: {name} has no walls left and must move the pawn"
            return text, "no-walls-left", {"side": name}
        if code == kernels.WALL_TAKEN:
            return f"{move}: a wall already stands there", "wall-taken", {}
        if code == kernels.WALL_CONFLICT:
            text, reason, params = self._explain_conflict(move)
            return f"{move}: {text}", reason, params
        if code >= kernels.CUTS_OFF:
            victim = code - kernels.CUTS_OFF
            whose = "its own pawn" if victim == seat else f"{self.game.seat_names[victim]}"
            text = (
                f"{move}: would cut {whose} off from its goal ({self.goal_name(victim)}); "
                "a wall must leave every pawn a path to its goal side"
            )
            reason = "cuts-off-own" if victim == seat else "cuts-off"
            return text, reason, {"side": self.game.seat_names[victim]}
        if code == kernels.PASS_NOT_ALLOWED:
            text = (
                "pass: a player may pass only when the pawn cannot move and no wall can be placed"
            )
            return text, "pass-refused", {}
        return f"{move}: not allowed here", "not-allowed", {}

    def _blocked(self, col: int, row: int, direction: int) -> bool:
        return bool(self._pos[kernels.O_BLOCK + row * SIZE + col] & (1 << direction))

    def _occupant(self, col: int, row: int) -> str | None:
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            return None
        v = int(self._pos[kernels.O_OCC + row * SIZE + col])
        return None if v == 0 else self.game.seat_names[v - 1]

    def _explain_pawn(self, move: QuoridorMove, seat: int) -> tuple[str, str, dict[str, Param]]:
        """Why the pawn cannot go to ``move``: (words, reason, params)."""
        here = self._meta(kernels.M_PAWN + seat)
        col, row = here % SIZE, here // SIZE
        src = square_name(here)
        if (move.col, move.row) == (col, row):
            return f"the pawn is already on {src}", "pawn-there", {"from": src}
        taken = self._occupant(move.col, move.row)
        if taken is not None:
            return f"the square is taken by {taken}'s pawn", "square-taken", {"side": taken}
        dx, dy = move.col - col, move.row - row
        for d, (sx, sy) in DIRECTION_STEPS.items():
            if (dx, dy) == (sx, sy) and self._blocked(col, row, d):
                text = f"a wall between {src} and {move} blocks the step"
                return text, "wall-blocks-step", {"from": src}
        for d, (sx, sy) in DIRECTION_STEPS.items():
            if (dx, dy) == (2 * sx, 2 * sy):
                facing = self._occupant(col + sx, row + sy)
                mid = square_name((row + sy) * SIZE + col + sx)
                if facing is None:
                    text = f"a pawn moves one square from {src}; it jumps only over a facing pawn"
                    return text, "jump-no-pawn", {"from": src}
                if self._blocked(col, row, d):
                    text = f"a wall between {src} and {mid} blocks the jump"
                    return text, "wall-blocks-jump", {"from": src, "over": mid}
                text = f"a wall behind {facing}'s pawn on {mid} blocks the jump"
                return text, "wall-behind-pawn", {"side": facing, "over": mid}
        if abs(dx) == 1 and abs(dy) == 1:
            text = (
                f"a diagonal move from {src} is only a side step past a facing pawn whose "
                "straight jump is blocked (by a wall, the edge"
                + (", or a second pawn)" if self._side else ")")
                + ", with no wall on the way"
            )
            return text, "side-step", {"from": src}
        return f"the pawn on {src} cannot reach it in one move", "too-far", {"from": src}

    def _explain_conflict(self, move: QuoridorMove) -> tuple[str, str, dict[str, Param]]:
        """Why the wall ``move`` meets another: (words, reason, params)."""
        slot = move.action - H_BASE
        crossing = slot + kernels.VSLOT if slot < kernels.VSLOT else slot - kernels.VSLOT
        if self._pos[kernels.O_WALL + crossing]:
            other = str(MOVES_BY_ACTION[H_BASE + crossing])
            return f"walls may not cross - {other} crosses it", "walls-cross", {"wall": other}
        step = 1 if slot < kernels.VSLOT else SIZE - 1
        for near in (slot - step, slot + step):
            if 0 <= near < kernels.NSLOT and self._pos[kernels.O_WALL + near]:
                same = (near < kernels.VSLOT) == (slot < kernels.VSLOT)
                if same:
                    other = str(MOVES_BY_ACTION[H_BASE + near])
                    text = f"walls may not overlap - {other} already covers half of it"
                    return text, "walls-overlap", {"wall": other}
        return "walls may not overlap or cross", "walls-meet", {}

    # -- copies, records, the diagram ---------------------------------------------------------
    def _copy_arrays(self, other: Self) -> None:
        other._pos = self._pos.copy()
        other._trail = np.zeros((self.ply + 64, kernels.TRAIL_WIDTH), dtype=np.int64)
        other._trail[: self.ply] = self._trail[: self.ply]

    def _same_position(self, other: Self) -> bool:
        return np.array_equal(self._pos[: kernels.POS_LEN], other._pos[: kernels.POS_LEN])

    def __str__(self) -> str:
        seats = range(self.game.num_players)
        walls = self.walls()
        outcome = self.outcome()
        return draw(
            Picture(
                seat_names=self.game.seat_names,
                pawns=tuple(self.pawn(s) for s in seats),
                horizontal=frozenset((w.col, w.row) for w in walls if w.kind == HORIZONTAL),
                vertical=frozenset((w.col, w.row) for w in walls if w.kind != HORIZONTAL),
                walls_left=tuple(self.walls_left(s) for s in seats),
                goals=tuple(self.goal_name(s) for s in seats),
                last_move=str(self._moves[-1]) if self._moves else None,
                ply=self.ply,
                to_move=self.to_move,
                winner=outcome.winners[0] if outcome is not None and outcome.winners else None,
                drawn=outcome is not None and not outcome.winners,
            )
        )
