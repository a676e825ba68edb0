"""Oust: kernel playouts on square 9x9 and hex side 7, beside OpenSpiel's Go 9x9 in the same run.

There is no Python peer for Oust, so the target is set against the nearest
one: our random placements per second must at least match the moves per
second of OpenSpiel's ``go`` 9x9 driven from Python with uniformly random
legal actions (go_playouts.go_openspiel, the same driver as the Go
benchmark). Our playouts are uniform over the legal moves too (pass only
when forced), from the empty board to the end of the game. Then the
per-call cost of legal_actions() and play() from Python on a mid-game state.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import tabletop
from arguments import seconds
from go_playouts import go_openspiel
from tabletop.games.oust import OustGame, OustState, kernels
from timing import per_call, play_cost

try:
    import pyspiel
except ImportError:  # the peers extra is not installed
    pyspiel = None

BOARDS: dict[str, dict[str, Any]] = {
    "9x9": {"board": "square", "size": 9},
    "hex7": {"board": "hex", "side": 7},
}


def _game(options: dict[str, Any]) -> OustGame:
    game = tabletop.load_game("oust", **options)
    assert isinstance(game, OustGame)
    return game


def oust_ours(options: dict[str, Any], seconds: float) -> tuple[float, float, float]:
    """Games/s, placements/s and mean plies per game of our kernel playouts."""
    game = _game(options)
    cells = game.num_cells
    pos0 = kernels.new_position(cells)
    scratch = kernels.new_scratch(cells)
    kernels.seed_random(12345)
    kernels.random_playout(pos0.copy(), game.neighbours, scratch, game.flags, 0)  # compile
    games = placements = plies = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        placed, played, _, _ = kernels.random_playout(
            pos0.copy(), game.neighbours, scratch, game.flags, 0
        )
        games += 1
        placements += placed
        plies += played
    return games / elapsed, placements / elapsed, plies / games


def mid_game(options: dict[str, Any], plies: int, timed: int) -> tuple[OustState, list[int]]:
    """A state after ``plies`` random moves and the next ``timed`` moves of the same game."""
    game = _game(options)
    for seed in range(1000):
        rng = random.Random(seed)
        state = game.new_state()
        line: list[int] = []
        while not state.is_over() and len(line) < plies + timed:
            action = rng.choice(state.legal_actions().tolist())
            state.play(action)
            line.append(action)
        if len(line) == plies + timed and not state.is_over():
            start = game.new_state()
            for action in line[:plies]:
                start.play(action)
            return start, line[plies:]
    raise RuntimeError("no random game lasted long enough")


def call_costs(label: str, options: dict[str, Any], plies: int = 40, timed: int = 20) -> None:
    state, nxt = mid_game(options, plies, timed)
    black, white = state.stone_counts
    legal = per_call(state.legal_actions, 2000)
    play = play_cost(state.copy, nxt, lambda s, a: s.play(a))
    undo_state = state.copy()
    undo_state.play(nxt[0])

    def play_undo() -> None:
        undo_state.undo()
        undo_state.play(nxt[0])

    both = per_call(play_undo, 2000)
    print(
        f"  {label:<6}{legal * 1e6:>12.2f} us{play * 1e6:>10.2f} us{both * 1e6:>14.2f} us"
        f"   (after {plies} moves: {black}+{white} stones, "
        f"{len(state.legal_actions())} legal)"
    )


def bench_oust(boards: list[str], seconds: float) -> None:
    print("Oust random playouts (uniform over legal moves, empty board to the end of the game)")
    print(f"  {'board':<7}{'engine':<20}{'games/s':>10}{'placements/s':>15}{'plies/game':>12}")
    ours = {}
    for label in boards:
        g, p, length = oust_ours(BOARDS[label], seconds)
        ours[label] = p
        print(f"  {label:<7}{'tabletop':<20}{g:>10.1f}{p:>15,.0f}{length:>12.1f}")
    if pyspiel is None:
        print("  OpenSpiel is not installed (pip install -e '.[peers]'): no ratio")
    else:
        pg, pm = go_openspiel(9, seconds)
        print(f"  {'9x9':<7}{'OpenSpiel go':<20}{pg:>10.1f}{pm:>15,.0f}  (moves/s)")
        print("Ratio, our placements/s over OpenSpiel Go 9x9 moves/s (target: at least 1x):")
        for label, p in ours.items():
            print(f"  {label:<7}{p / pm:>8.1f}x")
    print("\nPer call from Python on a mid-game state (play() is the mean over the next 20")
    print("moves of one line; play+undo repeats one move):")
    print(f"  {'board':<6}{'legal_actions()':>15}{'play()':>13}{'play()+undo()':>17}")
    for label in boards:
        call_costs(label, BOARDS[label])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="playouts.py oust", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=seconds, default=10.0, help="time per engine and board")
    parser.add_argument(
        "--boards", default="9x9,hex7", help=f"boards, comma-separated: {', '.join(BOARDS)}"
    )
    args = parser.parse_args(argv)
    bench_oust(args.boards.split(","), args.seconds)
