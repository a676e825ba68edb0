"""A GTP engine (GNU Go, KataGo, another tabletop) as an agent, over a subprocess."""

from __future__ import annotations

import contextlib
import shlex
import subprocess
from typing import IO

from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.games.go import GoState
from tabletop.games.go.notation import PASS, parse_move


class GtpPlayer(Agent):
    """Plays Go through an external GTP engine; the whole game is replayed to it each move.

    Replaying (clear_board, then every move) keeps the engine in step with any
    state, including undo, at the cost of a few milliseconds a move.
    """

    name = "gtp"

    def __init__(self, command: str) -> None:
        super().__init__()
        self.command = command
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
        self.name = f"gtp:{self._send('name') or command}"

    def _send(self, command: str) -> str:
        stdin: IO[str] | None = self._process.stdin
        stdout: IO[str] | None = self._process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(command + "\n")
            stdin.flush()
            lines: list[str] = []
            while True:
                line = stdout.readline()
                if not line:
                    raise TabletopError(f"GTP engine {self.command!r} stopped answering")
                if line.strip() == "" and lines:
                    break
                if line.strip():
                    lines.append(line.rstrip("\n"))
        except BrokenPipeError:
            raise TabletopError(f"GTP engine {self.command!r} has exited") from None
        text = "\n".join(lines)
        if text.startswith("?"):
            raise TabletopError(f"GTP engine refused {command!r}: {text[1:].strip()}")
        return text[1:].strip()

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if not isinstance(state, GoState):
            raise TabletopError("a GTP engine plays Go only")
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        rules = state.game.rules
        self._send(f"boardsize {rules.size}")
        self._send("clear_board")
        self._send(f"komi {rules.komi}")
        stones = state.handicap_stones
        if stones:
            self._send("set_free_handicap " + " ".join(str(m) for m in stones))
        colour = "w" if stones else "b"
        for move in state.history:
            self._send(f"play {colour} {move}")
            colour = "b" if colour == "w" else "w"
        seat = state.to_move
        assert seat is not None
        answer = self._send(f"genmove {'bw'[seat]}")
        values = (0.0, 0.0)
        if answer.lower() == "resign":
            return Analysis(values, [MoveStat(PASS, 1, 1.0, -1.0)], [PASS], detail={"resign": True})
        move = parse_move(answer, rules.size)
        return Analysis(values, [MoveStat(move, 1, 1.0, 0.0)], [move], iterations=1)

    def close(self) -> None:
        """Ask the engine to quit and reap it."""
        if self._process.poll() is None:
            with contextlib.suppress(TabletopError):
                self._send("quit")
            self._process.wait(timeout=5)
