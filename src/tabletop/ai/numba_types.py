"""numba types for kernels declared with an explicit signature.

Most kernels are typed by numba from their first call. The self-recursive search kernels
are declared with their signature instead, so that numba's cache can keep them (decision
0190); these are the argument types those signatures are written in: C-contiguous arrays
as numba sees NumPy's defaults, and the read-only arrays a game hands out as constants.
"""

from __future__ import annotations

from numba import types

INT = types.int64
FLOAT = types.float64
BOOL = types.boolean
INT8_2D = types.Array(types.int8, 2, "C")
INT_1D = types.Array(types.int64, 1, "C")
INT_2D = types.Array(types.int64, 2, "C")
FLOAT_1D = types.Array(types.float64, 1, "C")
#: A read-only int64 vector (a game's constant tables, as Abalone's team of each colour).
READONLY_INT_1D = types.Array(types.int64, 1, "C", readonly=True)
