"""Scoring a finished Go game: territory or area, with an explicit set of dead stones.

* Area (Chinese, AGA, Tromp-Taylor): stones on the board + empty points that
  reach only that colour + komi (and handicap bonus) for White.
* Territory (Japanese): empty points that reach only that colour + stones
  captured during play + opposing dead stones removed at the end + komi.

Dead stones are taken off first and their points then count as empty. An
empty region touching both colours (or none) belongs to nobody.

With the seki tax (Japanese rules, option ``seki="taxed"``), a one-colour
region is no territory when a chain around it also touches a neutral region
(an empty region reaching both colours). After dame are filled, as Japanese
rules require before counting, the only neutral points left are the shared
liberties of groups in seki, so this is the rule that eyes inside seki do
not count - the same test KataGo uses for its "seki tax".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
    seki_tax: bool = False,
) -> GoScore:
    """Score a padded kernel board; ``dead`` holds padded points of dead stones.

    ``prisoners`` is (stones Black captured, stones White captured) during play.
    """
    work, dead_by = remove_dead(board, dead)
    owner = board_owners(work, size, seki_tax)
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


def remove_dead(board: np.ndarray, dead: Iterable[int]) -> tuple[np.ndarray, list[int]]:
    """A copy of the padded board without the ``dead`` stones, and how many of them are
    each colour's points (dead white stones are Black's): [Black's, White's]."""
    work = board.copy()
    dead_by = [0, 0]
    for p in dead:
        color = int(work[p])
        if color in (kernels.BLACK, kernels.WHITE):
            dead_by[2 - color] += 1
            work[p] = kernels.EMPTY
    return work, dead_by


def board_owners(work: np.ndarray, size: int, seki_tax: bool = False) -> np.ndarray:
    """Per padded point of a board whose dead stones are gone: the colour it counts for
    (a stone its own; an empty point the one colour its region reaches), 0 for nobody."""
    owner = kernels.region_owners(work, size)
    if seki_tax:
        owner[_seki_points(work, owner, size + 2)] = 0
    return owner


def _seki_points(work: np.ndarray, owner: np.ndarray, w: int) -> np.ndarray:
    """Empty one-colour points bordered by a chain that also touches a neutral region."""
    is_stone = (work == kernels.BLACK) | (work == kernels.WHITE)
    neutral = (work == kernels.EMPTY) & (owner == 0)
    offsets = (-w, -1, 1, w)
    # Chains touching a neutral point, flood-filled from their stones next to one.
    taxed_chain = np.zeros(work.shape, dtype=bool)
    stack = [int(p) for p in np.flatnonzero(is_stone) if any(neutral[p + d] for d in offsets)]
    for p in stack:
        taxed_chain[p] = True
    while stack:
        p = stack.pop()
        for d in offsets:
            n = p + d
            if work[n] == work[p] and not taxed_chain[n]:
                taxed_chain[n] = True
                stack.append(n)
    # Regions next to such a chain are not territory.
    taxed = np.zeros(work.shape, dtype=bool)
    owned = (work == kernels.EMPTY) & (owner != 0)
    for start in np.flatnonzero(owned):
        if taxed[start] or not any(taxed_chain[start + d] for d in offsets):
            continue
        region = [int(start)]
        taxed[start] = True
        while region:
            p = region.pop()
            for d in offsets:
                n = p + d
                if owned[n] and not taxed[n]:
                    taxed[n] = True
                    region.append(n)
    return taxed


def score_lines(detail: Mapping[str, Any]) -> list[str]:
    """A counted result's breakdown as text, one line per side and the result
    (the terminal's; the outcome's ``detail`` as :meth:`GoScore.as_dict` writes it)."""
    if "black" not in detail:
        return []
    lines = []
    for side in ("black", "white"):
        s = detail[side]
        if detail["scoring"] == "area":
            parts = f"{s['stones']} stones + {s['territory']} territory + {s['komi']} komi"
        else:
            parts = (
                f"{s['territory']} territory + {s['prisoners']} prisoners"
                f" + {s['dead']} dead + {s['komi']} komi"
            )
        lines.append(f"{side.title()}: {parts} = {s['total']}")
    return [*lines, f"Result: {detail['result']}"]
