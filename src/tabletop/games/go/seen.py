"""How often each position has occurred: a hash table in a NumPy array for the kernels.

Superko and the cycle rule need, at every move, "has this position been seen
before, and how often?". A Python Counter would force a return to Python on
every move, so the counts live in ``table``: int64[size, 2] of (key, count),
open addressing with linear probing, ``size`` a power of two. Keys are Zobrist
hashes, already uniformly random, so their low bits are the slot.

A slot with count -1 has never been used. Counts fall to 0 on undo but the
slot keeps its key (a tombstone), because emptying it would break the probe
chains of keys stored after it; ``rebuilt`` drops tombstones when the table
grows. ``used`` (slots ever filled) is kept by the caller and passed in.
"""

from __future__ import annotations

import numpy as np
from numba import njit

UNUSED = -1


def new_table(size: int) -> np.ndarray:
    """An empty table with ``size`` slots (rounded up to a power of two, at least 16)."""
    slots = 16
    while slots < size:
        slots *= 2
    table = np.zeros((slots, 2), dtype=np.int64)
    table[:, 1] = UNUSED
    return table


@njit(cache=True, inline="always")
def _slot(table: np.ndarray, key: np.int64) -> int:
    """The slot holding ``key``, or the unused slot where it would go."""
    mask = table.shape[0] - 1
    i = int(key & mask)
    while table[i, 1] != UNUSED and table[i, 0] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True)
def count(table: np.ndarray, key: np.int64) -> int:
    """How many times ``key`` is recorded (0 when never)."""
    c = table[_slot(table, key), 1]
    return 0 if c == UNUSED else int(c)


@njit(cache=True)
def add(table: np.ndarray, key: np.int64) -> tuple[int, bool]:
    """Record one more occurrence; returns (the new count, whether a fresh slot was used)."""
    i = _slot(table, key)
    if table[i, 1] == UNUSED:
        table[i, 0] = key
        table[i, 1] = 1
        return 1, True
    table[i, 1] += 1
    return int(table[i, 1]), False


@njit(cache=True)
def remove(table: np.ndarray, key: np.int64) -> None:
    """Record one occurrence less (the key must be present)."""
    i = _slot(table, key)
    if table[i, 1] > 0:
        table[i, 1] -= 1


@njit(cache=True)
def rebuilt(table: np.ndarray, size: int) -> tuple[np.ndarray, int]:
    """A copy with at least ``size`` slots and no tombstones; returns (table, used slots)."""
    slots = 16
    while slots < size:
        slots *= 2
    out = np.zeros((slots, 2), dtype=np.int64)
    out[:, 1] = UNUSED
    used = 0
    for i in range(table.shape[0]):
        if table[i, 1] > 0:
            j = _slot(out, table[i, 0])
            out[j, 0] = table[i, 0]
            out[j, 1] = table[i, 1]
            used += 1
    return out, used


def as_dict(table: np.ndarray) -> dict[int, int]:
    """The positive counts as {key: count} (for comparing states)."""
    live = table[:, 1] > 0
    return dict(zip(table[live, 0].tolist(), table[live, 1].tolist(), strict=True))
