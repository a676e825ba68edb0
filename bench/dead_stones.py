"""The dead-stone proposal's time and its stability over seeds (games/go/dead.py).

Times ``estimate_dead`` with its default playouts on empty 9x9, 13x13 and 19x19
boards after two passes (the worst case: every playout fills the board) and
on issue 7's position, and prints every chain's share of issue 7's position
(lowest and highest over the seeds) with the stones proposed.

    python bench/dead_stones.py              # 20 seeds
    python bench/dead_stones.py --seeds 5
"""

from __future__ import annotations

import argparse
import time

import fresh_kernels  # noqa: F401  (stale cached kernels forgotten first: decision 0192)
import tabletop
from arguments import count, run_main
from tabletop.games.go import GoState
from tabletop.games.go.dead import DEAD_SHARE, dead_chains, estimate_dead, playouts_for


def ended(size: int, moves: list[str]) -> GoState:
    """A Chinese-rules game with komi 7 after ``moves`` and passes until play has ended."""
    state = tabletop.load_game("go", size=size, rules="chinese", komi=7).new_state()
    assert isinstance(state, GoState)
    for move in moves:
        state.play(move)
    while not state.is_over():
        state.play("pass")
    return state


def issue_7() -> GoState:
    """Walls D1-D9 (Black) and F1-F9 (White), Black H5 and White B5 alone, two passes."""
    walls = [m for row in range(1, 10) for m in (f"D{row}", f"F{row}")]
    return ended(9, [*walls, "H5", "B5"])


def timed(state: GoState, seeds: int) -> str:
    estimate_dead(state, playouts=2)  # the kernels load from numba's cache
    times = []
    for seed in range(seeds):
        start = time.perf_counter()
        estimate_dead(state, seed=seed)
        times.append(time.perf_counter() - start)
    return f"{min(times):.2f}-{max(times):.2f} s"


def main(argv: list[str] | None = None) -> int:
    """Print the times and the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=count, default=20, help="seeds (default 20)")
    args = parser.parse_args(argv)
    for size in (9, 13, 19):
        label = f"{size}x{size} empty board, {playouts_for(size)} playouts"
        print(f"{label}: {timed(ended(size, []), args.seeds)}")
    state = issue_7()
    print(f"issue 7's position, {playouts_for(9)} playouts: {timed(state, args.seeds)}")
    shares: dict[str, list[float]] = {}
    proposals = set()
    for seed in range(args.seeds):
        for chain, lost in dead_chains(state, seed=seed):
            shares.setdefault(chain[0], []).append(lost)
        proposals.add(" ".join(estimate_dead(state, seed=seed)))
    for head, values in shares.items():
        print(f"  chain {head}: opponent's share {min(values):.3f}-{max(values):.3f}")
    print(f"  dead at {DEAD_SHARE}: {sorted(proposals)} over {args.seeds} seeds")
    return 0


if __name__ == "__main__":
    run_main(main)
