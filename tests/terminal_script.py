"""Driving the terminal game with scripted input, for the CLI and per-game terminal tests."""

from __future__ import annotations

from collections.abc import Iterator

from tabletop.core.game import Game
from tabletop.terminal import TerminalGame


def scripted(
    game: Game, lines: list[str], seats: list[str] | None = None, seed: int | None = None
) -> tuple[TerminalGame, list[str]]:
    """A terminal game reading ``lines`` (people in every seat unless ``seats`` says); its
    output collects in the list (prompts included). Running out of lines is end of input."""
    it: Iterator[str] = iter(lines)
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    seats = seats or ["human"] * game.num_players
    return TerminalGame(game, seats, read=read, write=out.append, seed=seed), out
