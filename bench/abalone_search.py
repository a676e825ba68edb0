"""Abalone's compiled search (ai/abalone, level 10) against today's generic alpha-beta
(ai/alphabeta.py, the old level 10): nodes a CPU second and the depth finished.

    python bench/abalone_search.py --seconds 2 --repeat 2

For an opening, a middle-game and an ending position of the standard layout each
search thinks ``--seconds`` (wall clock, both alike; the compiled one may start a
depth as late as it likes here, so the depth it finishes is all the time buys),
alternating old and new ``--repeat`` times; printed per search: nodes, CPU seconds,
nodes a CPU second (the best of the repeats: on a shared machine CPU time is the fair
measure), the depth finished and the best move, then the ratio of the rates.
"""

from __future__ import annotations

import argparse
import time

import tabletop
from abalone_reference import phases as reference_phases
from arguments import count, run_main, seconds
from tabletop.ai.abalone.agent import AbaloneSearchAgent
from tabletop.ai.agent import Agent, Budget
from tabletop.ai.searches import make_search
from tabletop.games.abalone.rules import AbaloneState


def phases() -> dict[str, AbaloneState]:
    """bench/abalone_reference.py's opening, middle-game and ending positions, its middle
    game played by the compiled search (40 plies at 3,000 nodes a move)."""
    return reference_phases(AbaloneSearchAgent(seed=1))


def measure(agent: Agent, state: AbaloneState, budget: Budget) -> tuple[int, float, int, str]:
    """Nodes, CPU seconds, depth finished and best move of one search."""
    cpu = time.process_time()
    analysis = agent.analyze(state, budget)
    cpu = time.process_time() - cpu
    return analysis.iterations, cpu, int(str(analysis.detail["depth"])), str(analysis.best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=seconds, default=2.0)
    parser.add_argument("--repeat", type=count, default=2)
    args = parser.parse_args()
    budget = Budget(seconds=args.seconds)
    game = tabletop.load_game("abalone")
    for name, state in phases().items():
        best: dict[str, tuple[float, int, float, int, str]] = {}
        for _ in range(args.repeat):
            for label in ("today", "compiled"):
                agent: Agent
                if label == "today":
                    agent = make_search("alphabeta", game, seed=1)
                else:
                    compiled = AbaloneSearchAgent(seed=1)
                    compiled.new_depth_shares = (1.0, 1.0)
                    agent = compiled
                nodes, cpu, depth, move = measure(agent, state, budget)
                rate = nodes / max(cpu, 1e-9)
                if label not in best or rate > best[label][0]:
                    best[label] = (rate, nodes, cpu, depth, move)
        for label, (rate, nodes, cpu, depth, move) in best.items():
            print(
                f"{name:<8} ply {state.ply:>3} {label:<9}: {nodes:>9,} nodes in {cpu:5.2f} s CPU"
                f" = {rate:>9,.0f} nodes/CPU s, depth {depth} finished, best {move}"
            )
        print(f"{name:<8} ratio compiled/today: {best['compiled'][0] / best['today'][0]:.1f}x")


if __name__ == "__main__":
    run_main(main)
