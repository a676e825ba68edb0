"""Fit the compiled Abalone search's evaluation to game results (Texel-style tuning).

    python bench/fit_abalone_eval.py --games 200 --nodes 1000,3000 --check 20

1. Self-play: the compiled search (ai/abalone) against itself at node budgets
   ``--nodes`` (a game's budget drawn from them, both sides alike: several levels),
   each side with a weight set drawn from ``--sides``, with evaluation noise and
   ``--random-plies`` random first moves so games differ, on the three 2-player layouts
   in turn, to a ``--max-plies`` cap. Each searched position is kept as its board, so a
   change of the terms needs no replay (``--fit-only`` fits the ledger's games).
2. Every position from the first searched move on is labelled by the result for the
   side to move there: 1 a win, 0 a loss, 1/2 a draw (at the cap the side that pushed
   more marbles off wins, as bench/strength_abalone.py adjudicates).
3. Logistic regression of the label on the evaluation's terms (ai/abalone/evaluation.py,
   side to move minus the other side; no intercept, as the terms are differences),
   recomputed from the recorded boards: Newton's method with a small ridge, on the games
   not held out (every fifth is). On the held-out fifth the log-loss is printed of an
   even guess, of today's and the published weights (each with its scale K fitted
   first on the same 80%, as Texel tuning does) and of the fit.
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
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

import tabletop
from arguments import count, run_main
from tabletop.ai.abalone import evaluation
from tabletop.ai.abalone.agent import FITTED, AbaloneSearchAgent, published_weights, search_weights
from tabletop.ai.agent import Budget
from tabletop.games.abalone import eval_kernels, kernels
from tabletop.games.abalone.layouts import LAYOUTS_2P
from tabletop.games.abalone.rules import AbaloneState

#: Evaluation noise of the self-play games (value units; level 1's is 0.08).
NOISE = 0.05
RIDGE = 1e-3
#: The marble's weight the fitted table is rescaled to (today's EJECTED_WEIGHT).
MARBLE = eval_kernels.EJECTED_WEIGHT


def play_game(
    seed: int, layout: str, nodes: int, random_plies: int, max_plies: int, sides: tuple[str, str]
) -> dict[str, Any]:
    """One self-play game, each side with the weight set ``sides[seat]``: every searched
    position (its 61 cells as digits, its mover's seat, both sides' marbles pushed off),
    Black's result (1, 0 or 1/2), the plies, whether the cap stopped it and how often the
    most repeated board (same side to move) stood."""
    state = tabletop.load_game("abalone", layout=layout).new_state()
    assert isinstance(state, AbaloneState)
    rng = random.Random(seed)
    agents = [AbaloneSearchAgent(seed * 2 + s, noise=NOISE, weights=sides[s]) for s in (0, 1)]
    boards: list[str] = []
    movers: list[int] = []
    ejected: list[list[int]] = []
    seen: Counter[tuple[bytes, int]] = Counter()
    while not state.is_over() and state.ply < max_plies:
        seat = state._seat
        seen[(state._board.tobytes(), seat)] += 1
        if state.ply < random_plies:
            state.play(rng.choice(state.legal_actions().tolist()))
            continue
        boards.append("".join(str(int(state._board[g])) for g in kernels.GRID_OF_CELL))
        movers.append(seat)
        ejected.append([int(state.ejected[0]), int(state.ejected[1])])
        state.play(agents[seat].choose(state, Budget(playouts=nodes)))
    off = state.ejected
    black = 1.0 if off[0] > off[1] else 0.0 if off[0] < off[1] else 0.5
    return {
        "black": black,
        "plies": state.ply,
        "capped": not state.is_over(),
        "most_repeated": max(seen.values()),
        "boards": boards,
        "movers": movers,
        "ejected": ejected,
    }


def terms(
    layout: str, boards: list[str], movers: list[int], ejected: list[list[int]]
) -> np.ndarray:
    """The evaluation's terms (ai/abalone/evaluation.py, today's definitions) of recorded
    positions, for each position's mover: recomputed at fit time, so the data outlive a
    change of the terms."""
    start = tabletop.load_game("abalone", layout=layout).new_state()
    assert isinstance(start, AbaloneState)
    template = start.board_array
    out = np.empty((len(boards), evaluation.FEATURES))
    for i, (cells, seat) in enumerate(zip(boards, movers, strict=True)):
        board = template.copy()
        board[kernels.GRID_OF_CELL] = np.frombuffer(cells.encode(), dtype=np.uint8) - ord("0")
        evaluation.features(board, seat + 1, ejected[i][seat], ejected[i][1 - seat], out[i])
    return out


def generate(args: argparse.Namespace) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Terms, labels (for the mover) and game numbers of ``args.games`` self-play games.

    Game n is played at node budget ``nodes[n % len]`` on layout ``LAYOUTS_2P[n % 3]``,
    each side with a weight set drawn from ``--sides`` (the seed decides). With
    ``--ledger`` each game is appended to it as one JSON line as soon as it ends, and
    games already there are read, not played: a stopped run resumes where it was, and a
    longer run extends a shorter one."""
    budgets = [int(n) for n in args.nodes.split(",")]
    sets = args.sides.split(",")
    done: dict[int, dict[str, Any]] = {}
    ledger = Path(args.ledger) if args.ledger else None
    if ledger is not None and ledger.exists():
        for line in ledger.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                done[int(entry["game"])] = entry
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    gs: list[np.ndarray] = []
    for game in range(args.games):
        layout = LAYOUTS_2P[game % len(LAYOUTS_2P)]
        nodes = budgets[game % len(budgets)]
        pick = random.Random(args.seed + game)
        sides = (pick.choice(sets), pick.choice(sets))
        about = {"layout": layout, "nodes": nodes, "seed": args.seed + game, "sides": sides}
        entry = done.get(game)
        if entry is None or any(
            entry.get(k) != (list(v) if k == "sides" else v) for k, v in about.items()
        ):
            if args.fit_only:
                continue
            started = time.process_time()
            played = play_game(
                args.seed + game, layout, nodes, args.random_plies, args.max_plies, sides
            )
            entry = {
                "game": game,
                **about,
                **played,
                "cpu_seconds": round(time.process_time() - started, 1),
            }
            if ledger is not None:
                with ledger.open("a") as out:
                    out.write(json.dumps(entry) + "\n")
            print(
                f"game {game + 1}/{args.games}: {layout}, {nodes} nodes, {sides}, Black "
                f"{entry['black']:g}, {entry['plies']} plies, {len(entry['boards'])} positions, "
                f"{entry['cpu_seconds']} s CPU",
                file=sys.stderr,
                flush=True,
            )
        black = float(entry["black"])
        movers = np.array(entry["movers"])
        xs.append(terms(layout, entry["boards"], entry["movers"], entry["ejected"]))
        ys.append(np.where(movers == 0, black, 1.0 - black))
        gs.append(np.full(len(movers), game))
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)


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
        "--sides", default="published,today", help="weight sets the self-play sides draw from"
    )
    parser.add_argument("--fit-only", action="store_true", help="fit the ledger's games, play none")
    parser.add_argument(
        "--ledger", help="a JSON-lines file of played games: read, and added to as games end"
    )
    parser.add_argument("--out", default=str(FITTED))
    parser.add_argument("--check", type=int, default=0, help="games fitted against level 10's")
    args = parser.parse_args()
    started = time.process_time()
    x, y, g = generate(args)
    games = len(set(g.tolist()))
    test = g % 5 == 4  # every fifth game held out
    beta = fit(x[~test], y[~test])
    held_out = {"even": round(log_loss(np.zeros(int(test.sum())), y[test]), 4)}
    scales = {}
    for name, w in (("today", search_weights()), ("published", published_weights())):
        raw = x @ w[: evaluation.FEATURES]
        k = float(fit(raw[~test, None], y[~test], ridge=0.0)[0])  # Texel's K, fitted first
        scales[name] = round(2 / k, 4)  # tanh(raw / scale) = 2 P(win) - 1
        held_out[name] = round(log_loss(k * raw[test], y[test]), 4)
    held_out["fitted"] = round(log_loss(x[test] @ beta, y[test]), 4)
    seconds = max(time.process_time() - started, cpu_seconds(args))
    print(f"{games} games, {len(y)} positions ({int(test.sum())} held out), {seconds:.0f} s CPU")
    print("held-out log-loss:", held_out, "scales (raw per tanh unit):", scales)
    c = MARBLE / beta[evaluation.F_EJECTED] if beta[evaluation.F_EJECTED] > 0 else 1.0
    weights = {term: round(float(c * b), 4) for term, b in zip(evaluation.TERMS, beta, strict=True)}
    print("weights:", weights, "scale:", round(2 * c, 4))
    table = {
        "weights": weights,
        "scale": round(2 * c, 4),
        "games": games,
        "positions": len(y),
        "cpu_seconds": round(seconds),
        "held_out_log_loss": held_out,
        "fitted_scales": scales,
        "command": "python bench/fit_abalone_eval.py " + " ".join(sys.argv[1:]),
    }
    Path(args.out).write_text(json.dumps(table, indent=1) + "\n")
    if args.check:
        budgets = [int(n) for n in args.nodes.split(",")]
        score = check(args.check, max(budgets), args.seed + 10_000, args.max_plies)
        print(f"fitted against level 10's, {args.check} games at {max(budgets)} nodes: {score:.1%}")


if __name__ == "__main__":
    run_main(main)
