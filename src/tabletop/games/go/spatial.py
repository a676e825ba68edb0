"""Go's larger learned shapes: the stones around a point out to a distance, as one code.

A move's *spatial pattern* of size S is what lies on the S points nearest to it by
the gridcular distance ``|dx| + |dy| + max(|dx|, |dy|)`` (as in Stern, Herbrich and
Graepel 2006 and in Pachi): 12 points (distance 4 and less, the 3x3 square and the four
points two away in line), 20 (distance 5) or 28 (distance 6). Each point is 0 empty, 1
the mover's stone, 2 the opponent's, 3 off the board, two bits each, so even the largest
pattern is one exact int64 (56 bits): no hashing, no collisions. A code is reduced to
one representative under the square's eight symmetries (the smallest).

bench/fit_go_patterns.py fits a log-gamma for each pattern played often enough in the
training games (alongside the 3x3 shapes of learned.py) and writes ``spatial_weights.txt``;
:func:`spatial_table` reads it as two sorted arrays (keys, log-gammas) that
:func:`largest_weight` searches, largest size first, inside the search's prior, and
:func:`known_weight` size by size (the same value, cheaper) in the move model.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
from numba import njit

from tabletop.games.go.kernels import BORDER, EMPTY
from tabletop.games.go.learned import PRIOR_CAP, weight_lines

WEIGHTS_FILE = Path(__file__).with_name("spatial_weights.txt")

#: The pattern sizes fitted (points around the move; the 3x3 square is learned.py's).
SIZES = (12, 20, 28)


def _offsets() -> np.ndarray:
    """int64[28, 2]: (row, column) offsets of the points, nearest first (stable)."""
    cells = [
        (dr, dc)
        for dr in range(-3, 4)
        for dc in range(-3, 4)
        if (dr, dc) != (0, 0) and abs(dr) + abs(dc) + max(abs(dr), abs(dc)) <= 6
    ]
    cells.sort(key=lambda c: abs(c[0]) + abs(c[1]) + max(abs(c[0]), abs(c[1])))
    return np.array(cells, dtype=np.int64)


OFFSETS = _offsets()


def _symmetries() -> np.ndarray:
    """int64[8, 28]: for each of the square's symmetries, where offset k's value goes."""
    index = {(int(r), int(c)): k for k, (r, c) in enumerate(OFFSETS)}
    out = np.empty((8, len(OFFSETS)), dtype=np.int64)
    for s, (rotate, mirror) in enumerate((r, m) for r in range(4) for m in (False, True)):
        for k, (r, c) in enumerate(OFFSETS):
            r, c = int(r), int(c)
            for _ in range(rotate):
                r, c = c, -r
            if mirror:
                c = -c
            out[s, k] = index[(r, c)]
    return out


SYMMETRIES = _symmetries()

SIZE_12, SIZE_20, SIZE_28 = SIZES

#: out's length for spatial_codes: three codes and eight scratch values.
CODES_BUFFER = 11


@njit(cache=True, inline="always")
def _add_point(board: np.ndarray, n: int, p: int, color: int, k: int, out: np.ndarray) -> None:
    """OR the value of p's offset k (as ``color`` sees it) into the eight oriented codes in
    out[3:11]."""
    w = n + 2
    r = p // w - 1 + OFFSETS[k, 0]
    c = p % w - 1 + OFFSETS[k, 1]
    if r < 0 or c < 0 or r >= n or c >= n:
        v = BORDER
    else:
        v = board[(r + 1) * w + c + 1]
        if v != EMPTY:
            v = 1 if v == color else 2
    if v != EMPTY:
        for s in range(8):
            out[3 + s] |= v << (2 * SYMMETRIES[s, k])


@njit(cache=True, inline="always")
def _smallest(out: np.ndarray) -> int:
    """The canonical code so far: the smallest of the eight oriented codes in out[3:11]."""
    best: int = out[3]
    for s in range(1, 8):
        best = min(best, out[3 + s])
    return best


@njit(cache=True)
def spatial_codes(board: np.ndarray, n: int, p: int, color: int, out: np.ndarray) -> None:
    """Fill out[j] with the canonical code of p's pattern of size SIZES[j], seen by
    ``color`` (the mover), and out[3:11] with scratch (one code per symmetry)."""
    for s in range(8):
        out[3 + s] = 0
    j = 0
    for k in range(OFFSETS.shape[0]):
        _add_point(board, n, p, color, k, out)
        if k + 1 == SIZE_12 or k + 1 == SIZE_20 or k + 1 == SIZE_28:
            out[j] = _smallest(out)
            j += 1


@njit(cache=True)
def known_weight(
    board: np.ndarray,
    n: int,
    p: int,
    color: int,
    keys: np.ndarray,
    weights: np.ndarray,
    out: np.ndarray,
) -> float:
    """``largest_weight(keys, weights, codes)`` of p's patterns (``codes`` as spatial_codes
    fills them), computed size by size and stopped at the first size not in the table (0
    when the smallest is not): in a crowded position most points' smallest pattern is
    unknown, and the larger ones then cost nothing. The same value for any nested table
    (:func:`check_nested`). ``out`` is scratch of CODES_BUFFER."""
    if keys.shape[0] == 0:
        return 0.0
    for s in range(8):
        out[3 + s] = 0
    j = 0
    found = 0.0
    for k in range(OFFSETS.shape[0]):
        _add_point(board, n, p, color, k, out)
        if k + 1 == SIZE_12 or k + 1 == SIZE_20 or k + 1 == SIZE_28:
            wanted = (_smallest(out) << 2) | j
            at = np.searchsorted(keys, wanted)
            if at >= keys.shape[0] or keys[at] != wanted:
                return found
            found = float(weights[at])
            j += 1
    return found


def canonical(code: int, size: int) -> int:
    """The canonical code (the smallest under the eight symmetries) of the pattern whose
    first ``size`` points are those of ``code`` (any orientation); the rest are dropped."""
    values = [(code >> (2 * k)) & 3 for k in range(size)]
    return min(
        sum(v << (2 * int(SYMMETRIES[s, k])) for k, v in enumerate(values)) for s in range(8)
    )


def check_nested(keys: np.ndarray, path: Path) -> None:
    """Raise ValueError naming ``path`` unless every pattern of size 20 or 28 in ``keys``
    has its pattern of the next smaller size there too, as the fit guarantees (every play
    of a pattern is a play of its smaller ones, so the smaller is played as often), and
    :func:`known_weight` relies on."""
    known = {int(k) for k in keys}
    for k in known:
        j = k & 3
        if j > 0:
            inner = key(j - 1, canonical(k >> 2, SIZES[j - 1]))
            if inner not in known:
                raise ValueError(
                    f"{path}: the {SIZES[j]}-point pattern {k >> 2} is listed without its "
                    f"{SIZES[j - 1]}-point pattern {inner >> 2}"
                )


def key(size_index: int, code: int) -> int:
    """The table's key for a code of size SIZES[size_index] (codes of every size in one
    sorted array: the size in the two low bits)."""
    return (code << 2) | size_index


@njit(cache=True)
def largest_weight(keys: np.ndarray, weights: np.ndarray, codes: np.ndarray) -> float:
    """The log-gamma of the largest of ``codes``' patterns found in the table (keys
    sorted), 0 when none is."""
    if keys.shape[0] == 0:
        return 0.0
    for j in range(len(SIZES) - 1, -1, -1):
        wanted = (codes[j] << 2) | j
        at = np.searchsorted(keys, wanted)
        if at < keys.shape[0] and keys[at] == wanted:
            return float(weights[at])
    return 0.0


def read_weights(path: Path = WEIGHTS_FILE) -> dict[tuple[int, int], float]:
    """(size, canonical code) -> log-gamma from a weights file (``#`` lines are comments;
    no file: no patterns)."""
    weights: dict[tuple[int, int], float] = {}
    if not path.exists():
        return weights
    for number, line, parts in weight_lines(path):
        if len(parts) != 3 or not parts[0].isdigit() or int(parts[0]) not in SIZES:
            raise ValueError(f"{path}:{number}: expected 'size code log-gamma', got {line!r}")
        weights[(int(parts[0]), int(parts[1]))] = float(parts[2])
    return weights


@cache
def raw_table() -> tuple[np.ndarray, np.ndarray]:
    """(int64 keys sorted, float64 log-gammas) of the fitted patterns, unscaled: the move
    model's (move_model.py)."""
    pairs = sorted(
        (key(SIZES.index(size), code), value) for (size, code), value in read_weights().items()
    )
    keys = np.array([k for k, _ in pairs], dtype=np.int64)
    check_nested(keys, WEIGHTS_FILE)
    values = np.array([v for _, v in pairs], dtype=np.float64)
    keys.setflags(write=False)
    values.setflags(write=False)
    return keys, values


@cache
def spatial_table(scale: float) -> tuple[np.ndarray, np.ndarray]:
    """(int64 keys sorted, float64 ``scale`` x log-gamma within +-PRIOR_CAP) of the fitted
    patterns; both empty when ``scale`` is 0 (off), so the prior skips the patterns."""
    keys, values = raw_table()
    if scale == 0.0:
        keys, values = keys[:0], values[:0]
    scaled = np.clip(scale * values, -PRIOR_CAP, PRIOR_CAP)
    scaled.setflags(write=False)
    return keys, scaled
