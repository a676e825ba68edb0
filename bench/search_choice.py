"""Which search plays a game best: alpha-beta against MCTS (both with the game's knowledge).

Each side is given as ``ab`` or ``mcts`` with optional ``:key=value,...``:
``n`` (nodes or playouts a move, else the common ``--seconds``), for ab
``noise`` (default 0.01) and ``cand=0`` (search every move), for mcts
``prior=0`` (uniform priors), ``leaf=evaluate`` (static evaluation instead
of rollouts), ``c`` and ``fpu``. Seats alternate.

    python bench/search_choice.py quoridor --games 6 --seconds 0.3 ab mcts
    python bench/search_choice.py oust --games 10 ab:n=30000 mcts:n=2000
"""

from __future__ import annotations

import argparse
import time

import tabletop
from arguments import count, run_main, seconds
from tabletop.ai import AlphaBetaAgent, Budget, MCTSAgent
from tabletop.ai.agent import Agent
from tabletop.ai.knowledge import candidates_for, evaluation_for, prior_for, rollout_for
from tabletop.ai.tournament import run_match, table
from tabletop.core.game import Game


def make(game: Game, spec: str, seed: int) -> Agent:
    """The agent a side's spec describes."""
    kind, _, rest = spec.partition(":")
    kw = dict(item.split("=", 1) for item in rest.split(",") if item)
    evaluate = evaluation_for(game)
    agent: Agent
    if kind == "ab":
        assert evaluate is not None, f"{game.name} has no evaluation"
        agent = AlphaBetaAgent(
            evaluate,
            candidates=candidates_for(game) if kw.get("cand", "1") == "1" else None,
            noise=float(kw.get("noise", 0.01)),
            seed=seed,
        )
    elif kind == "mcts":
        agent = MCTSAgent(
            rollout_for(game),
            exploration=float(kw.get("c", 1.4)),
            seed=seed,
            prior=prior_for(game) if kw.get("prior", "1") == "1" else None,
            evaluate=evaluate,
            leaf=kw.get("leaf", "rollout"),
            fpu=float(kw.get("fpu", 0.2)),
        )
    else:
        raise SystemExit(f"{spec!r}: a side is ab[:...] or mcts[:...]")
    agent.name = spec
    if "n" in kw:
        agent.budget = Budget(playouts=int(kw["n"]), seconds=10.0)
    return agent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("abalone", "oust", "quoridor"))
    parser.add_argument("sides", nargs=2, metavar="SIDE")
    parser.add_argument("--games", type=count, default=6)
    parser.add_argument("--seconds", type=seconds, default=0.3)
    parser.add_argument("--max-plies", type=count, default=300)
    args = parser.parse_args()
    game = tabletop.load_game(args.game)
    agents = [make(game, spec, seed) for seed, spec in enumerate(args.sides)]
    start = time.perf_counter()
    standings = run_match(game, agents, args.games, Budget(seconds=args.seconds), args.max_plies)
    print(table(standings))
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    run_main(main)
