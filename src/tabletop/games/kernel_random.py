"""Seeding numba's random generator, shared by every game's kernels.

Numba keeps one generator per thread for all compiled functions (separate
from NumPy's), so one seeding function serves every game; each kernels
module re-exports it as ``kernels.seed_random``.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def seed_random(seed: int) -> None:
    """Seed numba's own random generator (separate from NumPy's)."""
    np.random.seed(seed)
