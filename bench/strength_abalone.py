"""Abalone strength: our level 10 (or any level or agent) against the reference alpha-beta.

The reference (bench/abalone_reference.py, decision 0095) is an alpha-beta program
written from the published Abalone programs' descriptions. Issue 15's targets: level 10
wins at least 80% of 40 games on the standard layout and 70% of 20 on Belgian daisy.

* colours alternate: game n has our side at seat n % 2 (Black moves first);
* the reference thinks ``--seconds`` a move (default 2); our level keeps its own
  budget (level 10: the compiled search, bounded by its 2.8 s cap), and both sides'
  mean seconds a move are printed so the time each took is in the open;
* a game still going at ``--max-plies`` (default 300) is adjudicated by marbles
  pushed off (more wins, equal draws); how often that happened is printed, with the
  boards that stood again (a position seen before, counted each time it returns);
* with ``--ledger FILE`` each game is added to a results ledger as it ends
  (tabletop.ai.ledger) and games already there under the same settings are counted,
  not replayed: a stopped run resumes. ``--first N`` starts at game N, so two
  processes can split a run; ``--report`` prints the ledger's games and plays none.

    python bench/strength_abalone.py --games 40 --ledger docs/ladder/abalone-reference.jsonl
    python bench/strength_abalone.py --layout belgian-daisy --games 20 --agent ai:9
    # against the level 10 of before the compiled search:
    python bench/strength_abalone.py --opponent alphabeta:playouts=200000,seconds=2.8
    # level 10 against itself (does a board stand more than twice?):
    python bench/strength_abalone.py --opponent ai:10 --games 10
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import tabletop
from abalone_ref.evaluation import WEIGHTS
from abalone_reference import ReferenceAgent
from arguments import count, run_main, seconds, whole
from tabletop.ai.abalone.agent import LEVEL_WEIGHTS
from tabletop.ai.agent import Agent
from tabletop.ai.ledger import Ledger, task_key
from tabletop.ai.levels import level_for
from tabletop.ai.specs import make_agent
from tabletop.core.game import Outcome
from tabletop.games.abalone import layouts
from tabletop.games.abalone.rules import AbaloneState

BENCH = "strength_abalone"


@dataclass
class Played:
    """One game's result and what the summary counts about it."""

    outcome: Outcome
    seat: int  # our seat
    plies: int
    capped: bool
    repeats: int
    ours: list[float] = field(default_factory=list)  # seconds a move
    reference: list[float] = field(default_factory=list)
    most: int = 0  # the most times one board was recreated (stood again)

    @property
    def score(self) -> float:
        """Our result: 1 a win, 0.5 a draw, 0 a loss."""
        return (self.outcome.returns[self.seat] + 1) / 2


def adjudicated(state: AbaloneState, max_plies: int) -> Outcome:
    """The outcome of a game stopped at the cap: more marbles pushed off wins."""
    ejected = state.ejected
    detail = {"ejected": list(ejected), "plies": state.ply, "adjudicated": max_plies}
    if ejected[0] == ejected[1]:
        return Outcome((0.0, 0.0), (), "max-plies", detail)
    winner = 0 if ejected[0] > ejected[1] else 1
    returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
    return Outcome(returns, (winner,), "max-plies", detail)


def play(
    ours: Agent,
    reference: Agent,
    layout: str,
    seat: int,
    max_plies: int,
    opening: Sequence[int] = (),
) -> Played:
    """One game, ``ours`` at ``seat``, the reference at the other, after the ``opening``
    actions (none here; bench/abalone_swap.py varies its games so)."""
    state = tabletop.load_game("abalone", layout=layout).new_state()
    assert isinstance(state, AbaloneState)
    for action in opening:
        state.play(action)
    seen: Counter[int] = Counter([state.zobrist])
    played = Played(Outcome((0.0, 0.0), (), "max-plies"), seat, 0, False, 0)
    while not state.is_over() and state.ply < max_plies:
        mover = ours if state.to_move == seat else reference
        started = time.perf_counter()
        move = mover.choose(state, mover.budget)
        spent = time.perf_counter() - started
        (played.ours if mover is ours else played.reference).append(spent)
        state.play(move)
        seen[state.zobrist] += 1
        mover.observe(state)
    played.plies = state.ply
    played.repeats = sum(n - 1 for n in seen.values())
    played.most = max(seen.values()) - 1
    outcome = state.outcome()
    if outcome is None:
        played.capped = True
        outcome = adjudicated(state, max_plies)
    played.outcome = outcome
    return played


def ours_description(spec: str) -> Any:
    """What makes our side this very player: a level's table entry, or the agent spec."""
    if spec.startswith("ai:"):
        level = asdict(level_for(tabletop.load_game("abalone"), int(spec[3:])))
        if level["search"] == "abalone" and LEVEL_WEIGHTS != "published":
            # Its evaluation's weights are not in the table entry (decision 0182):
            # games of another weight set must not be counted as this level's. The
            # ledgers before had "published", unnamed: their keys stay as they were.
            level["weights"] = LEVEL_WEIGHTS
        return level
    return spec


def description(spec: str, args: argparse.Namespace, number: int) -> dict[str, Any]:
    """Everything that makes game ``number`` this very game (its ledger key)."""
    about = {
        "bench": BENCH,
        "number": number,
        "layout": args.layout,
        "ours": ours_description(spec),
        "reference": {"seconds": args.seconds, "weights": WEIGHTS.tolist()},
        "max_plies": args.max_plies,
    }
    if args.opponent:
        about["reference"] = {"spec": args.opponent}
    return about


def from_ledger(entry: dict[str, Any], outcome: Outcome, seat: int) -> Played:
    """A recorded game as the summary counts it."""
    return Played(
        outcome,
        seat,
        int(entry.get("plies", 0)),
        bool(entry.get("capped", False)),
        int(entry.get("repeats", 0)),
        [float(s) for s in entry.get("seconds", ())],
        [float(s) for s in entry.get("reference_seconds", ())],
        # Older entries lack "most": their total of repeats bounds it from above.
        int(entry.get("most", entry.get("repeats", 0))),
    )


def summary(spec: str, args: argparse.Namespace, games: list[Played]) -> str:
    """The one-line result: wins, losses, draws, caps, repetitions, seconds a move."""
    wins = sum(g.score == 1 for g in games)
    draws = sum(g.score == 0.5 for g in games)
    losses = len(games) - wins - draws
    score = sum(g.score for g in games) / len(games)
    capped = sum(g.capped for g in games)
    repeats = [g.repeats for g in games]
    most = max(g.most for g in games)
    ours = [s for g in games for s in g.ours]
    theirs = [s for g in games for s in g.reference]

    def mean(xs: list[float]) -> str:
        return f"{sum(xs) / len(xs):.2f}" if xs else "-"

    against = args.opponent or f"reference ({args.seconds:g} s)"
    return (
        f"{spec} vs {against}, {args.layout}: {wins} wins, {losses} "
        f"losses, {draws} draws of {len(games)} (score {score:.1%}); cap of "
        f"{args.max_plies} plies reached {capped} times; boards repeated {sum(repeats)} "
        f"times (most in a game {max(repeats)}; the most one board stood again {most}); "
        f"s/move ours {mean(ours)}, reference {mean(theirs)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=40)
    parser.add_argument("--first", type=whole, default=0, help="number of the first game")
    parser.add_argument("--layout", choices=layouts.LAYOUTS_2P, default="standard")
    parser.add_argument("--level", type=count, default=10, help="our level (default 10)")
    parser.add_argument("--agent", help="our side as an agent spec (ai:N, alphabeta:...)")
    parser.add_argument("--seconds", type=seconds, default=2.0, help="the reference's s/move")
    parser.add_argument(
        "--opponent", help="an agent spec to play instead of the reference (its own budget)"
    )
    parser.add_argument("--max-plies", type=count, default=300)
    parser.add_argument("--ledger", help="results file to add to and resume from")
    parser.add_argument("--report", action="store_true", help="count --ledger's games only")
    args = parser.parse_args()
    if args.report and not args.ledger:
        parser.error("--report reads --ledger FILE; give it")
    spec = args.agent or f"ai:{args.level}"
    ledger = Ledger(Path(args.ledger)) if args.ledger else None
    game = tabletop.load_game("abalone", layout=args.layout)
    reference: Agent | None = None
    results: list[Played] = []
    for number in range(args.first, args.first + args.games):
        seat = number % 2
        key = task_key(description(spec, args, number))
        entry = None if ledger is None else ledger.entry(key)
        found = None if ledger is None else ledger.result(key)
        if found is None or entry is None:
            if args.report:
                continue
            if reference is None and args.opponent:
                reference = make_agent(args.opponent, game, seed=10_000 + number)
            elif reference is None:
                reference = ReferenceAgent(args.seconds)
            ours = make_agent(spec, game, seed=number)
            played = play(ours, reference, args.layout, seat, args.max_plies)
            if ledger is not None:
                about = {
                    "bench": BENCH,
                    "number": number,
                    "layout": args.layout,
                    "ours": spec,
                    "plies": played.plies,
                    "capped": played.capped,
                    "repeats": played.repeats,
                    "most": played.most,
                    "reference_seconds": [round(s, 2) for s in played.reference],
                }
                ledger.append(key, about, played.outcome, seat, played.ours)
            where = ""
        else:
            played = from_ledger(entry, found[0], seat)
            where = " (from the ledger)"
        results.append(played)
        ejected = played.outcome.detail.get("ejected", [])
        print(
            f"game {number + 1}: {spec} as {'Black' if seat == 0 else 'White'}: "
            f"{played.score:g} ({played.outcome.reason}, pushed off {ejected}, "
            f"{played.plies} plies, {played.repeats} repeated boards){where}",
            flush=True,
        )
    if not results:
        print("no games recorded yet")
        return
    print(summary(spec, args, results))


if __name__ == "__main__":
    run_main(main)
