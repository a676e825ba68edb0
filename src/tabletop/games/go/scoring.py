"""Scoring a finished Go game: territory or area, with an explicit set of dead stones.

* Area (Chinese, AGA, Tromp-Taylor): stones on the board + empty points that
  reach only that colour + komi (and handicap bonus) for White.
* Territory (Japanese): empty points that reach only that colour + stones
  captured during play + opposing dead stones removed at the end + komi.

Dead stones are taken off first and their points then count as empty. An
empty region touching both colours (or none) belongs to nobody. Japanese
seki handling (no territory inside seki) is not implemented: empty points
are counted simply, the project default of RULES.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from tabletop.games.go import kernels


@dataclass(frozen=True)
class SideScore:
    """One colour's points, by kind; ``total`` is their sum."""

    stones: int
    territory: int
    prisoners: int
    dead: int
    komi: float
    total: float


@dataclass(frozen=True)
class GoScore:
    """The score of both colours and what it means."""

    scoring: str
    black: SideScore
    white: SideScore

    @property
    def margin(self) -> float:
        """Black's total minus White's (positive: Black leads)."""
        return self.black.total - self.white.total

    @property
    def winner(self) -> int | None:
        """0 for Black, 1 for White, None for a tie (jigo)."""
        if self.margin > 0:
            return 0
        if self.margin < 0:
            return 1
        return None

    def result(self) -> str:
        """The result in SGF form: ``B+3.5``, ``W+0.5`` or ``0`` for a tie."""
        margin = abs(self.margin)
        text = str(int(margin)) if float(margin).is_integer() else str(margin)
        if self.winner is None:
            return "0"
        return f"{'BW'[self.winner]}+{text}"

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready breakdown."""
        return {
            "scoring": self.scoring,
            "black": asdict(self.black),
            "white": asdict(self.white),
            "margin": self.margin,
            "result": self.result(),
        }


def score_board(
    board: np.ndarray,
    size: int,
    scoring: str,
    komi: float,
    prisoners: tuple[int, int],
    dead: Iterable[int] = (),
    white_bonus: float = 0.0,
) -> GoScore:
    """Score a padded kernel board; ``dead`` holds padded points of dead stones.

    ``prisoners`` is (stones Black captured, stones White captured) during play.
    """
    work = board.copy()
    dead_by = [0, 0]  # dead stones credited to Black, to White
    for p in dead:
        color = int(work[p])
        if color in (kernels.BLACK, kernels.WHITE):
            dead_by[2 - color] += 1  # a dead white stone is Black's point
            work[p] = kernels.EMPTY
    owner = kernels.region_owners(work, size)
    empty = work == kernels.EMPTY
    territory = [int(np.sum(empty & (owner == c))) for c in (kernels.BLACK, kernels.WHITE)]
    stones = [int(np.sum(work == c)) for c in (kernels.BLACK, kernels.WHITE)]
    sides = []
    for i in range(2):
        side_komi = (komi + white_bonus) if i == 1 else 0.0
        if scoring == "area":
            total = stones[i] + territory[i] + side_komi
            sides.append(SideScore(stones[i], territory[i], 0, 0, side_komi, total))
        else:
            total = territory[i] + prisoners[i] + dead_by[i] + side_komi
            sides.append(SideScore(0, territory[i], prisoners[i], dead_by[i], side_komi, total))
    return GoScore(scoring, sides[0], sides[1])
