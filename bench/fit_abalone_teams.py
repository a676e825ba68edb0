"""Fit the 3- and 4-player Abalone evaluation's team weights to game results (Texel-style).

    python bench/fit_abalone_teams.py --players 3,4 --games 200 --levels 3,4,5 \
        --ledger /work/runs/h15h/teams.jsonl

The 2-player fit (bench/fit_abalone_eval.py) for the generic search's 3- and 4-player
evaluation (games/abalone/eval_kernels.py ``team_values``, decision 0188):

1. Self-play: the generic alpha-beta levels of ``abalone/3`` and ``abalone/4``
   (ai/levels.py), each seat at a level drawn from ``--levels``, with the levels' own
   evaluation noise and ``--random-plies`` random first moves so games differ, game n
   with the player count ``players[n % len]``, to a ``--max-plies`` cap. Each searched
   position is kept as its board, so a change of the terms needs no replay.
2. Every position is labelled for each team by the game's result: 1 the team won, 0 it
   lost; at the cap the team that pushed most marbles off wins, and k teams level at the
   top share it (1/k each).
3. The features of a team are team_values' twelve terms (eval_kernels.TERMS), the team's
   figure less the other teams' mean (eval_kernels.team_terms and lead: the differences
   team_values weighs). Logistic regression per player count (fit_abalone_eval.fit:
   Newton's method) with an intercept (with three teams an even guess is 1/3, not 1/2;
   it is not part of the weights) on the games not held out (every fifth is), the terms
   standardised and a small ridge chosen by cross-validation over whole training games
   (the twelve terms are far from independent: pairs summed and per marble, the two
   distances to the centre). On the held-out fifth the log-loss is printed of an even
   guess, of TODAY and PRESSING (each with its scale and intercept fitted first on the
   same 80%) and of the fit.
4. Each player count's weights, rescaled so a marble pushed off is 6 raw points, and the
   scale that makes tanh(raw / scale) = 2 P(win) - 1, go to ``--out``
   (src/tabletop/games/abalone/fitted_teams.json) with the counts, the CPU time and the
   command.

``--ledger FILE`` keeps every game as it ends (one JSON line), so a stopped run resumes and
``--fit-only`` refits without playing.
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
from fit_abalone_eval import MARBLE, cpu_seconds, fit, log_loss
from tabletop.ai.levels import agent_for_level
from tabletop.games.abalone import eval_kernels, kernels
from tabletop.games.abalone.rules import AbaloneState

#: Where the fitted rows go (read by eval_kernels.fitted_rows).
OUT = Path(eval_kernels.__file__).with_name("fitted_teams.json")


def play_game(
    seed: int, players: int, levels: list[int], random_plies: int, max_plies: int
) -> dict[str, Any]:
    """One self-play game, seat s at level ``levels[s]``: every searched position (its 61
    cells as digits, its mover's seat, each team's marbles pushed off), each team's label,
    the plies and whether the cap stopped it."""
    game = tabletop.load_game("abalone", players=players)
    state = game.new_state()
    assert isinstance(state, AbaloneState)
    rng = random.Random(seed)
    agents = [agent_for_level(game, level, seed=seed * 4 + s) for s, level in enumerate(levels)]
    boards: list[str] = []
    movers: list[int] = []
    tallies: list[list[int]] = []
    while not state.is_over() and state.ply < max_plies:
        seat = state._seat
        if state.ply < random_plies:
            state.play(rng.choice(state.legal_actions().tolist()))
            continue
        boards.append("".join(str(int(state._board[g])) for g in kernels.GRID_OF_CELL))
        movers.append(seat)
        tallies.append(list(state.team_ejected))
        agent = agents[seat]
        state.play(agent.choose(state, agent.budget))
    return {
        "labels": labels(list(state.team_ejected)),
        "plies": state.ply,
        "capped": not state.is_over(),
        "boards": boards,
        "movers": movers,
        "tallies": tallies,
    }


def labels(ejected: list[int]) -> list[float]:
    """Each team's label from the marbles it pushed off: the most wins (a finished game's
    winner has pushed off six); k teams level at the top share the win, 1/k each."""
    top = max(ejected)
    leaders = ejected.count(top)
    return [1.0 / leaders if e == top else 0.0 for e in ejected]


def features(
    players: int, boards: list[str], movers: list[int], tallies: list[list[int]]
) -> np.ndarray:
    """float[positions, teams, 12]: every recorded position's lead(team_terms) per team,
    recomputed from the boards (so the data outlive a change of the terms)."""
    start = tabletop.load_game("abalone", players=players).new_state()
    assert isinstance(start, AbaloneState)
    game = start.game
    template = start.board_array
    teams = game.num_teams
    out = np.empty((len(boards), teams, len(eval_kernels.TERMS)))
    tally = np.zeros(4, dtype=np.int64)
    for i, (cells, seat) in enumerate(zip(boards, movers, strict=True)):
        board = template.copy()
        board[kernels.GRID_OF_CELL] = np.frombuffer(cells.encode(), dtype=np.uint8) - ord("0")
        tally[:teams] = tallies[i]
        figures = eval_kernels.team_terms(board, players, game.team_of_colour, teams, tally, seat)
        out[i] = eval_kernels.lead(figures)
    return out


def generate(args: argparse.Namespace) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per player count: features (one row per team and position), labels and game
    numbers of ``args.games`` self-play games, read from ``--ledger`` where it has them."""
    counts = [int(n) for n in args.players.split(",")]
    rungs = [int(n) for n in args.levels.split(",")]
    done: dict[int, dict[str, Any]] = {}
    ledger = Path(args.ledger) if args.ledger else None
    if ledger is not None and ledger.exists():
        for line in ledger.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                done[int(entry["game"])] = entry
    rows: dict[int, tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]] = {
        n: ([], [], []) for n in counts
    }
    for game in range(args.games):
        players = counts[game % len(counts)]
        pick = random.Random(args.seed + game)
        levels = [pick.choice(rungs) for _ in range(players)]
        about = {"players": players, "levels": levels, "seed": args.seed + game}
        entry = done.get(game)
        if entry is None or any(entry.get(k) != v for k, v in about.items()):
            if args.fit_only:
                continue
            started = time.process_time()
            played = play_game(args.seed + game, players, levels, args.random_plies, args.max_plies)
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
                f"game {game + 1}/{args.games}: {players} players, levels {levels}, labels "
                f"{entry['labels']}, {entry['plies']} plies, {entry['cpu_seconds']} s CPU",
                file=sys.stderr,
                flush=True,
            )
        if not entry["boards"]:
            continue
        x = features(players, entry["boards"], entry["movers"], entry["tallies"])
        teams = x.shape[1]
        xs, ys, gs = rows[players]
        xs.append(x.reshape(-1, x.shape[2]))
        ys.append(np.tile(np.array(entry["labels"]), len(entry["boards"])))
        gs.append(np.full(len(entry["boards"]) * teams, game))
    return {
        n: (np.concatenate(xs), np.concatenate(ys), np.concatenate(gs))
        for n, (xs, ys, gs) in rows.items()
        if xs
    }


def with_intercept(x: np.ndarray) -> np.ndarray:
    """x with a column of ones appended (the intercept, last)."""
    return np.column_stack([x, np.ones(len(x))])


#: The ridges tried (on standardised terms); the one with the least cross-validated loss
#: on the training games is kept.
RIDGES = (1e-4, 1e-3, 1e-2, 1e-1)


def ridge_fit(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """fit on x's terms standardised (the intercept, x's last column, left alone), so the
    ridge weighs every term alike; the coefficients of x as it is."""
    sd = x.std(axis=0)
    sd[-1] = 1.0
    sd[sd == 0] = 1.0
    beta: np.ndarray = fit(x / sd, y, ridge) / sd
    return beta


def chosen_ridge(x: np.ndarray, y: np.ndarray, g: np.ndarray, folds: int = 4) -> float:
    """The ridge of RIDGES with the least log-loss over ``folds`` folds of whole games."""
    fold = g % folds
    losses = [
        sum(
            log_loss(x[fold == k] @ ridge_fit(x[fold != k], y[fold != k], ridge), y[fold == k])
            for k in range(folds)
        )
        for ridge in RIDGES
    ]
    return RIDGES[int(np.argmin(losses))]


def fit_count(x: np.ndarray, y: np.ndarray, g: np.ndarray) -> dict[str, Any]:
    """One player count's fit: held-out log-losses (even guess, TODAY, PRESSING, the fit),
    the fitted weights rescaled to a marble of MARBLE raw points, and the scales."""
    test = g % 5 == 4  # every fifth game held out
    base = float(np.mean(y[~test]))
    even = np.full(int(test.sum()), np.log(base / (1 - base)))  # the base rate's logit
    held_out = {"even": round(log_loss(even, y[test]), 4)}
    scales = {}
    for name, w in (("today", eval_kernels.TODAY), ("pressing", eval_kernels.PRESSING)):
        raw = with_intercept((x @ w)[:, None])
        k = fit(raw[~test], y[~test], ridge=0.0)  # Texel's scale (and intercept), first
        scales[name] = round(2 / float(k[0]), 4)  # tanh(raw / scale) = 2 P(win) - 1
        held_out[name] = round(log_loss(raw[test] @ k, y[test]), 4)
    train = with_intercept(x[~test])
    ridge = chosen_ridge(train, y[~test], g[~test] // 5)
    beta = ridge_fit(train, y[~test], ridge)
    held_out["fitted"] = round(log_loss(with_intercept(x[test]) @ beta, y[test]), 4)
    ejected = beta[eval_kernels.T_EJECTED]
    c = MARBLE / ejected if ejected > 0 else 1.0
    fitted = zip(eval_kernels.TERMS, beta[:-1], strict=True)  # the intercept left out
    weights = {term: round(float(c * b), 4) for term, b in fitted}
    return {
        "weights": weights,
        "scale": round(2 * c, 4),
        "games": len(set(g.tolist())),
        "positions": len(y),
        "held_out_log_loss": held_out,
        "fitted_scales": scales,
        "ridge": ridge,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="3,4", help="player counts, comma-separated")
    parser.add_argument("--games", type=count, default=100)
    parser.add_argument("--levels", default="3,4,5", help="levels the seats draw from")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=count, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fit-only", action="store_true", help="fit the ledger's games, play none")
    parser.add_argument(
        "--ledger", help="a JSON-lines file of played games: read, and added to as games end"
    )
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    started = time.process_time()
    data = generate(args)
    seconds = max(time.process_time() - started, cpu_seconds(args))
    table: dict[str, Any] = {}
    for players, (x, y, g) in sorted(data.items()):
        row = fit_count(x, y, g)
        print(
            f"{players} players: {row['games']} games, {row['positions']} team positions; "
            f"held-out log-loss {row['held_out_log_loss']}, scales {row['fitted_scales']}"
        )
        print(f"  weights {row['weights']}, scale {row['scale']}")
        table[str(players)] = row
    table["cpu_seconds"] = round(seconds)
    table["command"] = "python bench/fit_abalone_teams.py " + " ".join(sys.argv[1:])
    Path(args.out).write_text(json.dumps(table, indent=1) + "\n")


if __name__ == "__main__":
    run_main(main)
