"""Fit the compiled Abalone search's evaluation to game results (Texel-style tuning).

    python bench/fit_abalone_eval.py --games 200 --nodes 1000,3000 --check 20

1. Self-play: the compiled search (ai/abalone) against itself at node budgets
   ``--nodes`` (a game's budget drawn from them, both sides alike: several levels),
   with evaluation noise and ``--random-plies`` random first moves so games differ,
   on the three 2-player layouts in turn, to a ``--max-plies`` cap.
2. Every position from the first searched move on is labelled by the result for the
   side to move there: 1 a win, 0 a loss, 1/2 a draw (at the cap the side that pushed
   more marbles off wins, as bench/strength_abalone.py adjudicates).
3. Logistic regression of the label on the evaluation's terms (ai/abalone/evaluation.py,
   side to move minus the other side; no intercept, as the terms are differences):
   Newton's method with a small ridge, on 80% of the games; the log-loss of level 10's
   weights (P = (1 + tanh(raw / SCALE)) / 2) and of the fit on the other 20% is printed.
4. The weights, rescaled so a marble pushed off is worth what it is today (6 points),
   and the scale that makes tanh(raw / scale) = 2 P(win) - 1 are written to
   ``--out`` (src/tabletop/ai/abalone/fitted.json), with how many games and positions,
   how long it took and the command.
5. ``--check N``: N games of the fitted evaluation against level 10's (the published
   weights) at the largest node budget, colours alternating; the score is printed.

The positions are generated locally; ``--ledger FILE`` keeps every game as it ends, so a
stopped run resumes and a refit needs no replay; only the small table is committed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import tabletop
from arguments import count, run_main
from tabletop.ai.abalone import evaluation
from tabletop.ai.abalone.agent import FITTED, AbaloneSearchAgent, published_weights
from tabletop.ai.agent import Budget
from tabletop.games.abalone import eval_kernels
from tabletop.games.abalone.layouts import LAYOUTS_2P
from tabletop.games.abalone.rules import AbaloneState

#: Evaluation noise of the self-play games (value units; level 1's is 0.08).
NOISE = 0.05
RIDGE = 1e-3
#: The marble's weight the fitted table is rescaled to (today's EJECTED_WEIGHT).
MARBLE = eval_kernels.EJECTED_WEIGHT


def play_game(
    seed: int, layout: str, nodes: int, random_plies: int, max_plies: int
) -> tuple[list[np.ndarray], list[int], float]:
    """One self-play game: each searched position's terms, its mover's seat, and
    Black's result (1, 0 or 1/2)."""
    state = tabletop.load_game("abalone", layout=layout).new_state()
    assert isinstance(state, AbaloneState)
    rng = random.Random(seed)
    agents = [AbaloneSearchAgent(seed * 2 + s, noise=NOISE) for s in (0, 1)]
    rows: list[np.ndarray] = []
    movers: list[int] = []
    while not state.is_over() and state.ply < max_plies:
        seat = state._seat
        if state.ply < random_plies:
            state.play(rng.choice(state.legal_actions().tolist()))
            continue
        f = np.empty(evaluation.FEATURES)
        evaluation.features(state._board, seat + 1, state.ejected[seat], state.ejected[1 - seat], f)
        rows.append(f)
        movers.append(seat)
        state.play(agents[seat].choose(state, Budget(playouts=nodes)))
    ejected = state.ejected
    black = 1.0 if ejected[0] > ejected[1] else 0.0 if ejected[0] < ejected[1] else 0.5
    return rows, movers, black


def generate(args: argparse.Namespace) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Terms, labels (for the mover) and game numbers of ``args.games`` self-play games.

    With ``--ledger`` each game is appended to it as one JSON line as soon as it ends
    (its terms, movers and result), and games already there are read, not played: a
    stopped run resumes where it was, and a longer run extends a shorter one."""
    budgets = [int(n) for n in args.nodes.split(",")]
    done: dict[int, dict[str, Any]] = {}
    ledger = Path(args.ledger) if args.ledger else None
    if ledger is not None and ledger.exists():
        for line in ledger.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                done[int(entry["game"])] = entry
    xs: list[np.ndarray] = []
    ys: list[float] = []
    gs: list[int] = []
    for game in range(args.games):
        layout = LAYOUTS_2P[game % len(LAYOUTS_2P)]
        nodes = budgets[game % len(budgets)]
        about = {"layout": layout, "nodes": nodes, "seed": args.seed + game}
        entry = done.get(game)
        if entry is None or any(entry.get(k) != v for k, v in about.items()):
            started = time.process_time()
            rows, movers, black = play_game(
                args.seed + game, layout, nodes, args.random_plies, args.max_plies
            )
            entry = {
                "game": game,
                **about,
                "black": black,
                "movers": movers,
                "rows": [[round(float(v), 5) for v in row] for row in rows],
                "cpu_seconds": round(time.process_time() - started, 1),
            }
            if ledger is not None:
                with ledger.open("a") as out:
                    out.write(json.dumps(entry) + "\n")
            print(
                f"game {game + 1}/{args.games}: {layout}, {nodes} nodes, Black {black:g}, "
                f"{len(rows)} positions, {entry['cpu_seconds']} s CPU",
                file=sys.stderr,
                flush=True,
            )
        black = float(entry["black"])
        for row, mover in zip(entry["rows"], entry["movers"], strict=True):
            xs.append(np.array(row, dtype=np.float64))
            ys.append(black if mover == 0 else 1.0 - black)
            gs.append(game)
    return np.array(xs), np.array(ys), np.array(gs)


def cpu_seconds(args: argparse.Namespace) -> float:
    """The CPU seconds the ledger's games took to play (all runs together)."""
    if not args.ledger or not Path(args.ledger).exists():
        return 0.0
    lines = Path(args.ledger).read_text().splitlines()
    return sum(float(json.loads(line).get("cpu_seconds", 0)) for line in lines if line.strip())


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """Logistic regression of y (in [0, 1]) on x without intercept: Newton's method."""
    beta = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        gradient = x.T @ (p - y) / len(y) + ridge * beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.abs(step).max() < 1e-10:
            break
    return beta


def log_loss(logit: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of probabilities sigmoid(logit) against labels y."""
    p = np.clip(1.0 / (1.0 + np.exp(-logit)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def check(games: int, nodes: int, seed: int, max_plies: int) -> float:
    """The fitted evaluation's score against level 10's over ``games`` games."""
    score = 0.0
    for n in range(games):
        state = tabletop.load_game("abalone", layout=LAYOUTS_2P[n % len(LAYOUTS_2P)]).new_state()
        assert isinstance(state, AbaloneState)
        fitted_seat = n % 2
        agents = {
            fitted_seat: AbaloneSearchAgent(seed + n, noise=0.01, weights="fitted"),
            1 - fitted_seat: AbaloneSearchAgent(seed + n, noise=0.01),
        }
        while not state.is_over() and state.ply < max_plies:
            state.play(agents[state._seat].choose(state, Budget(playouts=nodes)))
        ejected = state.ejected
        mine, theirs = ejected[fitted_seat], ejected[1 - fitted_seat]
        result = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        score += result
        print(f"check game {n + 1}: fitted {result:g} ({ejected})", file=sys.stderr, flush=True)
    return score / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=100)
    parser.add_argument("--nodes", default="1000,3000", help="node budgets, comma-separated")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=count, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ledger", help="a JSON-lines file of played games: read, and added to as games end"
    )
    parser.add_argument("--out", default=str(FITTED))
    parser.add_argument("--check", type=int, default=0, help="games fitted against level 10's")
    args = parser.parse_args()
    started = time.process_time()
    x, y, g = generate(args)
    games = int(g.max()) + 1
    test = g % 5 == 4  # every fifth game held out
    beta = fit(x[~test], y[~test])
    level10 = published_weights()[: evaluation.FEATURES]
    before = log_loss(x[test] @ level10 * 2 / eval_kernels.SCALE, y[test])
    after = log_loss(x[test] @ beta, y[test])
    seconds = max(time.process_time() - started, cpu_seconds(args))
    print(f"{games} games, {len(y)} positions, {seconds:.0f} s CPU")
    print(f"held-out log-loss: level 10's weights {before:.4f}, fitted {after:.4f}")
    c = MARBLE / beta[evaluation.F_EJECTED] if beta[evaluation.F_EJECTED] > 0 else 1.0
    weights = {term: round(float(c * b), 4) for term, b in zip(evaluation.TERMS, beta, strict=True)}
    print("weights:", weights, "scale:", round(2 * c, 4))
    table = {
        "weights": weights,
        "scale": round(2 * c, 4),
        "games": games,
        "positions": len(y),
        "cpu_seconds": round(seconds),
        "held_out_log_loss": {"level_10": round(before, 4), "fitted": round(after, 4)},
        "command": "python bench/fit_abalone_eval.py " + " ".join(sys.argv[1:]),
    }
    Path(args.out).write_text(json.dumps(table, indent=1) + "\n")
    if args.check:
        budgets = [int(n) for n in args.nodes.split(",")]
        score = check(args.check, max(budgets), args.seed + 10_000, args.max_plies)
        print(f"fitted against level 10's, {args.check} games at {max(budgets)} nodes: {score:.1%}")


if __name__ == "__main__":
    run_main(main)
