"""Go: kernel playouts and per-call costs, beside OpenSpiel's ``go`` in the same run.

Uniformly random legal moves including pass from the empty board, two
passes or 4*N*N plies end a game; options as OpenSpiel's (simple ko, no
suicide, komi 7.5). OpenSpiel's ``go`` (``pip install -e '.[peers]'``) is
driven from Python the same way and the ratio printed. Then the per-call
cost of legal_actions() and play() from Python on a mid-game 19x19 state.
"""

from __future__ import annotations

import argparse
import random
import time

import tabletop
from arguments import seconds
from tabletop.games.go import GoState, kernels
from timing import per_call, play_cost, print_costs

try:
    import pyspiel
except ImportError:  # the peers extra is not installed
    pyspiel = None


def go_ours(size: int, seconds: float) -> tuple[float, float]:
    """Games/s and moves/s of our kernel playouts."""
    pos0 = kernels.empty_position(size)
    zob = kernels.zobrist_table(size)
    cap = 4 * size * size
    kernels.seed_random(12345)
    board, links, stats, _ = kernels.views(pos0.copy())
    kernels.random_playout(board, links, stats, zob, size, kernels.BLACK, -1, False, cap)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        board, links, stats, _ = kernels.views(pos0.copy())
        plies, _ = kernels.random_playout(
            board, links, stats, zob, size, kernels.BLACK, -1, False, cap
        )
        games += 1
        moves += plies
    return games / elapsed, moves / elapsed


def go_openspiel(size: int, seconds: float) -> tuple[float, float]:
    """Games/s and moves/s of OpenSpiel's go driven from Python."""
    game = pyspiel.load_game(
        "go", {"board_size": size, "komi": 7.5, "max_game_length": 4 * size * size}
    )
    rng = random.Random(12345)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        games += 1
    return games / elapsed, moves / elapsed


def mid_game_actions(size: int, plies: int, seed: int = 7) -> list[int]:
    """A random non-passing line of play of ``plies`` moves (same for both engines)."""
    rng = random.Random(seed)
    state = tabletop.load_game("go", size=size, rules="chinese").new_state()
    line = []
    for _ in range(plies):
        actions = [a for a in state.legal_actions().tolist() if a != size * size]
        action = rng.choice(actions)
        state.play(action)
        line.append(action)
    return line


def go_call_costs(size: int = 19, plies: int = 150, timed: int = 40) -> None:
    line = mid_game_actions(size, plies + timed)
    ours = tabletop.load_game("go", size=size, rules="chinese").new_state()
    assert isinstance(ours, GoState)
    for a in line[:plies]:
        ours.play(a)
    nxt = line[plies:]
    rows = [("legal_actions()", per_call(ours.legal_actions, 2000))]
    rows_play = play_cost(ours.copy, nxt, lambda s, a: s.play(a))
    peer: dict[str, float] = {}
    if pyspiel is not None:
        game = pyspiel.load_game("go", {"board_size": size, "komi": 7.5})
        theirs = game.new_initial_state()
        for a in line[:plies]:
            theirs.apply_action(a)
        assert sorted(theirs.legal_actions()) == ours.legal_actions().tolist()
        peer["legal_actions()"] = per_call(theirs.legal_actions, 2000)
        peer["play()"] = play_cost(theirs.clone, nxt, lambda s, a: s.apply_action(a))
    rows.append(("play()", rows_play))
    print(f"\nPer call from Python, mid-game {size}x{size} (after {plies} moves; play() is")
    print(f"the mean over the next {timed} moves of one line, OpenSpiel via apply_action):")
    print_costs(rows, peer, "target: within 3x")


def bench_go(sizes: list[int], seconds: float) -> None:
    print("Go random playouts (uniform over legal moves incl. pass, cap 4*N*N plies)")
    if pyspiel is None:
        print("  OpenSpiel is not installed (pip install -e '.[peers]'): no ratio")
    header = f"  {'board':<7}{'engine':<11}{'games/s':>10}{'moves/s':>13}{'ratio':>9}"
    print(header)
    for size in sizes:
        g, m = go_ours(size, seconds)
        print(f"  {size}x{size:<5}{'tabletop':<11}{g:>10.1f}{m:>13,.0f}")
        if pyspiel is not None:
            pg, pm = go_openspiel(size, seconds)
            print(f"  {size}x{size:<5}{'OpenSpiel':<11}{pg:>10.1f}{pm:>13,.0f}{g / pg:>8.1f}x")
    go_call_costs()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="playouts.py go", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=seconds, default=10.0, help="time per engine and size")
    parser.add_argument("--sizes", default="9,19", help="board sizes, comma-separated")
    args = parser.parse_args(argv)
    bench_go([int(s) for s in args.sizes.split(",")], args.seconds)
