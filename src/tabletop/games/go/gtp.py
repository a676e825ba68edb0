"""A GTP version 2 engine for Go (the protocol of GoGui, gomill, KGS and GNU Go).

The engine owns one GoState and answers commands line by line. It does not
choose moves or judge life and death itself: ``genmove`` and ``dead_stones``
are callables given by the caller (the ``tabletop gtp`` command wires a
computer player and the playout estimate of dead stones to them), so this
module depends only on the rules. Every malformed or unknown command gets a
GTP error reply (``? message``); nothing a controller sends can crash it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from tabletop.core.errors import OptionError, TabletopError
from tabletop.core.registry import load_game
from tabletop.games.go.handicap import handicap_points
from tabletop.games.go.notation import PASS, GoMove, parse_move
from tabletop.games.go.rules import GoState
from tabletop.games.go.sgf import load_sgf, write_sgf
from tabletop.games.go.tactics import in_a_fight

#: genmove(state, seconds or None) -> the move, or None to resign.
GenMove = Callable[[GoState, float | None], GoMove | None]
#: dead_stones(state) -> the stones to count as dead (final_score, final_status_list).
DeadStones = Callable[[GoState], Iterable[GoMove | str]]

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class GtpError(Exception):
    """A command that gets a ``?`` reply; the message is the reply's text."""


#: Seconds kept back from every move's share of the clock: the controller's own
#: timing, the answer's way back and a busy machine.
CLOCK_RESERVE = 0.3
#: How much longer than an even share a move may think in the opening (while most of
#: the board is empty) and in a fight (a chain next to the last move short of liberties).
OPENING_FACTOR = 1.5
FIGHT_FACTOR = 1.4


@dataclass
class Clock:
    """What time_settings and time_left said (seconds; byo-yomi stones 0 = none)."""

    main: float = 0.0
    byo_yomi: float = 0.0
    stones: int = 0
    left: dict[str, tuple[float, int]] | None = None

    def budget(
        self, colour: str, empty_points: int, points: int | None = None, fight: bool = False
    ) -> float | None:
        """Seconds for the next move of ``colour``; None when no time control was set.

        An even share of what is left (the main time over the moves still to come, or a
        byo-yomi period over its stones; a period's last stone takes all of it but the
        reserve, since time it leaves is lost), longer in the opening (``empty_points`` more
        than 80% of the board's ``points``) and in a fight, and never more than the
        clock holds less CLOCK_RESERVE (a byo-yomi period is never overrun)."""
        if self.main == 0 and self.byo_yomi == 0:
            return None
        if self.left is not None and colour in self.left:
            left, stones = self.left[colour]
        elif self.main > 0:
            left, stones = self.main, 0
        else:  # no main time: every move is in byo-yomi from the start
            left, stones = self.byo_yomi, max(1, self.stones)
        factor = 1.0
        if points and empty_points > 0.8 * points:
            factor *= OPENING_FACTOR
        if fight:
            factor *= FIGHT_FACTOR
        if stones == 1:
            # The period's last (or only) stone: what it leaves unused is lost when the
            # period starts again, so all of it but the reserve.
            share = left - CLOCK_RESERVE
            most = share
        elif stones > 1:  # in byo-yomi: the period over its stones, the last stone's reserved
            share = 0.8 * left / stones * factor
            most = left - CLOCK_RESERVE * stones
        else:
            moves_to_go = max(10, empty_points // 3)
            period = 0.8 * self.byo_yomi / max(1, self.stones)
            share = left / moves_to_go * factor + period
            # Main time is never staked beyond half of it, unless byo-yomi follows.
            most = max(0.5 * left, period - CLOCK_RESERVE) if left > 0 else period
        return max(0.1, min(share, most))


class GtpEngine:
    """Answers GTP commands for one game at a time."""

    def __init__(
        self,
        genmove: GenMove,
        rules: str = "chinese",
        size: int = 19,
        name: str = "tabletop",
        version: str = "0",
        dead_stones: DeadStones | None = None,
    ) -> None:
        self.genmove_fn = genmove
        # Without an estimate every stone on the board counts as alive.
        self.dead_stones_fn = dead_stones
        # The last estimate and the position it is for: a controller asks final_score and
        # final_status_list of one position, and each estimate plays hundreds of playouts.
        self._estimate: tuple[tuple[int, int, int], set[GoMove]] | None = None
        self.name = name
        self.version = version
        self.options: dict[str, Any] = {"rules": rules, "size": size}
        self.clock = Clock()
        self.finished = False
        self.state = self._new_state()
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda a: "2",
            "name": lambda a: self.name,
            "version": lambda a: self.version,
            "known_command": self._known_command,
            "list_commands": lambda a: "\n".join(sorted(self.commands)),
            "quit": self._quit,
            "boardsize": self._boardsize,
            "clear_board": self._clear_board,
            "komi": self._komi,
            "play": self._play,
            "genmove": self._genmove,
            "kgs-genmove_cleanup": self._genmove_cleanup,
            "undo": self._undo,
            "showboard": lambda a: "\n" + str(self.state),
            "fixed_handicap": self._fixed_handicap,
            "place_free_handicap": self._place_free_handicap,
            "set_free_handicap": self._set_free_handicap,
            "final_score": self._final_score,
            "final_status_list": self._final_status_list,
            "time_settings": self._time_settings,
            "time_left": self._time_left,
            "loadsgf": self._loadsgf,
            "printsgf": lambda a: "\n" + write_sgf(self.state).decode("utf-8").strip(),
        }

    # -- the protocol -------------------------------------------------------------------
    def handle(self, line: str) -> str | None:
        """The full reply to one input line (ending in a blank line), or None for no reply."""
        text = _CONTROL.sub("", line.split("#", 1)[0]).replace("\t", " ").strip()
        if not text:
            return None
        words = text.split()
        ident = ""
        if words[0].isdecimal():
            ident = words.pop(0)
            if not words:
                return f"?{ident} missing command\n\n"
        command, args = words[0], words[1:]
        handler = self.commands.get(command)
        if handler is None:
            return f"?{ident} unknown command\n\n"
        try:
            answer = handler(args)
        except (GtpError, TabletopError, ValueError) as err:
            return f"?{ident} {err}\n\n"
        sep = "" if not answer or answer.startswith("\n") else " "
        return f"={ident}{sep}{answer}\n\n"

    def run(self, lines: Iterable[str], out: IO[str]) -> None:
        """Answer every line until ``quit`` or the end of input."""
        for line in lines:
            try:
                reply = self.handle(line)
            except Exception as err:
                # handle() answers every bad input itself (the tests drive it with any
                # input); this is the net under a bug, so the controller's game goes on.
                first = line.split()[:1]
                ident = first[0] if first and first[0].isdecimal() else ""
                reply = f"?{ident} internal error: {type(err).__name__}: {err}\n\n"
            if reply is not None:
                out.write(reply)
                out.flush()
            if self.finished:
                break

    # -- helpers ------------------------------------------------------------------------
    def _new_state(self, **changes: Any) -> GoState:
        options = {**self.options, **changes}
        try:
            state = load_game("go", **options).new_state()
        except OptionError as err:
            raise GtpError(str(err)) from None
        assert isinstance(state, GoState)
        self.options = options
        return state

    def _colour(self, word: str) -> int:
        colour = word.lower()
        if colour in ("b", "black"):
            return 0
        if colour in ("w", "white"):
            return 1
        raise GtpError(f"invalid color {word!r}")

    def _vertex(self, word: str) -> GoMove:
        try:
            return parse_move(word, self.state.game.size)
        except TabletopError as err:
            raise GtpError(f"invalid coordinate: {err}") from None

    def _args(self, args: list[str], count: int, usage: str) -> list[str]:
        if len(args) < count:
            raise GtpError(f"syntax error: expected {usage}")
        return args

    def _turn(self, seat: int) -> None:
        """Let ``seat`` move now: a move out of turn means the other side passed."""
        if self.state.is_over():
            self.state.resume()
        if self.state.to_move != seat:
            self.state.play(PASS)
            if self.state.is_over():
                self.state.resume()

    # -- commands -----------------------------------------------------------------------
    def _known_command(self, args: list[str]) -> str:
        return "true" if args and args[0] in self.commands else "false"

    def _quit(self, args: list[str]) -> str:
        self.finished = True
        return ""

    def _boardsize(self, args: list[str]) -> str:
        size = self._args(args, 1, "boardsize SIZE")[0]
        if not size.isdecimal() or not 5 <= int(size) <= 25:
            raise GtpError("unacceptable size")
        self.state = self._new_state(size=int(size), handicap=0)
        return ""

    def _clear_board(self, args: list[str]) -> str:
        self.state = self._new_state(handicap=0)
        return ""

    def _komi(self, args: list[str]) -> str:
        komi = _finite(self._args(args, 1, "komi FLOAT")[0], "komi")
        # Komi is kept in exact halves; GTP controllers send whole or half numbers.
        komi = round(komi * 2) / 2
        record = self.state.to_dict()
        record["options"] = {**record["options"], "komi": komi}
        self.state = GoState.from_dict(record)
        self.options["komi"] = komi
        return ""

    def _play(self, args: list[str]) -> str:
        colour, vertex = self._args(args, 2, "play COLOR VERTEX")[:2]
        seat = self._colour(colour)
        move = self._vertex(vertex)
        before = self.state.copy()
        try:
            self._turn(seat)
            self.state.play(move)
        except TabletopError as err:
            self.state = before
            raise GtpError(f"illegal move: {err}") from None
        return ""

    def _genmove(self, args: list[str], cleanup: bool = False) -> str:
        colour = self._args(args, 1, "genmove COLOR")[0]
        seat = self._colour(colour)
        self._turn(seat)
        empty = sum(
            1
            for r in range(self.state.game.size)
            for c in range(self.state.game.size)
            if self.state.stone_at(c, r) is None
        )
        size = self.state.game.size
        budget = self.clock.budget("bw"[seat], empty, size * size, in_a_fight(self.state))
        move = self.genmove_fn(self.state, budget)
        if move is None:
            return "resign"
        if cleanup and move.is_pass:
            move = self._capture_of_dead_stones() or move
        self.state.play(move)
        return str(move).lower() if move.is_pass else str(move)

    def _genmove_cleanup(self, args: list[str]) -> str:
        """KGS's clean-up phase (the players disagreed about dead stones): play on, and
        rather than pass, take the opponent's stones the estimate finds dead."""
        return self._genmove(args, cleanup=True)

    def _capture_of_dead_stones(self) -> GoMove | None:
        """A legal move on a liberty of an opponent chain found dead (the chain nearest
        capture first), or None when there is none."""
        state = self.state
        legal = set(state.legal_moves())
        mine = state.to_move
        chains = []
        for stone in self._dead():
            if state.stone_at(stone.col, stone.row) not in (None, mine):
                chains.append(state.liberties(stone))
        for liberties in sorted(chains, key=len):
            for point in liberties:
                if point in legal:
                    return point
        return None

    def _undo(self, args: list[str]) -> str:
        try:
            self.state.undo()
        except TabletopError:
            raise GtpError("cannot undo") from None
        return ""

    def _require_empty(self) -> None:
        if self.state.ply or self.state.handicap_stones:
            raise GtpError("board not empty")

    def _fixed_handicap(self, args: list[str]) -> str:
        count = self._args(args, 1, "fixed_handicap N")[0]
        self._require_empty()
        if not count.isdecimal():
            raise GtpError("invalid number of stones")
        try:
            points = handicap_points(self.state.game.size, int(count))
        except OptionError as err:
            raise GtpError(f"invalid number of stones: {err}") from None
        if len(points) < 2:
            raise GtpError("invalid number of stones")
        self.state = self._new_state(handicap=0).game.setup(GoMove(c, r) for c, r in points)
        return " ".join(str(m) for m in self.state.handicap_stones)

    def _place_free_handicap(self, args: list[str]) -> str:
        count = self._args(args, 1, "place_free_handicap N")[0]
        self._require_empty()
        n = self.state.game.size
        if not count.isdecimal() or not 2 <= int(count) <= n * n - 1:
            raise GtpError("invalid number of stones")
        wanted = int(count)
        try:
            points = list(handicap_points(n, min(wanted, 9)))
        except OptionError:
            points = []
        # Beyond the fixed points (or on other sizes): the 3rd/4th-line grid, then anywhere.
        edge = 2 if n < 13 else 3
        lines = sorted({edge, n // 2, n - 1 - edge})
        extra = [(c, r) for r in lines for c in lines] + [
            (c, r) for r in range(n) for c in range(n)
        ]
        for point in extra:
            if len(points) >= wanted:
                break
            if point not in points:
                points.append(point)
        self.state = self.state.game.setup(GoMove(c, r) for c, r in points[:wanted])
        return " ".join(str(m) for m in self.state.handicap_stones)

    def _set_free_handicap(self, args: list[str]) -> str:
        self._require_empty()
        if len(args) < 2:
            raise GtpError("invalid number of stones")
        points = [self._vertex(v) for v in args]
        if any(p.is_pass for p in points):
            raise GtpError("a handicap stone cannot be a pass")
        self.state = self.state.game.setup(points)
        return ""

    def _dead(self) -> set[GoMove]:
        """The stones to count as dead: those marked, else the estimate (none under
        Tromp-Taylor, where every stone counts)."""
        state = self.state
        if state.dead_stones or self.dead_stones_fn is None:
            return set(state.dead_stones)
        if state.game.settings.rules == "tromp-taylor":
            return set()
        position = (state.game.size, state.zobrist, state.ply)
        if self._estimate is None or self._estimate[0] != position:
            found = {parse_move(str(p), state.game.size) for p in self.dead_stones_fn(state)}
            self._estimate = (position, found)
        return set(self._estimate[1])

    def _final_score(self, args: list[str]) -> str:
        return self.state.score(dead=self._dead()).result()

    def _final_status_list(self, args: list[str]) -> str:
        which = self._args(args, 1, "final_status_list alive|dead|seki")[0].lower()
        dead = self._dead()
        stones = [
            GoMove(c, r)
            for r in range(self.state.game.size)
            for c in range(self.state.game.size)
            if self.state.stone_at(c, r) is not None
        ]
        if which == "dead":
            chosen = [m for m in stones if m in dead]
        elif which == "alive":
            chosen = [m for m in stones if m not in dead]
        elif which == "seki":
            chosen = []
        else:
            raise GtpError("syntax error: expected alive, dead or seki")
        return " ".join(str(m) for m in chosen)

    def _time_settings(self, args: list[str]) -> str:
        main, byo, stones = self._args(args, 3, "time_settings MAIN BYO_YOMI STONES")[:3]
        times = _finite(main, "main time"), _finite(byo, "byo-yomi time")
        if min(times) < 0 or not stones.isdecimal():
            raise GtpError("syntax error: time_settings takes times and stones of 0 or more")
        self.clock = Clock(times[0], times[1], int(stones))
        return ""

    def _time_left(self, args: list[str]) -> str:
        colour, seconds, stones = self._args(args, 3, "time_left COLOR TIME STONES")[:3]
        seat = self._colour(colour)
        if not stones.isdecimal():
            raise GtpError("syntax error: time_left's stones are a count of 0 or more")
        # A controller may report an overrun as a negative time: the budget is then its least.
        left = (_finite(seconds, "time left"), int(stones))
        self.clock.left = {**(self.clock.left or {}), "bw"[seat]: left}
        return ""

    def _loadsgf(self, args: list[str]) -> str:
        path = self._args(args, 1, "loadsgf FILE [MOVE_NUMBER]")[0]
        try:
            record = load_sgf(path)
        except OSError as err:
            raise GtpError(f"cannot load file: {err.strerror}") from None
        state = record.state
        if len(args) > 1:
            if not args[1].isdecimal():
                raise GtpError("syntax error: the move number is a number")
            while state.ply >= int(args[1]) and state.ply:
                state.undo()
        self.state = state
        self.options = dict(state.game.options)
        return ""


def _finite(word: str, what: str) -> float:
    """``word`` as a finite number (``inf`` and ``nan`` parse as floats but mean nothing
    here: no komi or clock can hold them)."""
    try:
        value = float(word)
    except ValueError:
        raise GtpError(f"syntax error: {what} is a number, not {word!r}") from None
    if not math.isfinite(value):
        raise GtpError(f"syntax error: {what} must be a finite number, not {word!r}")
    return value
