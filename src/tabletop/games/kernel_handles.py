"""Several kernel arrays passed as one integer: a short kernel call from Python.

Numba unboxes every array argument of a call from Python separately, and for
a kernel as short as one Go move that is most of the call (Go's play kernel
takes four arrays, and their dispatch outweighed the move's work: decision
0052 has the measurement). A hot path can pass one int instead: the address
of a *handle*, a small int64 array holding each array's address and its two
dimensions, then a few int parameters. The kernel rebuilds the array views
from it (``handle_view``), which costs nothing.

The price is that of any raw address. The handle must be rebuilt
(``make_handle``) whenever one of its arrays is replaced (grown, copied,
unpickled), and the arrays must outlive every call through it; a stale
handle writes into memory the arrays no longer own. So a handle belongs to
one object, which keeps the arrays and the handle together and rebuilds it
in one method (GoState._bind, decision record 0052).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import intrinsic
from numba.np.numpy_support import carray

#: Words per array in a handle: address, rows, columns.
ARRAY_WORDS = 3

_INT64_POINTER: Any = types.CPointer(types.int64)  # type: ignore[no-untyped-call]


def _int64_pointer_typing(typingctx: Any, address: Any) -> Any:
    """The typing of _int64_pointer(address): an int64* from an integer address,
    a cast numba itself does not offer."""

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return builder.inttoptr(args[0], context.get_value_type(_INT64_POINTER))

    return _INT64_POINTER(types.int64), codegen


_int64_pointer: Any = intrinsic(_int64_pointer_typing)


@njit(cache=True, inline="always")
def handle_at(address: int, length: int) -> np.ndarray:
    """The handle array at ``address`` (``length`` words), inside a kernel."""
    return carray(_int64_pointer(address), length)


@njit(cache=True, inline="always")
def handle_view(handle: np.ndarray, index: int) -> np.ndarray:
    """The ``index``-th array of ``handle`` as a 2-D int64 view, inside a kernel."""
    at = index * ARRAY_WORDS
    return carray(_int64_pointer(handle[at]), (handle[at + 1], handle[at + 2]))


def make_handle(arrays: Sequence[np.ndarray], params: Sequence[int]) -> np.ndarray:
    """A handle for ``arrays`` (2-D, int64, C-contiguous) followed by ``params``.

    The caller keeps the arrays alive and rebuilds the handle when one changes."""
    handle = np.zeros(ARRAY_WORDS * len(arrays) + len(params), dtype=np.int64)
    for i, array in enumerate(arrays):
        if array.dtype != np.int64 or array.ndim != 2 or not array.flags.c_contiguous:
            raise ValueError(f"array {i}: a handle takes 2-D C-contiguous int64 arrays")
        at = i * ARRAY_WORDS
        handle[at] = array.ctypes.data
        handle[at + 1], handle[at + 2] = array.shape
    handle[ARRAY_WORDS * len(arrays) :] = params
    return handle
