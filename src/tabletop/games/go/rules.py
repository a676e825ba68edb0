"""Go on the core contract: GoGame (options) and GoState (position plus history).

The position, its undo trail and the counts of positions seen (superko, the
cycle rule) live in the numba kernels' arrays (kernels.py, seen.py); this
module adds move values, the end of play, dead stones, scoring and messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Self

import numpy as np

from tabletop.core.errors import IllegalMoveError, NotationError
from tabletop.core.game import ActionArray, Move, Outcome, State
from tabletop.games.go import kernels, seen
from tabletop.games.go.diagram import SEAT_NAMES, Picture, diagram
from tabletop.games.go.geometry import col_row, padded_width, point_index
from tabletop.games.go.handicap import handicap_points
from tabletop.games.go.notation import PASS, GoMove, board_point, parse_move
from tabletop.games.go.options import GoOptions
from tabletop.games.go.scoring import GoScore, board_owners, remove_dead, score_board
from tabletop.games.go.setup import (
    free_handicap,
    position_stones,
    read_handicap_record,
    read_setup_record,
    setup_record,
    side_to_move,
)
from tabletop.games.kernel_game import KernelGame, KernelState, MetaSlot, grown, read_only

#: Times one whole-board position with one player to move may occur before
#: the game ends without result (docs/rules/go.md §3.7).
CYCLE_LIMIT = 3

# Bound once: play()'s hot path calls it without the module attribute lookup.
_play_by_handle = kernels.play_by_handle


@cache
def _zobrist(size: int) -> np.ndarray:
    return read_only(kernels.zobrist_table(size))


class GoGame(KernelGame[GoOptions, GoMove]):
    """Go with one set of options (board size, rule set and its parts, komi, handicap)."""

    name = "go"

    def __init__(self, options: GoOptions) -> None:
        n = options.size
        moves = (*(GoMove(a % n, a // n) for a in range(n * n)), PASS)
        super().__init__(options, moves, SEAT_NAMES)
        self.size = n
        # The kernel's board index per action (pass is kernels.PASS).
        self.points_by_action: tuple[int, ...] = (
            *(point_index(n, a % n, a // n) for a in range(n * n)),
            kernels.PASS,
        )
        self.kernel_flags = (
            (kernels.ALLOW_SUICIDE if options.suicide == "multi-stone" else 0)
            | (kernels.POSITIONAL_SUPERKO if options.ko == "positional" else 0)
            | (kernels.SITUATIONAL_SUPERKO if options.ko == "situational" else 0)
        )

    @property
    def white_bonus(self) -> float:
        """Points White gets for Black's fixed handicap stones under area scoring."""
        return self.bonus_for(self.settings.handicap)

    def bonus_for(self, stones: int) -> float:
        """Points White gets for ``stones`` handicap stones under area scoring."""
        if self.settings.scoring != "area" or stones == 0:
            return 0.0
        return {"none": 0.0, "n": float(stones), "n-1": float(stones - 1)}[
            self.settings.handicap_bonus
        ]

    def new_state(self) -> GoState:
        return GoState(self)

    def setup(
        self,
        black: Iterable[GoMove | str],
        white: Iterable[GoMove | str] | None = None,
        to_move: str | None = None,
    ) -> GoState:
        """A position given directly (decision record 0108).

        ``setup(black)`` alone is a free handicap: Black's stones on the empty board,
        White to move first; the fixed-handicap option must be 0 and 2 or more distinct
        points are needed. Records keep the stones (``"handicap_stones"``).

        With ``white`` or ``to_move`` ("black"/"white", default "black") it is a
        position of both colours for problems, lessons and diagrams: every chain must
        have a liberty; it counts as no handicap. Records keep it as ``"setup"``.
        """
        state = GoState(self)
        if white is None and to_move is None:
            state._place_handicap(black)
        else:
            state._place_position(black, () if white is None else white, to_move or "black")
        return state

    def setup_from_record(self, value: Any) -> GoState:
        """The position of a record's ``"setup"`` value (NotationError if malformed)."""
        return self.setup(*read_setup_record(value))


class GoState(KernelState, game_type=GoGame, move_type=GoMove, move_words="a Go move"):
    """A Go position with its history. Seat 0 is Black, seat 1 White.

    The position, the undo trail and the counts of positions seen live in
    NumPy arrays owned by the kernels (see kernels.py and seen.py), so a move
    is one kernel call; this class adds the move values, the end of play,
    dead stones and messages.
    """

    game: GoGame
    _moves: list[GoMove]

    def __init__(self, game: GoGame) -> None:
        self.game = game
        n = game.size
        self._n = n
        self._w = padded_width(n)
        self._zob = _zobrist(n)
        self._flags = game.kernel_flags
        self._pos = kernels.empty_position(n)
        self._board, self._links, self._stats, self._meta = kernels.views(self._pos)
        for col, row in handicap_points(n, game.settings.handicap):
            p = self._point(col, row)
            self._board[p] = kernels.BLACK
            self._meta[kernels.M_HASH] ^= self._zob[kernels.BLACK, p]
        kernels.rebuild_chains(self._board, self._links, self._stats, self._w)
        if game.settings.handicap:
            self._meta[kernels.M_COLOR] = kernels.WHITE
        self._trail = np.zeros((2 * n * n, kernels.trail_width(n)), dtype=np.int64)
        # Small to start (copies stay cheap); doubled as the game grows.
        self._seen = seen.new_table(64)
        kernels.record_start(self._pos, self._seen)
        self._bind()
        self._ended: str | None = None
        self._dead: frozenset[int] = frozenset()
        self._moves = []
        self._setup = None  # a set-up of both colours; a free handicap is _free_handicap
        self._resumed: list[int] = []  # plies after which play resumed from two passes
        self._free_handicap: tuple[GoMove, ...] = ()  # stones placed by game.setup()

    # -- geometry and the meta row ---------------------------------------------------------
    def _point(self, col: int, row: int) -> int:
        return point_index(self._n, col, row)

    def _col_row(self, p: int) -> tuple[int, int]:
        return col_row(self._n, p)

    _color = MetaSlot(kernels.M_COLOR, int)
    _hash = MetaSlot(kernels.M_HASH, int)
    _ko = MetaSlot(kernels.M_KO, int)

    def _grow(self) -> None:
        """Make room in whichever of the trail and the seen table is full (NO_ROOM)."""
        if self.ply >= self._trail.shape[0]:
            self._trail = grown(self._trail)
        used = int(self._meta[kernels.M_SEEN_USED])
        if 2 * (used + 1) > self._seen.shape[0]:
            # Rebuilding drops the tombstones, so the table may not even need to grow.
            size = self._seen.shape[0] * (2 if 4 * used > self._seen.shape[0] else 1)
            self._seen, used = seen.rebuilt(self._seen, size)
            self._meta[kernels.M_SEEN_USED] = used
        self._bind()

    def _bind(self) -> None:
        """(Re)build the handle play()'s kernel reaches the arrays through; called
        whenever one of them is replaced (kernel_handles: a stale handle would write
        into memory the arrays no longer own)."""
        self._handle = kernels.play_handle(
            self._pos, self._zob, self._trail, self._seen, self._w, self._flags
        )
        self._handle_address = int(self._handle.ctypes.data)

    # -- the contract -------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self._ended is not None:
            return None
        return self._color - 1

    @property
    def zobrist(self) -> int:
        return int(kernels.situation_key(self._meta))

    @property
    def board_hash(self) -> int:
        """The hash of the stones alone (positional superko key)."""
        return self._hash

    @property
    def prisoners(self) -> tuple[int, int]:
        """Stones captured during play by (Black, White)."""
        meta = self._meta
        return int(meta[kernels.M_BLACK_CAPTURES]), int(meta[kernels.M_WHITE_CAPTURES])

    consecutive_passes = MetaSlot(
        kernels.M_PASSES, int, """Passes at the end of the history (two end play)."""
    )

    def colours_by_action(self) -> np.ndarray:
        """What lies on each point, in action order: 0 empty, 1 Black, 2 White (a copy)."""
        return self._board[list(self.game.points_by_action[:-1])]

    @property
    def ko_point(self) -> GoMove | None:
        """The point the ko rule forbids the player to move now, or None."""
        ko = self._ko
        return GoMove(*self._col_row(ko)) if ko > 0 else None

    @property
    def zobrist_table(self) -> np.ndarray:
        """The random keys the position's hash is made of, by colour and point (for the
        search kernels, which hash the positions they reach the same way)."""
        return self._zob

    @property
    def position_array(self) -> np.ndarray:
        """The kernels' position (board, chain links, chain stats and meta row in one
        array), for the search kernels; theirs to read, never to write (a copy is the
        state's ``copy()``)."""
        return self._pos

    @property
    def board_array(self) -> np.ndarray:
        """The kernels' board (a colour, EMPTY or BORDER per point of the padded grid), for
        the searches' kernels; theirs to read, never to write."""
        return self._board

    colour_to_play = MetaSlot(
        kernels.M_COLOR,
        int,
        """The kernels' colour (BLACK or WHITE) of the side to play, as the meta row holds
        it (also once the game has ended, where ``to_move`` is None).""",
    )

    def stone_at(self, col: int, row: int) -> int | None:
        """0 for a black stone, 1 for white, None for an empty point."""
        v = int(self._board[self._point(col, row)])
        return None if v == kernels.EMPTY else v - 1

    def legal_actions(self) -> ActionArray:
        if self._ended is not None:
            return np.empty(0, dtype=np.int64)
        actions: ActionArray = kernels.state_legal_actions(
            self._pos, self._zob, self._seen, self._n, self._flags
        )
        return actions

    def move_to_action(self, move: Move) -> int:
        point: GoMove = self._as_move(move)
        if point.is_pass:
            return self._n * self._n
        self._check_on_board(point)
        return point.row * self._n + point.col

    def action_to_move(self, action: int) -> GoMove:
        n = self._n
        if not 0 <= action <= n * n:
            raise NotationError(f"action {action} is out of range 0..{n * n} for a {n}x{n} board")
        return self.game.moves_by_action[action]

    def parse_move(self, text: str) -> GoMove:
        return parse_move(text, self._n)

    def _check_on_board(self, move: GoMove) -> None:
        if not (0 <= move.col < self._n and 0 <= move.row < self._n):
            raise NotationError(f"{move!r} is off the {self._n}x{self._n} board")

    def play(self, move: Move | str | int) -> None:
        # The hot path (an int action from a search or a playout driver) is kept short:
        # one tuple lookup and one kernel call; everything else goes the careful way.
        game = self.game
        if type(move) is int and self._ended is None and 0 <= move < len(game.points_by_action):
            times = _play_by_handle(self._handle_address, game.points_by_action[move])
            if times > 0:  # legal (else minus the refusal code: the careful way explains)
                m = game.moves_by_action[move]
                self._moves.append(m)
                if m.col < 0 or times >= CYCLE_LIMIT:  # a pass or a cycle may end play
                    self._check_end(m, times)
                return
        self._play_carefully(move)

    def _play_carefully(self, move: Move | str | int) -> None:
        """play() for notation, Move values, a finished game or a refused move."""
        m: GoMove = self._as_move(self.coerce_move(move))
        action = self.move_to_action(m)
        if self._ended is not None:
            self._require_not_over(m)
        code, times = kernels.play(
            self._pos,
            self._zob,
            self._trail,
            self._seen,
            self._w,
            self.game.points_by_action[action],
            self._flags,
        )
        if code:  # not kernels.LEGAL
            if code != kernels.NO_ROOM:
                raise self._explain(m, code)
            self._grow()
            self._play_carefully(m)
            return
        self._played(m, times)

    def _played(self, m: GoMove, times: int) -> None:
        """Book-keeping after the kernel accepted ``m``: history and the end of play."""
        self._moves.append(m)
        self._check_end(m, times)

    def _check_end(self, m: GoMove, times: int) -> None:
        """End play after the second pass in a row, or the cycle rule's repetition."""
        if m.col < 0 and self._meta[kernels.M_PASSES] >= 2:  # two passes end play
            self._ended = "score"
        elif times >= CYCLE_LIMIT:
            self._ended = "cycle"

    def _explain(self, move: GoMove, code: int) -> IllegalMoveError:
        """The kernel's refusal ``code`` as an error: words, a reason and the move."""
        params = {"move": str(move)}
        if code == kernels.OCCUPIED:
            text, reason = f"{move}: the point is already occupied", "occupied"
        elif code == kernels.KO:
            text = (
                f"{move}: ko - the stone just taken cannot be retaken at once; play elsewhere first"
            )
            reason = "ko"
        elif code == kernels.SUPERKO:
            text = f"{move}: superko - it would repeat an earlier whole-board position"
            reason = "superko"
        else:
            text = f"{move}: suicide - the stone would have no liberties and capture nothing"
            reason = "suicide"
        return IllegalMoveError(text, reason=reason, params=params)

    def undo(self) -> GoMove:
        if not self._moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        kernels.undo(self._pos, self._trail, self._seen, self._w)
        self._ended = None
        self._dead = frozenset()
        move = self._moves.pop()
        while self._resumed and self._resumed[-1] >= len(self._moves):
            # Back before a resumption: the two passes end play again once replayed.
            self._resumed.pop()
        return move

    @property
    def handicap_stones(self) -> list[GoMove]:
        """Black's handicap stones, fixed or freely placed."""
        if self._free_handicap:
            return list(self._free_handicap)
        n = self._n
        return sorted(GoMove(c, r) for c, r in handicap_points(n, self.game.settings.handicap))

    def _place_handicap(self, points: Iterable[GoMove | str]) -> None:
        """Put free handicap stones on this new state's empty board (GoGame.setup)."""
        if self.game.settings.handicap:
            raise IllegalMoveError(
                "handicap stones go on the empty board before the first move, and only once"
            )
        chosen = free_handicap(points, self._n)
        for p in chosen:
            self._board[p] = kernels.BLACK
            self._meta[kernels.M_HASH] ^= self._zob[kernels.BLACK, p]
        kernels.rebuild_chains(self._board, self._links, self._stats, self._w)
        self._meta[kernels.M_COLOR] = kernels.WHITE
        self._seen = seen.new_table(self._seen.shape[0])
        self._meta[kernels.M_SEEN_USED] = 0
        kernels.record_start(self._pos, self._seen)
        self._bind()
        self._free_handicap = tuple(sorted(chosen.values()))

    def _place_position(
        self, black: Iterable[GoMove | str], white: Iterable[GoMove | str], to_move: str
    ) -> None:
        """Put a set-up's stones on this new state's empty board (GoGame.setup)."""
        if self.game.settings.handicap:
            raise IllegalMoveError("a set-up position starts from the empty board: handicap 0")
        seat = side_to_move(to_move)
        stones = position_stones(black, white, self._n)
        for colour, chosen in zip((kernels.BLACK, kernels.WHITE), stones, strict=True):
            for p in chosen:
                self._board[p] = colour
                self._meta[kernels.M_HASH] ^= self._zob[colour, p]
        kernels.rebuild_chains(self._board, self._links, self._stats, self._w)
        for chosen in stones:
            for move in chosen.values():
                if not self.liberties(move):
                    chain = " ".join(str(m) for m in self.chain_at(move))
                    raise IllegalMoveError(f"setup: the chain {chain} has no liberty")
        self._meta[kernels.M_COLOR] = kernels.BLACK if seat == 0 else kernels.WHITE
        self._seen = seen.new_table(self._seen.shape[0])
        self._meta[kernels.M_SEEN_USED] = 0
        kernels.record_start(self._pos, self._seen)
        self._bind()
        self._setup = setup_record(stones[0].values(), stones[1].values(), seat)

    @property
    def setup_position(self) -> dict[str, Any] | None:
        """The set-up of both colours this game started from (as its record keeps it),
        or None (the empty board, a fixed or a free handicap)."""
        return None if self._setup is None else self._setup_record()

    def resume(self) -> None:
        """Play on after two passes, when the players disagree about dead stones.

        The player to move is the opponent of the one who passed last, and two
        new passes are needed to end play again (Japanese rules' resumption).
        """
        if self._ended != "score":
            raise IllegalMoveError(
                "play resumes only after two passes have ended it", reason="not-ended"
            )
        self._ended = None
        self._dead = frozenset()
        self._meta[kernels.M_PASSES] = 0
        self._resumed.append(len(self._moves))

    def is_over(self) -> bool:
        return self._ended is not None

    # -- the end: dead stones and the score ------------------------------------------------
    @property
    def end_reason(self) -> str | None:
        """ "score" after two passes, "cycle" after a long cycle, None while playing."""
        return self._ended

    @property
    def dead_stones(self) -> list[GoMove]:
        """The stones marked dead, as points."""
        return sorted(GoMove(*self._col_row(p)) for p in self._dead)

    def _board_point(self, point: GoMove | str) -> tuple[GoMove, int]:
        """A point given as a move or its notation, and its kernel index; pass is refused."""
        return board_point(point, self._n)

    def chain_at(self, point: GoMove | str) -> list[GoMove]:
        """Every stone of the chain through ``point`` (empty list for an empty point)."""
        _, p = self._board_point(point)
        if self._board[p] == kernels.EMPTY:
            return []
        head = int(self._links[0, p])
        stones, s = [], head
        while True:
            stones.append(GoMove(*self._col_row(s)))
            s = int(self._links[1, s])
            if s == head:
                break
        return sorted(stones)

    def liberties(self, point: GoMove | str) -> list[GoMove]:
        """The empty points next to the chain through ``point``."""
        found = set()
        for stone in self.chain_at(point):
            p = self._point(stone.col, stone.row)
            for n in (p - self._w, p - 1, p + 1, p + self._w):
                if self._board[n] == kernels.EMPTY:
                    found.add(GoMove(*self._col_row(n)))
        return sorted(found)

    def set_dead_stones(self, points: Iterable[GoMove | str]) -> None:
        """Mark exactly these stones dead (after two passes; never under Tromp-Taylor)."""
        if self._ended != "score":
            raise IllegalMoveError(
                "dead stones are marked only after two passes end play", reason="not-ended"
            )
        if not self.game.settings.agreed_dead_stones:
            raise IllegalMoveError(
                "tromp-taylor rules remove no stones: every stone counts", reason="no-dead"
            )
        marked = set()
        for point in points:
            move, p = self._board_point(point)
            if self._board[p] == kernels.EMPTY:
                raise IllegalMoveError(
                    f"{move}: there is no stone to mark dead",
                    reason="no-stone",
                    params={"move": str(move)},
                )
            marked.add(p)
        self._dead = frozenset(marked)

    def toggle_dead(self, point: GoMove | str) -> list[GoMove]:
        """Mark the chain through ``point`` dead, or alive again; returns the chain."""
        chain = self.chain_at(point)
        if not chain:
            raise IllegalMoveError(
                f"{point}: there is no stone to mark dead",
                reason="no-stone",
                params={"move": str(point)},
            )
        points = {self._point(m.col, m.row) for m in chain}
        current = set(self._dead)
        current = current - points if points <= current else current | points
        self.set_dead_stones(GoMove(*self._col_row(p)) for p in current)
        return chain

    def score(self, dead: Iterable[GoMove | str] | None = None) -> GoScore:
        """The score of the position as it stands, with the stones marked dead removed, or
        the stones ``dead`` instead (a count asked for before play ends: GTP's final_score)."""
        settings = self.game.settings
        removed = self._dead if dead is None else frozenset(self._board_point(p)[1] for p in dead)
        return score_board(
            self._board,
            self._n,
            settings.scoring,
            settings.komi,
            self.prisoners,
            removed,
            self.game.bonus_for(len(self.handicap_stones)),
            seki_tax=settings.seki == "taxed",
        )

    def owners(self) -> list[list[int]]:
        """Whom each point counts for with the stones marked dead taken off, as the score
        counts it: ``owners[row][col]`` is 0 (Black), 1 (White) or -1 (nobody: dame, and
        seki eyes under the seki tax); row 0 is row 1."""
        work, _ = remove_dead(self._board, self._dead)
        owner = board_owners(work, self._n, seki_tax=self.game.settings.seki == "taxed")
        seat = {kernels.BLACK: 0, kernels.WHITE: 1}
        n = self._n
        return [[seat.get(int(owner[self._point(c, r)]), -1) for c in range(n)] for r in range(n)]

    def outcome(self) -> Outcome | None:
        if self._ended is None:
            return None
        if self._ended == "cycle":
            detail = {"note": "a whole-board position repeated three times: no result"}
            return Outcome((0.0, 0.0), (), "cycle", detail)
        score = self.score()
        winner = score.winner
        if winner is None:
            return Outcome((0.0, 0.0), (), "score", score.as_dict())
        returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
        return Outcome(returns, (winner,), "score", score.as_dict())

    # -- copies, records, the diagram ---------------------------------------------------------
    def _copy_arrays(self, other: Self) -> None:
        other._pos = self._pos.copy()
        other._board, other._links, other._stats, other._meta = kernels.views(other._pos)
        # The rows in use plus some room; play() doubles it when it runs out.
        other._trail = np.empty((self.ply + 64, self._trail.shape[1]), dtype=np.int64)
        other._trail[: self.ply] = self._trail[: self.ply]
        other._seen = self._seen.copy()
        other._resumed = list(self._resumed)
        other._bind()

    def _record_extras(self) -> dict[str, Any]:
        return {
            "resumed": list(self._resumed),
            "handicap_stones": [str(m) for m in self._free_handicap],
            "dead": [str(m) for m in self.dead_stones],
        }

    @classmethod
    def _start_of_record(cls, game: KernelGame[Any, Any], data: Mapping[str, Any]) -> State:
        free = data.get("handicap_stones", [])
        setup = data.get("setup")
        if setup is not None:
            if free:
                raise NotationError("a Go record has a set-up or handicap stones, not both")
            return game.setup_from_record(setup)
        if not free:
            return game.new_state()
        assert isinstance(game, GoGame)
        return game.setup(read_handicap_record(free))

    def _replay_record(self, moves: Sequence[Any], data: Mapping[str, Any]) -> None:
        from tabletop.core.records import replay

        resumed = data.get("resumed", [])
        if not isinstance(resumed, list) or not all(isinstance(p, int) for p in resumed):
            raise NotationError("'resumed' must be a list of ply numbers")
        replay(self, moves, lambda number: self.resume() if number in resumed else None)
        dead = data.get("dead", [])
        if dead:
            self.set_dead_stones(dead)

    def _same_position(self, other: Self) -> bool:
        return (
            np.array_equal(self._board, other._board)
            and np.array_equal(
                self._meta[: kernels.M_SEEN_USED], other._meta[: kernels.M_SEEN_USED]
            )
            and self._ended == other._ended
            and self._dead == other._dead
            and self._resumed == other._resumed
            and self._free_handicap == other._free_handicap
            and seen.as_dict(self._seen) == seen.as_dict(other._seen)
        )

    def __str__(self) -> str:
        n = self._n
        last = self._moves[-1] if self._moves else None
        stones = tuple(
            -1 if (v := int(self._board[self._point(c, r)])) == kernels.EMPTY else v - 1
            for r in range(n)
            for c in range(n)
        )
        return diagram(
            Picture(
                size=n,
                stones=stones,
                dead=frozenset(r * n + c for c, r in map(self._col_row, self._dead)),
                last_point=-1 if last is None or last.is_pass else last.row * n + last.col,
                last_move=None if last is None else (self._color % 2, str(last)),
                prisoners=self.prisoners,
                ended=self._ended,
                to_move=self._color - 1,
            )
        )
