"""How long a game review takes at the default setting, and what search that buys.

    python bench/review.py [--level N] [--big] [--only go abalone ...]

The issue's games: a 60-move 9x9 Go game, a 100-ply Abalone game, a 60-ply
Quoridor game and an 80-placement Oust game (with ``--big`` also a 250-move
19x19 Go game), each played by level-3 players from a fixed seed (a game that
ends sooner is reviewed as far as it went), then reviewed at ``--level``
(default: the review's own, review/analyst.py). Prints per game the moves, the
seconds, the positions searched (the game's and those after a better move), the
mean iterations or nodes and alpha-beta's mean depth. Run it with a core to
itself (``taskset -c 1``); on a shared machine the CPU seconds are the figure to
read (the search is single-threaded). The figures go in docs/review.md.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import tabletop
from arguments import count, run_main
from tabletop.ai.levels import agent_for_level
from tabletop.core.game import State
from tabletop.review import review_game
from tabletop.review.analyst import DEFAULT_LEVEL, analyst_for

#: (name, game, options, plies) of each game reviewed.
GAMES: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("go 9x9", "go", {"size": 9}, 60),
    ("abalone", "abalone", {}, 100),
    ("quoridor", "quoridor", {}, 60),
    ("oust", "oust", {}, 80),
)
BIG = ("go 19x19", "go", {"size": 19}, 250)

#: The level of the players whose games are reviewed.
PLAYERS_LEVEL = 3


def played(game_name: str, options: dict[str, Any], plies: int, seed: int) -> State:
    """A game between level-3 players, stopped after ``plies`` moves if still going."""
    game = tabletop.load_game(game_name, **options)
    players = [agent_for_level(game, PLAYERS_LEVEL, seed + s) for s in range(game.num_players)]
    state = game.new_state()
    while not state.is_over() and state.ply < plies:
        seat = state.to_move
        assert seat is not None
        state.play(players[seat].choose(state))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=count, default=DEFAULT_LEVEL)
    parser.add_argument("--big", action="store_true", help="also a 250-move 19x19 Go game")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="games whose name starts so")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    games = [*GAMES, BIG] if args.big else list(GAMES)
    if args.only:
        games = [g for g in games if any(g[0].startswith(o) for o in args.only)]
    print(f"review at level {args.level}")
    for name, game_name, options, plies in games:
        state = played(game_name, options, plies, args.seed)
        warm = analyst_for(state.game, 1)  # loads the compiled kernels before the clock runs
        warm.agent.analyze(state.game.new_state(), warm.budget)
        analyst = analyst_for(state.game, args.level)
        start, cpu_start = time.perf_counter(), time.process_time()
        review = review_game(state, analyst)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        work = review.document["analysis"]
        depth = f", mean depth {work['depth']}" if "depth" in work else ""
        print(
            f"{name:<9} {state.ply:>3} moves: {seconds:6.1f} s ({cpu:.1f} s of CPU), "
            f"{work['positions']} positions, "
            f"{analyst.search} {work['iterations']:,} a position{depth}",
            flush=True,
        )


if __name__ == "__main__":
    run_main(main)
