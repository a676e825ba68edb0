"""Kernel handles: arrays reached from a kernel through one integer address."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from tabletop.games.kernel_handles import handle_at, handle_view, make_handle


@njit
def add_through_handle(address: int, words: int, index: int, row: int, col: int) -> int:
    handle = handle_at(address, words)
    view = handle_view(handle, index)
    view[row, col] += handle[words - 1]  # the last parameter
    return view.shape[0] * 1000 + view.shape[1]


def test_a_kernel_reads_and_writes_the_arrays_through_the_handle() -> None:
    first = np.zeros((2, 3), dtype=np.int64)
    second = np.arange(20, dtype=np.int64).reshape(4, 5)
    handle = make_handle((first, second), (7, 42))
    address = int(handle.ctypes.data)
    assert add_through_handle(address, len(handle), 1, 3, 4) == 4005
    assert second[3, 4] == 19 + 42
    assert add_through_handle(address, len(handle), 0, 1, 2) == 2003
    assert first[1, 2] == 42 and first.sum() == 42


@pytest.mark.parametrize(
    "array",
    [
        np.zeros((2, 3), dtype=np.int32),
        np.zeros(6, dtype=np.int64),
        np.zeros((3, 4), dtype=np.int64)[:, ::2],
    ],
    ids=["int32", "one-dimensional", "strided"],
)
def test_only_two_dimensional_contiguous_int64_arrays(array: np.ndarray) -> None:
    with pytest.raises(ValueError, match="array 0"):
        make_handle((array,), ())
