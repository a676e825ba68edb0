"""Imported for its effect: forget the benches' cached numba kernels when they are stale.

The kernels here (bench/*.py and bench/abalone_ref/) call tabletop's kernels, and numba
checks only each kernel's own file, so an edit to tabletop's kernel sources or to another
bench module would leave them cached as they were (decision 0192). Importing this module
first deletes bench's ``.nbi``/``.nbc`` files whenever bench's sources or tabletop's
kernel sources changed since they were compiled.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.kernel_cache import forget_stale_kernels, package_digest

# tabletop's digest was computed when tabletop was imported: not read again here.
forget_stale_kernels(Path(__file__).parent, ("",), upstream=package_digest())
