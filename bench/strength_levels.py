"""Level against level: the issue's strength targets for Abalone, Oust and Quoridor (and Go).

* ``python bench/strength_levels.py abalone --games 100`` - level 10 against
  level 1, seats alternating (target: level 10 scores >= 95%);
* ``python bench/strength_levels.py quoridor --players 4 --games 40`` -
  level 10 against three level-3 seats, seats rotating (target: the level-10
  seat wins at least half its games; with Abalone's 4-player teams it sits
  with a level-3 partner, as the table falls);
* ``--top`` / ``--bottom`` pick other levels (a ladder step:
  ``--top 6 --bottom 5``);
* ``--jobs 2`` plays two games at a time in worker processes
  (tabletop.ai.ladder; the same games and results as one at a time);
* ``--records DIR`` (with ``--jobs``, 1 or more) records every game in DIR and
  resumes there: games already recorded with the same settings are counted,
  not replayed, so a long run can be stopped and started again;
  ``--ledger FILE`` does the same with a results file of one line a game,
  kept in the repository (docs/ladder/), and ``--first N`` leaves out the
  games numbered below N;
* ``--top-iterations N`` gives the top level N iterations a move instead of its
  time (Go's level 10 on 19x19: the count its time buys on a quiet core) and the
  bottom level its own count without its time cap, so that the rung does not depend
  on the machine's load; N goes into each game's key;
* ``--team-weights today|pressing|fitted`` (Abalone) plays every seat's evaluation
  with that weight row for the player count (games/abalone/eval_kernels.py
  ``team_weights``; decision 0188), and the name with a digest of the row goes into
  each game's ledger key (a refitted row is a new key), so
  rows are measured side by side on the same seeds;
* Go on a board whose default search reads the learned move model (above 13x13,
  decision 0203) names the model's weight and the weights files' digest in each key
  the same way (``go-model=80@<digest>``), so the ladders played before it stay apart;
* game options follow the game as in ``tabletop match``: ``python
  bench/strength_levels.py go --size 19 --rules chinese --komi 7 --top 4
  --bottom 1 --games 20 --ledger docs/ladder/go-19.jsonl`` (issue 14's spacing
  of Go's levels on 19x19).

Uses tabletop.ai.tournament.run_match; prints the standings with 95%
intervals, the level-``top`` seat's win rate and seconds per move overall.
Games longer than ``--max-plies`` (default 400) end as draws, and with
``--max-repeats N`` so does a game where one position has stood N times.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import tabletop
from arguments import count, run_main, whole
from go_knobs import weights_digest
from tabletop.ai.agent import Budget
from tabletop.ai.go.search import default_params
from tabletop.ai.ladder import run_ladder
from tabletop.ai.levels import agent_for_level
from tabletop.ai.tournament import run_match, table
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.games.abalone import eval_kernels
from tabletop.games.go.rules import GoGame
from timing import Timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("abalone", "go", "oust", "quoridor"))
    parser.add_argument("--players", type=count, default=2)
    parser.add_argument("--games", type=count, default=100)
    parser.add_argument("--top", type=count, default=10)
    parser.add_argument("--bottom", type=count, default=None, help="1 with 2 players, else 3")
    parser.add_argument("--max-plies", type=count, default=400)
    parser.add_argument(
        "--max-repeats", type=count, default=None, help="a stand-off's draw (tabletop match)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=count, default=1, help="games at once")
    parser.add_argument("--records", default=None, help="record and resume games here")
    parser.add_argument("--ledger", default=None, help="results file to add to and resume from")
    parser.add_argument("--first", type=whole, default=0, help="leave out games numbered below N")
    parser.add_argument(
        "--report", action="store_true", help="count the games in --records/--ledger, play none"
    )
    parser.add_argument(
        "--top-iterations",
        type=count,
        help="the top level's iterations a move instead of its time, the bottom level's own "
        "count without its time cap: the same games whatever the load (in each game's key)",
    )
    parser.add_argument(
        "--team-weights",
        metavar="NAME",
        help="Abalone: the evaluation's weight row (" + ", ".join(eval_kernels.TEAM_WEIGHTS) + ")",
    )
    args, rest = parser.parse_known_args()
    options = game_options(rest, parser)
    if args.game == "abalone" or args.game == "quoridor":
        options.setdefault("players", args.players)
    game = tabletop.load_game(args.game, **options)
    bottom = args.bottom or (1 if game.num_players == 2 else 3)
    setup, variant = team_weights(game, args.team_weights)
    variant = variant or go_model_variant(game)
    if args.report and not (args.records or args.ledger):
        parser.error("--report reads --records DIR or --ledger FILE; give one")
    if args.first >= args.games:
        parser.error(f"--first {args.first}: expected fewer than --games ({args.games})")
    if args.jobs > 1 or args.records or args.ledger or args.first or args.top_iterations:
        pooled(game, args.top, bottom, args, setup, variant)
        return
    if setup is not None:
        setup()
    top = agent_for_level(game, args.top, seed=args.seed)
    others = [
        agent_for_level(game, bottom, seed=args.seed + 1 + i) for i in range(game.num_players - 1)
    ]
    for i, agent in enumerate(others):
        agent.name = f"ai:{bottom}" + (f"#{i + 1}" if len(others) > 1 else "")
    top = Timed(top)  # time the top level's moves only
    spent = top.seconds

    def progress(done: int, total: int) -> None:
        print(f"  {done}/{total} games", flush=True)

    start = time.perf_counter()
    standings = run_match(
        game,
        [top, *others],
        args.games,
        Budget(seconds=3.0),
        args.max_plies,
        progress=progress,
        max_repeats=args.max_repeats,
    )
    seconds = time.perf_counter() - start
    print(table(standings))
    mine = standings[0]
    print(
        f"{args.game} ({game.num_players} players): level {args.top} won {mine.wins}/"
        f"{len(mine.scores)} ({mine.wins / len(mine.scores):.1%}), score {mine.mean:.1%}, "
        f"{seconds:.0f} s in all"
    )
    print(f"level {args.top}: {sum(spent) / len(spent):.2f} s/move, max {max(spent):.2f} s")


def game_options(tokens: list[str], parser: argparse.ArgumentParser) -> dict[str, str]:
    """``--size 19 --rules=chinese`` as {"size": "19", "rules": "chinese"} (the game checks
    them)."""
    options: dict[str, str] = {}
    i = 0
    while i < len(tokens):
        name, eq, value = tokens[i].partition("=")
        if not name.startswith("--") or not (eq or i + 1 < len(tokens)):
            parser.error(f"unexpected argument {tokens[i]!r}: game options look like --size 19")
        if not eq:
            i += 1
            value = tokens[i]
        options[name[2:].replace("-", "_")] = value
        i += 1
    return options


def team_weights(game: Game, name: str | None) -> tuple[Callable[[], None] | None, str | None]:
    """For ``--team-weights NAME``: what puts the row in place (in this process and every
    worker) and the games' variant, ``team-weights=NAME@<digest of the row>``; (None,
    None) without it. A TabletopError (one line) for another game or an unknown row."""
    if name is None:
        return None, None
    if game.name != "abalone":
        raise TabletopError(f"--team-weights: only Abalone has weight rows, not {game.name}")
    try:
        row = eval_kernels.team_weights(name, game.num_players)
    except (ValueError, OSError) as err:
        raise TabletopError(f"--team-weights: {err}") from None
    digest = hashlib.sha256(np.asarray(row, dtype=np.float64).tobytes()).hexdigest()[:8]
    setup = functools.partial(eval_kernels.use_team_weights, name, game.num_players)
    return setup, f"team-weights={name}@{digest}"


def go_model_variant(game: Game) -> str | None:
    """Go on a board whose default search reads the learned move model (decision 0203):
    the variant ``go-model=<weight>@<the weights files' digest>``, so a ladder's games
    played before the model was on, or with other weights, are never counted for it; None
    for any other game or board (their keys stay as they were)."""
    if not isinstance(game, GoGame):
        return None
    model_n = default_params(game.size).model_n
    return f"go-model={model_n:g}@{weights_digest()}" if model_n else None


def pooled(
    game: Game,
    top: int,
    bottom: int,
    args: argparse.Namespace,
    setup: Callable[[], None] | None = None,
    variant: str | None = None,
) -> None:
    """The same match as a one-rung ladder in ``args.jobs`` processes."""

    def progress(done: int, total: int) -> None:
        print(f"  {done}/{total} games", flush=True)

    start = time.perf_counter()
    (rung,) = run_ladder(
        game,
        [top],
        args.games,
        args.jobs,
        args.seed,
        args.max_plies,
        None if args.report else progress,
        below=bottom,
        records=Path(args.records) if args.records else None,
        max_repeats=args.max_repeats,
        ledger=Path(args.ledger) if args.ledger else None,
        first=args.first,
        play=not args.report,
        variant=variant,
        setup=setup,
        top_iterations=args.top_iterations,
    )
    seconds = time.perf_counter() - start
    if not rung.scores:
        print(f"{args.game} ({game.num_players} players): no games recorded yet")
        return
    lo, hi = rung.interval()
    print(
        f"{args.game} ({game.num_players} players): level {top} against level {bottom} won "
        f"{rung.wins}/{len(rung.scores)} ({rung.wins / len(rung.scores):.1%}), "
        f"draws {rung.draws}, score {rung.mean:.1%} (95% {lo:.1%} - {hi:.1%})"
        + ("" if args.report else f", {seconds:.0f} s in all")
    )
    if rung.seconds:  # kept from the games' records or ledger lines (none in old records)
        print(
            f"level {top}: {sum(rung.seconds) / len(rung.seconds):.2f} s/move, max "
            f"{max(rung.seconds):.2f} s over {len(rung.seconds)} moves"
        )


if __name__ == "__main__":
    run_main(main)
