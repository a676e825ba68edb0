"""Go's search and playout policy: CPU seconds per playout and per search iteration.

    python bench/go_search_cost.py [--size 9] [--iterations 3000] [--playouts 2000]
    python bench/go_search_cost.py --size 19 --learned 0.05   # the learned term off vs on
    python bench/go_search_cost.py --sgf GAME.sgf --ply 44 --low-liberty 0.9
    python bench/go_search_cost.py --size 13 --lgrf 1.0   # last good replies off vs on

CPU time (time.process_time, best of ``--rounds``), so a loaded machine
changes little. Policy playouts run from a position 10 plies in (the level-1
player's moves, seed 3), the search from the same position with a fresh tree
each round. To compare two versions of the code, run this script with each
version's ``src`` on PYTHONPATH, old and new alternating, after a warm-up run of
each (the first run compiles the kernels). The knowledge switches of go_knobs.py
(``--learned``, ``--low-liberty``, ``--lgrf``, ``--criticality``, ``--nakade``,
``--local``) instead time the playouts and the search with the switches off and as given,
rounds alternating, and print both; the playouts with last good replies on read the
reply table a 1,000-iteration search from the position learned (an empty table would
never fire). ``--sgf FILE --ply N`` starts from a recorded game's position instead (the
middle game costs more).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import tabletop
from arguments import count, run_main
from go_knobs import add_knobs, any_on, knob_params, knob_words
from tabletop.ai.go import search
from tabletop.ai.levels import agent_for_level
from tabletop.core.records import replay
from tabletop.games.go import GoState, kernels, playout
from tabletop.games.go.patterns import pattern_table
from tabletop.games.go.sgf import load_sgf


def start(size: int) -> GoState:
    """The position 10 plies in."""
    game = tabletop.load_game("go", size=size, rules="chinese", komi=7)
    walker = agent_for_level(game, 1, seed=3)
    state = game.new_state()
    for _ in range(10):
        state.play(walker.choose(state))
    assert isinstance(state, GoState)
    return state


def game_position(path: str, ply: int) -> GoState:
    """The position of the SGF game at ``path`` after its first ``ply`` moves."""
    record = load_sgf(path)
    state = record.state.game.new_state()
    replay(state, list(record.state.history)[:ply])
    assert isinstance(state, GoState)
    return state


def playouts_per_second(
    state: GoState,
    playouts: int,
    params: search.SearchParams | None = None,
    replies: np.ndarray | None = None,
) -> float:
    """Policy playouts a CPU second from ``state`` (with ``params``' rates and the last good
    replies of ``replies``, none by default)."""
    n = state.game.size
    rates = (params or search.SearchParams()).array(7.0)
    table = playout.no_replies((n + 2) ** 2) if replies is None else replies
    seq = np.empty(8 * n * n, dtype=np.int64)
    colours = np.empty(8 * n * n, dtype=np.int64)
    kernels.seed_random(1)
    began = time.process_time()
    for _ in range(playouts):
        pos = state._pos.copy()
        playout.run_playout(
            pos[0],
            pos[1:3],
            pos[3:7],
            state._zob,
            n,
            1 + int(state.to_move or 0),
            -1,
            -1,
            0,
            False,
            3 * n * n,
            pattern_table(),
            rates,
            seq,
            colours,
            0,
            table,
        )
    return playouts / (time.process_time() - began)


def iterations_per_second(
    state: GoState, iterations: int, params: search.SearchParams | None = None
) -> float:
    """Search iterations a CPU second from ``state`` with a fresh tree."""
    tree = search.GoTree(iterations * (state.game.size**2 + 1) // 2 + 10_000, params)
    tree.set_root(state)
    mask = search.root_mask(state)
    kernels.seed_random(1)
    began = time.process_time()
    tree.run(state, iterations, mask)
    return iterations / (time.process_time() - began)


def learned_replies(state: GoState, params: search.SearchParams) -> np.ndarray:
    """The reply table a 1,000-iteration search from ``state`` with ``params`` leaves (empty
    when their last-good-reply rate is 0)."""
    tree = search.GoTree(1000 * (state.game.size**2 + 1) // 2 + 10_000, params)
    tree.set_root(state)
    kernels.seed_random(2)
    tree.run(state, 1000, search.root_mask(state))
    return tree.replies


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--iterations", type=count, default=3000)
    parser.add_argument("--playouts", type=count, default=2000)
    parser.add_argument("--rounds", type=count, default=3)
    add_knobs(parser, "time off and on:")
    parser.add_argument("--sgf", help="start from this game's position (after --ply moves)")
    parser.add_argument("--ply", type=count, default=40, help="moves of --sgf played first")
    args = parser.parse_args(argv)
    state = start(args.size) if args.sgf is None else game_position(args.sgf, args.ply)
    size = state.game.size
    default = search.default_params(size)  # "off": the board's default search
    if any_on(args, size):
        variants = {"off": default, "on": knob_params(args, default)}
        tables = {name: learned_replies(state, params) for name, params in variants.items()}
        best = dict.fromkeys(variants, 0.0)
        per_playout = dict.fromkeys(variants, 0.0)
        for name, params in variants.items():
            playouts_per_second(state, 10, params, tables[name])
        for _ in range(args.rounds):
            for name, params in variants.items():
                rate = playouts_per_second(state, args.playouts, params, tables[name])
                per_playout[name] = max(per_playout[name], rate)
                rate = iterations_per_second(state, args.iterations, params)
                best[name] = max(best[name], rate)
        print(
            f"{state.game.size}x{state.game.size}: policy playouts a CPU second, off "
            f"{per_playout['off']:,.0f}, on {per_playout['on']:,.0f} "
            f"(on/off {per_playout['on'] / per_playout['off']:.3f}); search iterations a CPU "
            f"second, off {best['off']:,.0f}, on {best['on']:,.0f} "
            f"(on/off {best['on'] / best['off']:.3f}); on: {knob_words(args, size)[2:]}; best of "
            f"{args.rounds}"
        )
        return
    playouts_per_second(state, 10, default)  # compile or load the kernels
    iterations_per_second(state, 10, default)
    best_p = max(playouts_per_second(state, args.playouts, default) for _ in range(args.rounds))
    best_i = max(iterations_per_second(state, args.iterations, default) for _ in range(args.rounds))
    print(
        f"{state.game.size}x{state.game.size}: {best_p:,.0f} policy playouts a CPU second, "
        f"{best_i:,.0f} search iterations a CPU second (best of {args.rounds})"
    )


if __name__ == "__main__":
    run_main(main)
