"""Go on the core contract: GoGame (options) and GoState (position plus history).

The position lives in the numba kernel arrays (see kernels.py); this module
adds what needs the whole history - superko, the cycle rule, two passes,
undo - and turns kernel codes into messages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Self

import numpy as np

from tabletop.core.errors import IllegalMoveError, NotationError
from tabletop.core.game import ActionArray, Game, Move, Outcome, State
from tabletop.games.go import kernels
from tabletop.games.go.handicap import handicap_points, star_points
from tabletop.games.go.notation import COLUMNS, PASS, GoMove, parse_move
from tabletop.games.go.options import GoOptions
from tabletop.games.go.scoring import GoScore, score_board

#: Xored into the board hash when White is to move (situational keys).
WHITE_TO_MOVE_KEY = 0x5D1F_3A7C_9E42_B681

#: Times one whole-board position with one player to move may occur before
#: the game ends without result (RULES.md defaults: long cycles).
CYCLE_LIMIT = 3

SEAT_NAMES = ("Black", "White")
STONE_CHARS = {kernels.BLACK: "X", kernels.WHITE: "O"}


@cache
def _zobrist(size: int) -> np.ndarray:
    table = kernels.zobrist_table(size)
    table.setflags(write=False)
    return table


def _forget(counter: Counter[int], key: int) -> None:
    """Count one occurrence of ``key`` less, dropping it at zero (so states compare equal)."""
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


class GoGame(Game):
    """Go with one set of options (board size, rule set and its parts, komi, handicap)."""

    name = "go"

    def __init__(self, options: GoOptions) -> None:
        self.rules = options
        self.size = options.size
        n = options.size
        # One move value per action, made once: play() from an int is a lookup.
        self.moves_by_action: tuple[GoMove, ...] = (
            *(GoMove(a % n, a // n) for a in range(n * n)),
            PASS,
        )

    @property
    def options(self) -> Mapping[str, Any]:
        return self.rules.as_dict()

    @property
    def num_players(self) -> int:
        return 2

    @property
    def num_actions(self) -> int:
        return self.size * self.size + 1

    @property
    def seat_names(self) -> tuple[str, ...]:
        return SEAT_NAMES

    @property
    def white_bonus(self) -> float:
        """Points White gets for Black's handicap stones under area scoring."""
        stones = self.rules.handicap
        if self.rules.scoring != "area" or stones == 0:
            return 0.0
        return {"none": 0.0, "n": float(stones), "n-1": float(stones - 1)}[
            self.rules.handicap_bonus
        ]

    def new_state(self) -> GoState:
        return GoState(self)


class GoState(State):
    """A Go position with its history. Seat 0 is Black, seat 1 White."""

    game: GoGame

    def __init__(self, game: GoGame) -> None:
        self.game = game
        n = game.size
        self._n = n
        self._w = n + 2
        self._zob = _zobrist(n)
        self._board, self._links, self._stats = kernels.empty_position(n)
        self._hash = np.int64(0)
        for col, row in handicap_points(n, game.rules.handicap):
            p = self._point(col, row)
            self._board[p] = kernels.BLACK
            self._hash ^= self._zob[kernels.BLACK, p]
        kernels.rebuild_chains(self._board, self._links, self._stats, self._w)
        self._color = kernels.WHITE if game.rules.handicap else kernels.BLACK
        self._ko = -1
        self._prisoners = (0, 0)  # stones captured by Black, by White
        self._passes = 0
        self._ended: str | None = None
        self._dead: frozenset[int] = frozenset()
        self._moves: list[GoMove] = []
        self._undo: list[tuple[np.ndarray, int, np.int64, tuple[int, int], int]] = []
        self._boards_seen: Counter[int] = Counter({int(self._hash): 1})
        self._situations_seen: Counter[int] = Counter({self._situation(): 1})
        self._allow_suicide = game.rules.suicide == "multi-stone"

    # -- geometry --------------------------------------------------------------------
    def _point(self, col: int, row: int) -> int:
        return (row + 1) * self._w + col + 1

    def _col_row(self, p: int) -> tuple[int, int]:
        return p % self._w - 1, p // self._w - 1

    def _situation(self) -> int:
        key = int(self._hash)
        return key ^ WHITE_TO_MOVE_KEY if self._color == kernels.WHITE else key

    # -- the contract -------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self._ended is not None:
            return None
        return self._color - 1

    @property
    def history(self) -> list[GoMove]:
        return list(self._moves)

    @property
    def ply(self) -> int:
        return len(self._moves)

    @property
    def zobrist(self) -> int:
        return self._situation()

    @property
    def board_hash(self) -> int:
        """The hash of the stones alone (positional superko key)."""
        return int(self._hash)

    @property
    def prisoners(self) -> tuple[int, int]:
        """Stones captured during play by (Black, White)."""
        return self._prisoners

    @property
    def consecutive_passes(self) -> int:
        """Passes at the end of the history (two end play)."""
        return self._passes

    def stone_at(self, col: int, row: int) -> int | None:
        """0 for a black stone, 1 for white, None for an empty point."""
        v = int(self._board[self._point(col, row)])
        return None if v == kernels.EMPTY else v - 1

    def legal_actions(self) -> ActionArray:
        if self._ended is not None:
            return np.empty(0, dtype=np.int64)
        actions: ActionArray = kernels.legal_actions(
            self._board,
            self._links,
            self._stats,
            self._n,
            self._color,
            self._ko,
            self._allow_suicide,
        )
        if self.game.rules.superko:
            keep = [a for a in actions.tolist() if a == self._n * self._n or not self._repeats(a)]
            actions = np.asarray(keep, dtype=np.int64)
        return actions

    def legal_moves(self) -> list[Move]:
        return [self.action_to_move(a) for a in self.legal_actions().tolist()]

    def move_to_action(self, move: Move) -> int:
        if not isinstance(move, GoMove):
            raise NotationError(f"{move!r} is not a Go move")
        if move.is_pass:
            return self._n * self._n
        self._check_on_board(move)
        return move.row * self._n + move.col

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

    def _repeats(self, action: int) -> bool:
        """True when the placement ``action`` would recreate a position superko forbids."""
        p = self._point(action % self._n, action // self._n)
        after = int(
            kernels.result_hash(
                self._board,
                self._links,
                self._stats,
                self._zob,
                self._w,
                p,
                self._color,
                self._hash,
            )
        )
        if self.game.rules.ko == "positional":
            return after in self._boards_seen
        # Situational: the same stones with the same player (the opponent) to move.
        key = after ^ WHITE_TO_MOVE_KEY if self._color == kernels.BLACK else after
        return key in self._situations_seen

    def play(self, move: Move | str | int) -> None:
        m = self.action_to_move(move) if type(move) is int else self.coerce_move(move)
        if not isinstance(m, GoMove):
            raise NotationError(f"{m!r} is not a Go move")
        self._require_not_over(m)
        snapshot = (self._board.copy(), self._ko, self._hash, self._prisoners, self._passes)
        if m.is_pass:
            self._ko = -1
            self._passes += 1
        else:
            self._check_on_board(m)
            p = self._point(m.col, m.row)
            code = kernels.check_move(
                self._board,
                self._links,
                self._stats,
                self._w,
                p,
                self._color,
                self._ko,
                self._allow_suicide,
            )
            if code != kernels.LEGAL:
                raise IllegalMoveError(self._explain(m, code))
            if self.game.rules.superko and self._repeats(m.row * self._n + m.col):
                raise IllegalMoveError(
                    f"{m}: superko - it would repeat an earlier whole-board position"
                )
            captured, suicided, ko, delta = kernels.play_stone(
                self._board, self._links, self._stats, self._zob, self._w, p, self._color
            )
            self._hash ^= delta
            self._ko = ko
            self._passes = 0
            black, white = self._prisoners
            if self._color == kernels.BLACK:
                self._prisoners = (black + captured, white + suicided)
            else:
                self._prisoners = (black + suicided, white + captured)
        self._undo.append(snapshot)
        self._moves.append(m)
        self._color = 3 - self._color
        self._boards_seen[int(self._hash)] += 1
        situation = self._situation()
        self._situations_seen[situation] += 1
        if self._passes >= 2:
            self._ended = "score"
        elif self._situations_seen[situation] >= CYCLE_LIMIT:
            self._ended = "cycle"

    def _explain(self, move: GoMove, code: int) -> str:
        if code == kernels.OCCUPIED:
            return f"{move}: the point is already occupied"
        if code == kernels.KO:
            return (
                f"{move}: ko - the stone just taken cannot be retaken at once; play elsewhere first"
            )
        return f"{move}: suicide - the stone would have no liberties and capture nothing"

    def undo(self) -> GoMove:
        if not self._moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        _forget(self._situations_seen, self._situation())
        _forget(self._boards_seen, int(self._hash))
        board, self._ko, self._hash, self._prisoners, self._passes = self._undo.pop()
        self._board[:] = board
        kernels.rebuild_chains(self._board, self._links, self._stats, self._w)
        self._color = 3 - self._color
        self._ended = None
        self._dead = frozenset()
        return self._moves.pop()

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
        move = self.parse_move(point) if isinstance(point, str) else point
        if move.is_pass:
            raise NotationError("pass is not a point")
        self._check_on_board(move)
        return move, self._point(move.col, move.row)

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
            raise IllegalMoveError("dead stones are marked only after two passes end play")
        if self.game.rules.rules == "tromp-taylor":
            raise IllegalMoveError("tromp-taylor rules remove no stones: every stone counts")
        marked = set()
        for point in points:
            move, p = self._board_point(point)
            if self._board[p] == kernels.EMPTY:
                raise IllegalMoveError(f"{move}: there is no stone to mark dead")
            marked.add(p)
        self._dead = frozenset(marked)

    def toggle_dead(self, point: GoMove | str) -> list[GoMove]:
        """Mark the chain through ``point`` dead, or alive again; returns the chain."""
        chain = self.chain_at(point)
        if not chain:
            raise IllegalMoveError(f"{point}: there is no stone to mark dead")
        points = {self._point(m.col, m.row) for m in chain}
        current = set(self._dead)
        current = current - points if points <= current else current | points
        self.set_dead_stones(GoMove(*self._col_row(p)) for p in current)
        return chain

    def score(self) -> GoScore:
        """The score of the position as it stands, with the stones marked dead removed."""
        rules = self.game.rules
        return score_board(
            self._board,
            self._n,
            rules.scoring,
            rules.komi,
            self._prisoners,
            self._dead,
            self.game.white_bonus,
        )

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

    # -- copies and records --------------------------------------------------------------
    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._board = self._board.copy()
        other._links = self._links.copy()
        other._stats = self._stats.copy()
        other._moves = list(self._moves)
        other._undo = list(self._undo)  # snapshots are never written to
        other._boards_seen = Counter(self._boards_seen)
        other._situations_seen = Counter(self._situations_seen)
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "moves": [str(m) for m in self._moves],
            "dead": [str(m) for m in self.dead_stones],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        from tabletop.core.registry import load_game

        if not isinstance(data, Mapping) or data.get("game") != "go":
            raise NotationError("not a Go record: expected {'game': 'go', ...}")
        options = data.get("options", {})
        moves = data.get("moves", [])
        if not isinstance(options, Mapping) or not isinstance(moves, list):
            raise NotationError("a Go record needs an options mapping and a list of moves")
        state = load_game("go", **options).new_state()
        if not isinstance(state, cls):
            raise NotationError("record does not describe this kind of state")
        for number, text in enumerate(moves, start=1):
            try:
                state.play(str(text))
            except (NotationError, IllegalMoveError) as err:
                raise type(err)(f"move {number}: {err}") from None
        dead = data.get("dead", [])
        if dead:
            state.set_dead_stones(dead)
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GoState):
            return NotImplemented
        return (
            self.game == other.game
            and self._moves == other._moves
            and np.array_equal(self._board, other._board)
            and self._color == other._color
            and self._ko == other._ko
            and self._hash == other._hash
            and self._prisoners == other._prisoners
            and self._passes == other._passes
            and self._ended == other._ended
            and self._dead == other._dead
            and self._boards_seen == other._boards_seen
            and self._situations_seen == other._situations_seen
        )

    __hash__ = None

    def __str__(self) -> str:
        n = self._n
        letters = "   " + " ".join(COLUMNS[:n])
        last = self._moves[-1] if self._moves else None
        stars = set(star_points(n))
        lines = [letters]
        for row in range(n - 1, -1, -1):
            cells = []
            for col in range(n):
                p = self._point(col, row)
                v = int(self._board[p])
                if p in self._dead:
                    ch = "x" if v == kernels.BLACK else "o"
                elif v in STONE_CHARS:
                    ch = STONE_CHARS[v]
                else:
                    ch = "+" if (col, row) in stars else "."
                cells.append(ch)
            text = " " + " ".join(cells) + " "
            if last is not None and not last.is_pass and last.row == row:
                i = 1 + 2 * last.col
                text = text[: i - 1] + "(" + text[i] + ")" + text[i + 2 :]
            lines.append(f"{row + 1:>2}{text}{row + 1}")
        lines.append(letters)
        black, white = self._prisoners
        status = f"Prisoners: Black {black}, White {white}"
        if last is not None:
            status += f" | last move: {SEAT_NAMES[(self._color) % 2]} {last}"
        if self._ended == "score":
            status += " | play has ended (two passes)"
        elif self._ended == "cycle":
            status += " | ended without result (cycle)"
        else:
            status += f" | {SEAT_NAMES[self._color - 1]} to move"
        lines.append(status)
        return "\n".join(lines)
