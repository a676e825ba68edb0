"""Abalone: kernel playouts per layout and player count, beside abalone-boai in the same run.

Uniformly random legal moves from the start position until a side has
ejected six or 1,000 plies. abalone-boai (``pip install -e '.[peers]'``) is
driven the same way, from Python, on its 2-player layouts, and the ratio of
moves per second printed (target: at least 2,000x). Then the per-call cost
of legal move generation from Python on a mid-game position (target: under
50 us).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import tabletop
from arguments import seconds
from tabletop.games.abalone import AbaloneState, kernels
from timing import per_call

try:
    from abalone import enums as boai_enums
    from abalone import game as boai_game
except ImportError:  # the peers extra is not installed
    boai_game = None

CAP = 1000
CONFIGS = [
    (2, "standard"),
    (2, "belgian-daisy"),
    (2, "german-daisy"),
    (3, "standard"),
    (4, "standard"),
]
BOAI_LAYOUTS = {
    "standard": "DEFAULT",
    "belgian-daisy": "BELGIAN_DAISY",
    "german-daisy": "GERMAN_DAISY",
}


def ours(players: int, layout: str, seconds: float) -> tuple[float, float]:
    """Games/s and moves/s of kernel playouts."""
    state = tabletop.load_game("abalone", players=players, layout=layout).new_state()
    assert isinstance(state, AbaloneState)
    board0 = state._board.copy()
    team = state.game.team_of_colour
    policy = state.game.policy
    kernels.seed_random(2024)
    kernels.random_playout(board0.copy(), 0, players, team, policy, np.zeros(4, np.int64), CAP)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        plies, _ = kernels.random_playout(
            board0.copy(), 0, players, team, policy, np.zeros(4, np.int64), CAP
        )
        games += 1
        moves += plies
    return games / elapsed, moves / elapsed


def boai(layout: str, seconds: float) -> float:
    """Moves/s of abalone-boai playing random moves from Python."""
    rng = random.Random(2024)
    position = getattr(boai_enums.InitialPosition, BOAI_LAYOUTS[layout])
    moves = 0
    start = time.perf_counter()
    game = boai_game.Game(position)
    while (elapsed := time.perf_counter() - start) < seconds:
        black, white = game.get_score()
        if min(black, white) <= 8 or moves % CAP == CAP - 1:
            game = boai_game.Game(position)
        marbles, direction = rng.choice(list(game.generate_legal_moves()))
        game.move(marbles, direction)
        game.switch_player()
        moves += 1
    return moves / elapsed


def mid_game(plies: int = 60, seed: int = 5) -> AbaloneState:
    rng = random.Random(seed)
    state = tabletop.load_game("abalone").new_state()
    assert isinstance(state, AbaloneState)
    for _ in range(plies):
        state.play(rng.choice(state.legal_actions().tolist()))
    return state


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="playouts.py abalone", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seconds", type=seconds, default=10.0, help="time per engine and layout")
    args = parser.parse_args(argv)
    print(f"Abalone random playouts (uniform over legal moves, cap {CAP} plies)")
    if boai_game is None:
        print("  abalone-boai is not installed (pip install -e '.[peers]'): no ratio")
    print(f"  {'layout':<22}{'games/s':>10}{'moves/s':>13}{'boai moves/s':>15}{'ratio':>10}")
    for players, layout in CONFIGS:
        g, m = ours(players, layout, args.seconds)
        label = f"{players}p {layout}"
        line = f"  {label:<22}{g:>10.1f}{m:>13,.0f}"
        if boai_game is not None and players == 2:
            b = boai(layout, args.seconds)
            line += f"{b:>15,.1f}{m / b:>9,.0f}x"
        print(line)
    state = mid_game()
    n = len(state.legal_actions())
    cost = per_call(state.legal_actions, 2000)
    moves_cost = per_call(state.legal_moves, 500)
    print(f"\nLegal move generation from Python, mid-game 2-player position ({n} moves):")
    print(f"  legal_actions()  {cost * 1e6:8.2f} us   (target: under 50 us)")
    print(f"  legal_moves()    {moves_cost * 1e6:8.2f} us")
