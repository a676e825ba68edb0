"""Abalone: is the search or the evaluation to blame? Play the compiled search and the
reference alpha-beta with their evaluations swapped.

Level 10's compiled search (ai/abalone) searches more nodes a second than the
reference (bench/abalone_ref) yet lost nearly every game to it. Each engine is loaded
a second time here with the other's evaluation compiled in (a copy of its search
module whose ``evaluate`` is replaced before the first call compiles it), so a match
separates the two causes:

* ``ours+ref`` against ``ref``: the same evaluation; if our search loses at equal
  nodes, the search is broken;
* ``ours`` against ``ours+ref`` (or ``ref+ours`` against ``ref``): the same search;
  whoever loses has the worse evaluation.

Players: ``ours`` (today's weights), ``ours-published`` (level 10's: the reference's
terms and weights, decision 0170), ``ours-pressing`` (those and the pressure term,
decision 0176; ``ours-pressing@0.5`` weighs the pressure 0.5 raw points a unit instead
of the set's own), ``ours-fitted`` (fitted.json), ``ours-reflike`` (our
mean terms weighted as the reference weights its like ones: decision 0156's published
weights), ``ours+ref``, ``ref``, ``ref+ours``. Both sides get the same ``--nodes`` a
move (load-independent; both engines count every quiescence node) or ``--seconds``;
colours alternate; a game still going at ``--max-plies`` is adjudicated by marbles
pushed off. Each game is appended to ``--ledger`` as it ends and a rerun resumes. The
summary gives the first player's score with a 95% interval, how often the cap was
reached and in how many games a board was recreated more than twice.

    python bench/abalone_swap.py ours+ref ref --games 10 --nodes 60000 --ledger /tmp/s.jsonl
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from numba import njit
from numba.core.registry import CPUDispatcher as Dispatcher

import fresh_kernels  # noqa: F401  (stale cached kernels forgotten first: decision 0192)
import tabletop
from abalone_ref import evaluation as ref_evaluation
from arguments import count, run_main, seconds, whole
from strength_abalone import play
from tabletop.ai.abalone import agent as our_agent
from tabletop.ai.abalone import evaluation as our_evaluation
from tabletop.ai.abalone import search as our_search
from tabletop.ai.agent import Agent, Budget
from tabletop.ai.ledger import Ledger, task_key

PLAYERS = (
    "ours",
    "ours-published",
    "ours-pressing",
    "ours-fitted",
    "ours-reflike",
    "ours+ref",
    "ref",
    "ref+ours",
)
#: The 2-player colour-to-team map every layout shares (colour c is team c - 1).
TEAM = np.array([0, 0, 1], dtype=np.int64)
REF_WEIGHTS = ref_evaluation.WEIGHTS.copy()
ZERO = np.int64(0)
OUR_WEIGHTS = our_agent.search_weights()
#: Our raw points per reference point: a marble is 6 of ours, MARBLE of the reference's.
RAW_PER_POINT = our_agent.search_weights()[our_evaluation.F_EJECTED] / ref_evaluation.MARBLE


@njit(cache=False)
def reference_as_ours(
    board: np.ndarray, mover: int, ejected_mover: int, ejected_other: int,
    w: np.ndarray, key: np.int64, salt: np.int64,
) -> float:  # fmt: skip
    """The reference's evaluation with our evaluate's signature, in our raw points."""
    lost = np.empty(2, dtype=np.int64)
    lost[0] = ejected_other  # the mover lost what the other pushed off
    lost[1] = ejected_mover
    return float(ref_evaluation.evaluate(board, mover, TEAM, lost, REF_WEIGHTS) * RAW_PER_POINT)


@njit(cache=False)
def ours_as_reference(
    board: np.ndarray, mover: int, team: np.ndarray, lost: np.ndarray, w: np.ndarray
) -> int:
    """Our evaluation (today's weights) with the reference's signature, in its points."""
    raw = our_evaluation.evaluate(board, mover, lost[1], lost[0], OUR_WEIGHTS, ZERO, ZERO)
    return int(raw / RAW_PER_POINT)


def reference_like() -> np.ndarray:
    """Our evaluation's terms weighted as the reference weights its like terms (its sums
    over ~14 marbles where ours are means; its reference point is the plain centre
    here), in our raw points."""
    w = np.zeros(our_evaluation.WEIGHTS)
    marbles = 14 * RAW_PER_POINT
    w[our_evaluation.F_EJECTED] = ref_evaluation.MARBLE * RAW_PER_POINT
    w[our_evaluation.F_CENTRE] = -REF_WEIGHTS[ref_evaluation.W_CENTRE] * marbles
    w[our_evaluation.F_COHESION] = REF_WEIGHTS[ref_evaluation.W_COHESION] * marbles
    w[our_evaluation.F_EDGE] = -REF_WEIGHTS[ref_evaluation.W_EDGE] * RAW_PER_POINT
    w[our_evaluation.F_PUSHES] = REF_WEIGHTS[ref_evaluation.W_PUSH] * RAW_PER_POINT
    to_move, waiting = ref_evaluation.W_THREAT_TO_MOVE, ref_evaluation.W_THREAT_WAITING
    w[our_evaluation.F_THREAT_TO_MOVE] = REF_WEIGHTS[to_move] * RAW_PER_POINT
    w[our_evaluation.F_THREAT_WAITING] = REF_WEIGHTS[waiting] * RAW_PER_POINT
    return w


def _copy(original: ModuleType, name: str, **patches: Any) -> ModuleType:
    """A fresh copy of module ``original`` under ``name`` with ``patches`` set before
    anything calls (and so compiles) its kernels.

    Only the uncached kernels (the recursive ones, which call ``evaluate``) are compiled
    anew; every cached one is the original's again, as a copy compiled under another
    module name would be written to the source's numba cache and break its next load.
    """
    spec = importlib.util.spec_from_file_location(name, original.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    for key, value in vars(module).items():
        cache = getattr(value, "_cache", None)
        if isinstance(value, Dispatcher) and type(cache).__name__ != "NullCache":
            setattr(module, key, getattr(original, key))
    for key, value in patches.items():
        setattr(module, key, value)
    return module


def random_opening(layout: str, plies: int, seed: int) -> list[int]:
    """``plies`` random first moves (the same for both colour orders of a seed pair), so
    that games of two deterministic players differ."""
    state = tabletop.load_game("abalone", layout=layout).new_state()
    rng = random.Random(seed // 2)
    actions = []
    for _ in range(plies):
        action = rng.choice(state.legal_actions().tolist())
        state.play(action)
        actions.append(action)
    return actions


#: A player name's prefix that sets the pressure term's weight: ``ours-pressing@0.5``.
PRESSING_AT = "ours-pressing@"


def player(name: str) -> str:
    """A command-line player name: one of PLAYERS, or ``ours-pressing@W`` with W a
    number (the pressure term's weight in raw points a unit)."""
    if name in PLAYERS:
        return name
    if name.startswith(PRESSING_AT):
        try:
            weight = float(name[len(PRESSING_AT) :])
        except ValueError:
            weight = float("nan")
        if np.isfinite(weight):
            return name
        raise argparse.ArgumentTypeError(f"{name!r}: the weight after '@' must be a number")
    raise argparse.ArgumentTypeError(
        f"{name!r}: one of {', '.join(PLAYERS)}, or {PRESSING_AT}W with W a number"
    )


def make_player(name: str, seed: int) -> Agent:
    """The player called ``name`` (PLAYERS)."""
    if name == "ours":
        return our_agent.AbaloneSearchAgent(seed=seed, weights="today")
    if name == "ours-published":
        return our_agent.AbaloneSearchAgent(seed=seed, weights="published")
    if name == "ours-pressing":
        return our_agent.AbaloneSearchAgent(seed=seed, weights="pressing")
    if name.startswith(PRESSING_AT):
        player = our_agent.AbaloneSearchAgent(seed=seed, weights="pressing")
        player.weights[our_evaluation.F_PRESSURE] = float(name[len(PRESSING_AT) :])
        return player
    if name == "ours-fitted":
        return our_agent.AbaloneSearchAgent(seed=seed, weights="fitted")
    if name == "ours-reflike":
        player = our_agent.AbaloneSearchAgent(seed=seed)
        player.weights = reference_like()
        return player
    if name == "ref":
        from abalone_reference import ReferenceAgent

        return ReferenceAgent()
    if name == "ours+ref":
        if "swap_search" not in sys.modules:
            searched = _copy(our_search, "swap_search", evaluate=reference_as_ours)
            _copy(our_agent, "swap_agent", search=searched)
        agent: Agent = sys.modules["swap_agent"].AbaloneSearchAgent(seed=seed)
        return agent
    if name == "ref+ours":
        if "swap_ref_search" not in sys.modules:
            import abalone_reference
            from abalone_ref import search as ref_search

            searched = _copy(ref_search, "swap_ref_search", evaluate=ours_as_reference)
            _copy(abalone_reference, "swap_reference", search=searched)
        agent = sys.modules["swap_reference"].ReferenceAgent()
        return agent
    raise SystemExit(f"unknown player {name!r}: one of {', '.join(PLAYERS)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first_player", type=player)
    parser.add_argument("second_player", type=player)
    parser.add_argument("--games", type=count, default=10)
    parser.add_argument("--first", type=whole, default=0, help="number of the first game")
    parser.add_argument("--nodes", type=count, help="nodes a move for both sides")
    parser.add_argument("--seconds", type=seconds, help="seconds a move for both sides")
    parser.add_argument("--layout", default="standard")
    parser.add_argument("--max-plies", type=count, default=300)
    parser.add_argument(
        "--random-plies", type=whole, default=2, help="random first moves (seeded by the game)"
    )
    parser.add_argument("--ledger", help="results file to add to and resume from")
    args = parser.parse_args()
    if (args.nodes is None) == (args.seconds is None):
        parser.error("give one of --nodes and --seconds")
    budget = Budget(playouts=args.nodes) if args.nodes else Budget(seconds=args.seconds)
    ledger = Ledger(Path(args.ledger)) if args.ledger else None
    tabletop.load_game("abalone", layout=args.layout)
    results: list[float] = []
    capped = recreated = 0
    for number in range(args.first, args.first + args.games):
        seat = number % 2  # the first player's seat
        about = {
            "bench": "abalone_swap",
            "number": number,
            "players": [args.first_player, args.second_player],
            "nodes": args.nodes,
            "seconds": args.seconds,
            "layout": args.layout,
            "max_plies": args.max_plies,
            "random_plies": args.random_plies,
        }
        key = task_key(about)
        found = None if ledger is None else ledger.result(key)
        if found is not None and ledger is not None:
            outcome = found[0]
            entry = ledger.entry(key) or {}
            capped += bool(entry.get("capped"))
            recreated += int(entry.get("most_recreated", 0)) > 2
            note = " (from the ledger)"
        else:
            ours = make_player(args.first_player, number)
            theirs = make_player(args.second_player, number)
            ours.budget = theirs.budget = budget
            opening = random_opening(args.layout, args.random_plies, number)
            game = play(ours, theirs, args.layout, seat, args.max_plies, opening)
            outcome = game.outcome
            if ledger is not None:
                extra = {
                    **about,
                    "plies": game.plies,
                    "capped": game.capped,
                    "repeats": game.repeats,
                    "most_recreated": game.most,
                }
                ledger.append(key, extra, outcome, seat, game.ours)
            capped += game.capped
            recreated += game.most > 2
            note = (
                f" ({game.plies} plies{', capped' if game.capped else ''}, a board "
                f"recreated at most {game.most} times)"
            )
        result = (outcome.returns[seat] + 1) / 2
        results.append(result)
        print(
            f"game {number + 1}: {args.first_player} as {'Black' if seat == 0 else 'White'}: "
            f"{result:g}, pushed off {outcome.detail.get('ejected')}{note}",
            flush=True,
        )
    print(summary(args.first_player, args.second_player, results, capped, recreated))


def summary(first: str, second: str, results: list[float], capped: int, recreated: int) -> str:
    """The match in one line: the first player's score with a 95% Wilson interval (a draw
    counts half a win), how many games the cap stopped and in how many a board was
    recreated more than twice."""
    n = len(results)
    score = sum(results)
    p = score / n
    z2 = 1.96**2
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = (z2 * (p * (1 - p) / n + z2 / (4 * n * n))) ** 0.5 / (1 + z2 / n)
    return (
        f"{first} vs {second}: {score:g} of {n} ({p:.0%}, 95% interval "
        f"{centre - half:.0%}-{centre + half:.0%}); cap reached {capped} times; a board "
        f"recreated more than twice in {recreated} games"
    )


if __name__ == "__main__":
    run_main(main)
