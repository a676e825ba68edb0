"""Quoridor strength: our level N (default 10) against OpenSpiel's MCTSBot, seats rotating.

The opponent is OpenSpiel's C++ MCTS (``pyspiel.MCTSBot``, UCT c=2,
``pyspiel.RandomRolloutEvaluator``, 5,000 simulations a move unless told
otherwise), the target of the issue: level 10 wins >= 90% over 100 games.
Both engines play the same game side by side (2 players, 10 walls, OpenSpiel's
cap of 324 plies, a draw); OpenSpiel's notation is converted to ours (docs/rules/quoridor.md §9.3).
Prints each game as it ends, then the win rate with a 95% interval and the
seconds per move of each side. Needs the peers extra (``pip install -e '.[peers]'``).

    python bench/strength_quoridor.py --games 100 [--level 10] [--simulations 5000]

Game n is the same game in every run (both engines are seeded by n), so
``--first`` splits a long run over processes: ``--first 0 --games 50`` and
``--first 50 --games 50`` side by side are the 100 games. With ``--ledger
FILE`` every game is added to a results ledger (tabletop.ai.ledger) as it
ends, and games already there with the same level entry and simulations are
counted instead of played: the run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import tabletop
from arguments import count, run_main, whole
from tabletop.ai.ledger import Ledger, task_key
from tabletop.ai.levels import agent_for_level, level_for
from tabletop.core.game import Outcome
from tabletop.games.quoridor import QuoridorState
from tabletop.games.quoridor.openspiel import from_openspiel

try:
    import pyspiel
except ImportError:  # the peers extra is not installed
    pyspiel = None

CAP = 324  # OpenSpiel's cap: 4 * 9 * 9 plies, then a draw
DIAMETER = 17  # OpenSpiel's grid of cells and grooves


def wall_names(game: Any) -> dict[int, str]:
    """Our notation of every OpenSpiel wall action (wall actions are absolute ids)."""
    state = game.new_initial_state()
    return {
        a: from_openspiel(state.action_to_string(a))
        for a in range(game.num_distinct_actions())
        if (a % DIAMETER) % 2 or (a // DIAMETER) % 2
    }


def offered(theirs: Any, walls: dict[int, str]) -> dict[str, int]:
    """OpenSpiel's legal actions by our notation."""
    return {
        walls[a] if a in walls else from_openspiel(theirs.action_to_string(a)): a
        for a in theirs.legal_actions()
    }


def wilson(wins: float, n: int) -> tuple[float, float]:
    """95% Wilson interval of a proportion (draws count half)."""
    if n == 0:
        return (0.0, 1.0)
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(level: int, simulations: int, game_number: int, times: dict[str, list[float]]) -> Outcome:
    """One game, our level at seat ``game_number % 2``; its outcome."""
    ours = tabletop.load_game("quoridor", max_plies=CAP).new_state()
    assert isinstance(ours, QuoridorState)
    og = pyspiel.load_game("quoridor", {"players": 2, "wall_count": 10})
    walls = wall_names(og)
    theirs = og.new_initial_state()
    evaluator = pyspiel.RandomRolloutEvaluator(1, game_number)
    bot = pyspiel.MCTSBot(og, evaluator, 2.0, simulations, 1_000_000, True, game_number, False)
    agent = agent_for_level(ours.game, level, seed=game_number)
    seat = game_number % 2
    while not ours.is_over() and not theirs.is_terminal():
        start = time.perf_counter()
        if ours.to_move == seat:
            move = str(agent.choose(ours))
            times["ours"].append(time.perf_counter() - start)
            action = offered(theirs, walls)[move]
        else:
            action = bot.step(theirs)
            times["openspiel"].append(time.perf_counter() - start)
            text = theirs.action_to_string(action)
            move = walls[action] if action in walls else from_openspiel(text)
        ours.play(move)
        theirs.apply_action(action)
    outcome = ours.outcome()
    assert outcome is not None
    return outcome


def description(level: int, simulations: int, game_number: int) -> dict[str, Any]:
    """What makes game ``game_number`` of a run this very game (its ledger key)."""
    game = tabletop.load_game("quoridor", max_plies=CAP)
    return {
        "bench": "strength_quoridor",
        "number": game_number,
        "level": asdict(level_for(game, level)),
        "simulations": simulations,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=100)
    parser.add_argument("--level", type=count, default=10)
    parser.add_argument("--simulations", type=count, default=5000)
    parser.add_argument("--first", type=whole, default=0, help="number of the first game")
    parser.add_argument("--ledger", help="results file to add to and resume from")
    parser.add_argument(
        "--report", action="store_true", help="count the games in --ledger, play none"
    )
    args = parser.parse_args()
    if args.report and not args.ledger:
        parser.error("--report reads --ledger FILE; give it")
    if pyspiel is None and not args.report:
        raise SystemExit("OpenSpiel is not installed: pip install -e '.[peers]'")
    ledger = Ledger(Path(args.ledger)) if args.ledger else None
    times: dict[str, list[float]] = {"ours": [], "openspiel": []}
    score = 0.0
    counted = 0
    for number in range(args.first, args.first + args.games):
        seat = number % 2
        key = task_key(description(args.level, args.simulations, number))
        found = None if ledger is None else ledger.result(key)
        if found is None and args.report:
            continue
        if found is None:
            before = len(times["ours"])
            outcome = play(args.level, args.simulations, number, times)
            if ledger is not None:
                about = {"bench": "strength_quoridor", "number": number, "level": args.level}
                ledger.append(key, about, outcome, seat, times["ours"][before:])
            where = ""
        else:
            outcome, thinking = found
            times["ours"].extend(seconds for _, seconds in thinking)
            where = " (from the ledger)"
        result = (outcome.returns[seat] + 1) / 2
        score += result
        counted += 1
        line = f"game {number + 1}: level {args.level} as seat {seat}: {result:g}{where}"
        print(line, flush=True)
    if not counted:
        print("no games recorded yet")
        return
    lo, hi = wilson(score, counted)
    print(
        f"level {args.level} vs OpenSpiel MCTSBot ({args.simulations} simulations): "
        f"{score:g}/{counted} = {score / counted:.1%} (95% interval {lo:.1%} - {hi:.1%})"
    )
    for side, spent in times.items():
        if spent:
            print(f"{side}: {sum(spent) / len(spent):.2f} s/move, max {max(spent):.2f} s")


if __name__ == "__main__":
    run_main(main)
