"""Driving the terminal game with scripted input, for the CLI and per-game terminal tests."""

from __future__ import annotations

from collections.abc import Iterator

from tabletop.core.game import Game
from tabletop.terminal import TerminalGame


def scripted(game: Game, lines: list[str]) -> tuple[TerminalGame, list[str]]:
    """A terminal game for people in every seat reading ``lines``; its output collects in
    the list (prompts included). Running out of lines is end of input."""
    it: Iterator[str] = iter(lines)
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    seats = ["human"] * game.num_players
    return TerminalGame(game, seats, read=read, write=out.append), out
