"""Learned 3x3 pattern weights for Go (in the spirit of Coulom's Elo-rated patterns).

``pattern_weights.txt`` beside this module holds, per 3x3 neighbourhood seen
often enough in the training games, the natural log of its strength (gamma)
as the mover's shape: the neighbourhood written with the side to move as
Black (X), reduced to one representative under the square's eight symmetries
(the smallest code). bench/fit_go_patterns.py fits it from GNU Go's games and
writes it; docs/strength.md says how and how well it predicts moves.

``learned_table()`` expands the file into float64[2, 65536]: per colour to move
(row ``color - 1``) and neighbourhood code (patterns.py's code, absolute
colours) the log-gamma, 0 for a shape not in the file (an average one).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np

WEIGHTS_FILE = Path(__file__).with_name("pattern_weights.txt")

#: Neighbour order of a code (patterns.py's CELLS): (row, col) in the 3x3 grid.
CELLS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))


def _permutations() -> list[list[int]]:
    """For each of the square's 8 symmetries: where neighbour k's value goes."""
    index = {cell: k for k, cell in enumerate(CELLS)}
    out = []
    for rotate in range(4):
        for mirror in (False, True):
            perm = []
            for r, c in CELLS:
                for _ in range(rotate):
                    r, c = c, 2 - r
                if mirror:
                    c = 2 - c
                perm.append(index[(r, c)])
            out.append(perm)
    return out


@cache
def canonical_codes() -> np.ndarray:
    """int64[2, 65536]: per colour to move (row ``color - 1``) and code, the canonical
    code of the mover's shape (mover as Black, smallest code under the symmetries)."""
    codes = np.arange(4**8, dtype=np.int64)
    values = [(codes >> (2 * k)) & 3 for k in range(8)]
    swapped = [np.where(v == 1, 2, np.where(v == 2, 1, v)) for v in values]
    out = np.empty((2, 4**8), dtype=np.int64)
    for row, vals in enumerate((values, swapped)):
        best = np.full(4**8, 4**8, dtype=np.int64)
        for perm in _permutations():
            code = np.zeros(4**8, dtype=np.int64)
            for k, target in enumerate(perm):
                code |= vals[k] << (2 * target)
            best = np.minimum(best, code)
        out[row] = best
    out.setflags(write=False)
    return out


def weight_lines(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """(line number, text, fields) of each line of a weights file that is not blank or a
    ``#`` comment (a comment may also end a line); this file's and spatial.py's."""
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            yield number, line, line.split()


def read_weights(path: Path = WEIGHTS_FILE) -> dict[int, float]:
    """Canonical code -> log-gamma from a weights file (``#`` lines are comments)."""
    weights: dict[int, float] = {}
    for number, line, parts in weight_lines(path):
        if len(parts) != 2:
            raise ValueError(f"{path}:{number}: expected 'code log-gamma', got {line!r}")
        weights[int(parts[0])] = float(parts[1])
    return weights


@cache
def learned_table() -> np.ndarray:
    """float64[2, 65536]: the log-gamma of each code for each colour to move (0: unknown)."""
    weights = read_weights()
    lookup = np.zeros(4**8 + 1, dtype=np.float64)
    for code, value in weights.items():
        lookup[code] = value
    table: np.ndarray = lookup[canonical_codes()]
    table.setflags(write=False)
    return table


#: The most the learned term moves a prior (a win rate) either way.
PRIOR_CAP = 0.15


@cache
def prior_term(scale: float) -> np.ndarray:
    """float64[2, 65536]: the search prior's learned term, ``scale`` x log-gamma within
    +-PRIOR_CAP, per colour to move and code (all 0 when ``scale`` is 0: off)."""
    term = np.clip(scale * learned_table(), -PRIOR_CAP, PRIOR_CAP)
    term.setflags(write=False)
    return term
