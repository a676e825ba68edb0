"""Random playouts per second, ours (numba kernels) beside the peers in the same run.

    python bench/playouts.py GAME [options]      (python bench/playouts.py GAME --help)

Each game's benchmark is a module ``bench/<game>_playouts.py`` with a
``main(argv)``; this script picks one by name.
"""

from __future__ import annotations

import importlib
import sys

import numpy as np

import fresh_kernels  # noqa: F401  (stale cached kernels forgotten first: decision 0192)
from arguments import run_main

GAMES = ("go", "abalone", "oust", "quoridor")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in GAMES:
        print(__doc__.strip(), file=sys.stderr)
        print(f"\ngames: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    np.set_printoptions(precision=3)
    importlib.import_module(f"{args[0]}_playouts").main(args[1:])
    return 0


if __name__ == "__main__":
    run_main(main)
