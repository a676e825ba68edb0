"""A GTP engine (GNU Go, KataGo, another tabletop) as an agent, over a subprocess."""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
import time
from typing import IO

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.core.errors import OptionError, TabletopError
from tabletop.core.game import Game, State
from tabletop.games.go import GoGame, GoState
from tabletop.games.go.notation import PASS, parse_move

#: Seconds an engine has to answer a command; ``genmove`` gets GENMOVE_SECONDS. An engine
#: that takes longer is taken to be hung, or not speaking GTP at all (``gnugo`` without
#: ``--mode gtp`` waits for a person at the keyboard).
ANSWER_SECONDS = 30.0
GENMOVE_SECONDS = 300.0


def gtp_player(game: Game, command: str) -> GtpPlayer:
    """The agent of the ``gtp:COMMAND`` spec for ``game``; OptionError unless it is Go."""
    if not isinstance(game, GoGame):
        raise OptionError(f"agent {'gtp:' + command!r}: a GTP engine plays Go only")
    return GtpPlayer(command)


class EngineGone(TabletopError):
    """The GTP engine exited or closed its output in the middle of a game (it crashed)."""


class GtpPlayer(Agent):
    """Plays Go through an external GTP engine; the whole game is replayed to it each move.

    Replaying (clear_board, then every move) keeps the engine in step with any
    state, including undo, at the cost of a few milliseconds a move. A thread
    reads the engine's output, so an engine that hangs or does not speak GTP is
    a TabletopError after a time limit, not a match that waits for ever.
    """

    name = "gtp"

    def __init__(
        self,
        command: str,
        answer_seconds: float = ANSWER_SECONDS,
        setup: list[str] | tuple[str, ...] = (),
    ) -> None:
        """Start ``command``; ``setup`` holds commands sent after each clear_board (a
        match's ``time_settings``, say)."""
        super().__init__()
        self.command = command
        self.answer_seconds = answer_seconds
        self.setup = tuple(setup)
        try:
            self._process = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        except OSError as err:
            raise TabletopError(f"cannot start GTP engine {command!r}: {err.strerror}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        assert self._process.stdout is not None
        threading.Thread(
            target=_read_lines, args=(self._process.stdout, self._lines), daemon=True
        ).start()
        try:
            self.name = f"gtp:{self._send('name') or command}"
        except TabletopError:
            self._process.kill()
            raise

    def _send(self, command: str, seconds: float | None = None) -> str:
        """The engine's answer to ``command`` (without its ``=``); TabletopError when it
        refuses (``?``), answers something that is no GTP reply, exits or takes longer
        than ``seconds`` (``answer_seconds`` by default)."""
        stdin: IO[str] | None = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(command + "\n")
            stdin.flush()
        except BrokenPipeError:
            raise EngineGone(f"GTP engine {self.command!r} has exited") from None
        limit = self.answer_seconds if seconds is None else seconds
        deadline = time.monotonic() + limit
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TabletopError(
                    f"GTP engine {self.command!r} did not answer {command!r} within {limit:g} s"
                ) from None
            if line is None:
                raise EngineGone(f"GTP engine {self.command!r} stopped answering")
            if line.strip() == "" and lines:
                break
            if line.strip():
                if not lines and line[0] not in "=?":
                    raise TabletopError(
                        f"GTP engine {self.command!r} answered {command!r} with {line.strip()!r},"
                        " not a GTP reply (is it running in GTP mode?)"
                    )
                lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if text.startswith("?"):
            raise TabletopError(f"GTP engine refused {command!r}: {text[1:].strip()}")
        return text[1:].strip()

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if not isinstance(state, GoState):
            raise TabletopError("a GTP engine plays Go only")
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        settings = state.game.settings
        self._send(f"boardsize {settings.size}")
        self._send("clear_board")
        self._send(f"komi {settings.komi}")
        for command in self.setup:
            self._send(command)
        stones = state.handicap_stones
        if stones:
            self._send("set_free_handicap " + " ".join(str(m) for m in stones))
        colour = "w" if stones else "b"
        for move in state.history:
            self._send(f"play {colour} {move}")
            colour = "b" if colour == "w" else "w"
        seat = state.to_move
        assert seat is not None
        answer = self._send(f"genmove {'bw'[seat]}", max(GENMOVE_SECONDS, self.answer_seconds))
        values = (0.0, 0.0)
        if answer.lower() == "resign":
            return Analysis(values, [MoveStat(PASS, 1, 1.0, -1.0)], [PASS], detail={"resign": True})
        try:
            move = parse_move(answer, settings.size)
        except TabletopError as err:
            raise TabletopError(f"GTP engine {self.command!r} played {answer!r}: {err}") from None
        return Analysis(values, [MoveStat(move, 1, 1.0, 0.0)], [move], iterations=1)

    def close(self) -> None:
        """Ask the engine to quit and reap it (killed if it does not go within 5 s)."""
        if self._process.poll() is None:
            with contextlib.suppress(TabletopError):
                self._send("quit", seconds=5.0)
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()


def _read_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Every line the engine writes, then None when its output closes."""
    for line in stream:
        lines.put(line)
    lines.put(None)
