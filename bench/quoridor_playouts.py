"""Quoridor: kernel playouts and per-call costs, beside OpenSpiel's ``quoridor`` in the same run.

Uniformly random legal actions from the start, until a pawn wins or 324
plies (OpenSpiel's cap, 4 * 9 * 9). Two players with 10 walls each; four
players with 5 each and no side step around a second pawn (OpenSpiel's
rules, so both engines play the same game). OpenSpiel (``pip install -e
'.[peers]'``) is driven from Python the same way and the ratio printed.
Then the per-call cost of legal_actions() and play() from Python on a
mid-game state, where walls are still in hand (the expensive case).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

import tabletop
from arguments import seconds
from tabletop.games.quoridor import QuoridorState, kernels
from tabletop.games.quoridor.notation import MOVES_BY_ACTION
from tabletop.games.quoridor.openspiel import from_openspiel
from timing import per_call, play_cost, print_costs

try:
    import pyspiel
except ImportError:  # the peers extra is not installed
    pyspiel = None

CAP = 324
WALLS = {2: 10, 4: 5}


def openspiel_game(players: int) -> Any:
    """OpenSpiel's quoridor with the official wall count."""
    return pyspiel.load_game("quoridor", {"players": players, "wall_count": WALLS[players]})


def quoridor_ours(players: int, seconds: float) -> tuple[float, float]:
    """Games/s and moves/s of our kernel playouts."""
    pos0 = kernels.new_position(players, WALLS[players])
    trail = np.zeros((CAP, kernels.TRAIL_WIDTH), dtype=np.int64)
    kernels.seed_random(12345)
    kernels.random_playout(pos0.copy(), trail, False, CAP)  # compile or load the cache
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        plies, _ = kernels.random_playout(pos0.copy(), trail, False, CAP)
        games += 1
        moves += plies
    return games / elapsed, moves / elapsed


def quoridor_openspiel(players: int, seconds: float) -> tuple[float, float]:
    """Games/s and moves/s of OpenSpiel's quoridor driven from Python.

    With four players OpenSpiel's forced pass is broken (decision record
    0012): it may fail a check; such a game simply ends there.
    """
    game = openspiel_game(players)
    rng = random.Random(12345)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = game.new_initial_state()
        try:
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        except pyspiel.SpielError:
            pass
        games += 1
    return games / elapsed, moves / elapsed


def mid_game(players: int, plies: int, seed: int = 7) -> tuple[QuoridorState, list[int]]:
    """A random line of play of ``plies`` moves from the start, and the state at its end."""
    rng = random.Random(seed)
    state = tabletop.load_game(
        "quoridor", players=players, walls=WALLS[players], side_step_around_pawns=False
    ).new_state()
    assert isinstance(state, QuoridorState)
    line = []
    for _ in range(plies):
        action = rng.choice(state.legal_actions().tolist())
        state.play(action)
        line.append(action)
    return state, line


def openspiel_line(players: int, line: list[int]) -> tuple[Any, list[int]]:
    """OpenSpiel's state after replaying our ``line``, and the line in its action ids."""
    state = openspiel_game(players).new_initial_state()
    ids = []
    for action in line:
        wanted = str(MOVES_BY_ACTION[action])
        named = {from_openspiel(state.action_to_string(a)): a for a in state.legal_actions()}
        ids.append(named[wanted])
        state.apply_action(named[wanted])
    return state, ids


def call_costs(players: int, plies: int = 12, timed: int = 16) -> None:
    """Per-call costs of legal_actions() and play() from Python, ours beside OpenSpiel's."""
    _, line = mid_game(players, plies + timed)
    ours, _ = mid_game(players, plies)
    nxt = line[plies:]
    rows = [
        ("legal_actions()", per_call(ours.legal_actions, 2000)),
        ("play()", play_cost(ours.copy, nxt, lambda s, a: s.play(a))),
    ]
    peer: dict[str, float] = {}
    if pyspiel is not None:
        theirs, _ = openspiel_line(players, line[:plies])
        _, next_ids = openspiel_line(players, line)
        assert len(theirs.legal_actions()) == len(set(ours.legal_actions().tolist()))
        peer["legal_actions()"] = per_call(theirs.legal_actions, 2000)
        peer["play()"] = play_cost(theirs.clone, next_ids[plies:], lambda s, a: s.apply_action(a))
    print(
        f"\nPer call from Python, {players} players after {plies} random plies ({len(ours.walls())}"
    )
    print(f"walls down; play() is the mean over the next {timed} moves of one line):")
    print_costs(rows, peer, "ours / theirs")


def bench_quoridor(counts: list[int], seconds: float) -> None:
    print(f"Quoridor random playouts (uniform over legal actions, cap {CAP} plies)")
    if pyspiel is None:
        print("  OpenSpiel is not installed (pip install -e '.[peers]'): no ratio")
    print(f"  {'players':<9}{'engine':<11}{'games/s':>10}{'moves/s':>13}{'ratio':>9}")
    for players in counts:
        g, m = quoridor_ours(players, seconds)
        print(f"  {players:<9}{'tabletop':<11}{g:>10.1f}{m:>13,.0f}")
        if pyspiel is not None:
            pg, pm = quoridor_openspiel(players, seconds)
            print(f"  {players:<9}{'OpenSpiel':<11}{pg:>10.1f}{pm:>13,.0f}{g / pg:>8.1f}x")
    for players in counts:
        call_costs(players)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="playouts.py quoridor", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seconds", type=seconds, default=10.0, help="time per engine and count")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    args = parser.parse_args(argv)
    bench_quoridor([int(p) for p in args.players.split(",")], args.seconds)
