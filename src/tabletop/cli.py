"""The ``tabletop`` command: ``play``, ``games``, ``serve``, ``match``, ``gtp`` and ``review``.

Game options are given as ``--name value`` after the game's name and are
checked against the game's declared options, so every registered game is
playable at once: ``tabletop play go --size 9 --rules chinese --handicap 4``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tabletop
from tabletop.core import Game, OptionError, TabletopError, game_info
from tabletop.progress import progress_line
from tabletop.terminal import TerminalGame, load_record

#: What ``tabletop --help`` says first.
DESCRIPTION = (
    "Go, Abalone, Oust and Quoridor: play in the terminal or the browser, "
    "match computer players, or run a GTP Go engine."
)


def _option_pairs(tokens: Sequence[str], game: str | None = None) -> dict[str, Any]:
    """Turn ``--size 9 --rules=chinese`` into {"size": "9", "rules": "chinese"}; a yes/no
    option of ``game`` may stand alone (``--pie`` is ``--pie true``)."""
    switches = set()
    if game is not None:
        switches = {o.name for o in game_info(game).options if o.kind is bool}
    options: dict[str, Any] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not token.startswith("--") or token == "--":
            raise OptionError(f"unexpected argument {token!r}: options look like --size 9")
        name, eq, value = token[2:].partition("=")
        if not eq:
            if i + 1 < len(tokens) and not tokens[i + 1].startswith("--"):
                value = tokens[i + 1]
                i += 1
            elif name.replace("-", "_") in switches:
                value = "true"
            else:
                raise OptionError(f"option --{name} needs a value")
        options[name.replace("-", "_")] = value
        i += 1
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=tabletop.__version__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play in the terminal. Game options follow the game: --size 9 ...",
    )
    play.add_argument("game", help="the game: " + ", ".join(g.name for g in tabletop.list_games()))
    play.add_argument(
        "--vs",
        default="human",
        metavar="SEAT",
        help="every other seat: human (default) or ai:1 .. ai:10",
    )
    play.add_argument(
        "--seats",
        metavar="S,S,..",
        help="one entry per seat, e.g. human,ai:5,ai:5,ai:3 (instead of --vs)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed for the computer player")
    play.add_argument(
        "--load", metavar="FILE", help="continue a saved game (SGF for Go, or a JSON record)"
    )
    sub.add_parser("games", help="list the games and their options")
    serve = sub.add_parser(
        "serve",
        help="run the game server and browser app",
        description="Serve the browser app, the HTTP API and the game WebSockets.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")
    serve.add_argument(
        "--db", default=None, help="SQLite file or database URL (default: the user data dir)"
    )
    serve.add_argument(
        "--bus",
        default=None,
        metavar="URL",
        help="a Redis URL (redis://host:6379/0) to share the games' events with other"
        " server processes over the same --db (default: this process alone)",
    )
    serve.add_argument(
        "--request-timeout",
        type=float,
        default=20.0,
        metavar="S",
        help="seconds for a request's headers, and for its body (default 20)",
    )
    serve.add_argument(
        "--send-timeout",
        type=float,
        default=20.0,
        metavar="S",
        help="seconds a client may leave data unread before it is closed (default 20)",
    )
    serve.add_argument(
        "--max-connections",
        type=int,
        default=None,
        metavar="N",
        help="open connections at most (default 2000, less if few files may be open)",
    )
    serve.add_argument(
        "--max-per-address",
        type=int,
        default=100,
        metavar="N",
        help="open connections from one client address at most (default 100)",
    )
    serve.add_argument(
        "--grace",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="how long a person who left a 3 or 4 player game has to come back before a "
        "computer takes the seat (default: 60)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes for computer moves and hints (default: one per CPU less one, "
        "at least 2; each holds much memory once used, see docs/benchmarks.md)",
    )
    from tabletop.server.serve import add_limit_arguments

    add_limit_arguments(serve)
    db = sub.add_parser(
        "db",
        help="bring the server's database to this tabletop's layout",
        description="Apply the database migrations (docs/migrations.md).",
    )
    db.add_argument("action", choices=["upgrade"], help="upgrade: apply the missing migrations")
    db.add_argument(
        "--db", default=None, help="SQLite file or database URL (default: the user data dir)"
    )
    cluster = sub.add_parser(
        "cluster",
        help="run N server processes behind nginx over a throwaway PostgreSQL and Redis",
        description="Start, on 127.0.0.1, a throwaway PostgreSQL and Redis, N `tabletop serve`"
        " processes and nginx in front of them (deploy/README.md); print the address; stop"
        " them all on Ctrl-C. Flags after -- go to every `tabletop serve`.",
    )
    cluster.add_argument("--processes", type=int, default=2, help="server processes (default 2)")
    cluster.add_argument("--port", type=int, default=8000, help="nginx's port (default 8000)")
    match = sub.add_parser(
        "match",
        help="play agents against each other and print the standings",
        description="N games between agents (ai:LEVEL, random, "
        "mcts[:playouts=N,seconds=S,c=X], mcts-evaluate[:...], alphabeta[:...], gtp:COMMAND), "
        "rotating seats; "
        "or --ladder. Game options follow: --size 9 ...",
    )
    match.add_argument("game", help="the game")
    match.add_argument("--agents", nargs="+", metavar="AGENT", help="2 to 4 agents")
    match.add_argument(
        "--ladder",
        action="store_true",
        help="instead of --agents: each level against the one below it, with an Elo table",
    )
    match.add_argument(
        "--levels", default="1-10", metavar="A-B", help="the ladder's levels (default 1-10)"
    )
    match.add_argument(
        "--jobs", type=int, default=1, help="with --ladder: games played at once (processes)"
    )
    match.add_argument(
        "--games", type=int, default=10, help="number of games, per rung with --ladder (default 10)"
    )
    match.add_argument("--seconds", type=float, default=None, help="seconds per move")
    match.add_argument("--playouts", type=int, default=None, help="playouts per move")
    match.add_argument("--max-plies", type=int, default=None, help="end games here as draws")
    match.add_argument(
        "--max-repeats",
        type=int,
        default=None,
        metavar="N",
        help="end a game as a draw when one position has stood N times (a stand-off)",
    )
    match.add_argument(
        "--records",
        metavar="DIR",
        help="write every game's record here; a --ladder resumes from the games already there",
    )
    match.add_argument(
        "--ledger",
        metavar="FILE",
        help="with --ladder: add a line per game to this results file and resume from it "
        "(small enough to commit, unlike --records)",
    )
    match.add_argument(
        "--first",
        type=int,
        default=0,
        metavar="N",
        help="with --ladder: leave out each rung's games numbered below N (from 0)",
    )
    match.add_argument("--seed", type=int, default=None, help="seed for the agents")
    match.add_argument(
        "--report",
        action="store_true",
        help="with --ladder --records DIR: the table of the games recorded so far; play none",
    )
    gtp = sub.add_parser(
        "gtp",
        help="run a GTP v2 Go engine on stdin/stdout",
        description="A GTP v2 Go engine (for GoGui, gomill, twogtp, KGS clients).",
    )
    gtp.add_argument("--rules", default="chinese", help="Go rule set (default: chinese)")
    gtp.add_argument(
        "--level", type=int, default=None, help="computer level 1-10 (default 10, the strongest)"
    )
    gtp.add_argument("--seconds", type=float, default=None, help="seconds per move (not a level)")
    gtp.add_argument("--playouts", type=int, default=None, help="playouts per move (not a level)")
    gtp.add_argument("--seed", type=int, default=None, help="seed for the search")
    from tabletop.review.command import add_review_parser

    add_review_parser(sub)
    return parser


def _run_match(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from tabletop.ai import Budget
    from tabletop.ai.specs import make_agent
    from tabletop.ai.tournament import run_match, table

    game = tabletop.load_game(args.game, **options)
    if args.games < 1:
        raise OptionError("--games must be at least 1")
    if args.max_plies is not None and args.max_plies < 1:
        raise OptionError(f"--max-plies {args.max_plies}: must be at least 1")
    if args.max_repeats is not None and args.max_repeats < 2:
        raise OptionError(f"--max-repeats {args.max_repeats}: a position stands once at least")
    if args.ladder:
        if args.agents:
            raise OptionError("--ladder chooses the agents itself; drop --agents")
        if args.seconds is not None or args.playouts is not None:
            raise OptionError("--ladder's levels set their own budgets; drop --seconds/--playouts")
        return _run_ladder(args, game)
    if not args.agents:
        raise OptionError("match needs --agents (2 to 4) or --ladder")
    if args.jobs != 1 or args.report or args.ledger or args.first:
        flag = next(
            f
            for f, given in (
                ("--report", args.report),
                ("--ledger", args.ledger),
                ("--first", args.first),
                ("--jobs", True),
            )
            if given
        )
        raise OptionError(
            f"{flag} goes with --ladder; a match of --agents plays one game at a time"
        )
    if not 2 <= len(args.agents) <= 4:
        raise OptionError("--agents takes 2 to 4 agents")
    seed = args.seed
    agents = [
        make_agent(spec, game, None if seed is None else seed + i)
        for i, spec in enumerate(args.agents)
    ]
    names = [a.name for a in agents]
    for i, agent in enumerate(agents):
        if names.count(agent.name) > 1:
            agent.name = f"{agent.name}#{i + 1}"
    budget = Budget(seconds=args.seconds, playouts=args.playouts)
    if args.seconds is None and args.playouts is None:
        budget = Budget(seconds=1.0)

    records = _records_folder(args.records)
    standings = run_match(
        game, agents, args.games, budget, args.max_plies, records, _progress, args.max_repeats
    )
    print(file=sys.stderr)
    print(f"{game!r}: {args.games} games")
    print(table(standings))
    for agent in agents:
        close = getattr(agent, "close", None)
        if close is not None:
            close()
    return 0


def _records_folder(name: str | None, read_only: bool = False) -> Path | None:
    """The --records folder, made (unless only read) and checked before any game is played:
    a folder that cannot be written would otherwise fail after the first game."""
    if name is None:
        return None
    folder = Path(name)
    if read_only:
        if not folder.is_dir():
            raise OptionError(f"--records {name}: no such folder")
        return folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise OptionError(f"--records {name}: cannot write there ({err.strerror})") from None
    return folder


def _progress(done: int, total: int) -> None:
    """A one-line progress bar of games on stderr."""
    progress_line(done, total, "games")


def _level_range(text: str) -> list[int]:
    """``"1-10"`` -> the rungs' upper levels [2, ..., 10]; OptionError quoting bad text."""
    from tabletop.ai.levels import MAX_LEVEL, MIN_LEVEL

    low, dash, high = text.partition("-")
    try:
        a, b = int(low), int(high)
    except ValueError:
        raise OptionError(f"--levels {text!r}: expected two levels like 1-10") from None
    if not dash or not MIN_LEVEL <= a < b <= MAX_LEVEL:
        raise OptionError(
            f"--levels {text!r}: expected A-B with {MIN_LEVEL} <= A < B <= {MAX_LEVEL}"
        )
    return list(range(a + 1, b + 1))


def _ledger_file(name: str | None, read_only: bool = False) -> Path | None:
    """The --ledger file, checked before any game is played (as _records_folder)."""
    if name is None:
        return None
    path = Path(name)
    if path.is_dir():
        raise OptionError(f"--ledger {name}: a folder; expected a file")
    if read_only:
        if not path.is_file():
            raise OptionError(f"--ledger {name}: no such file")
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a"):
            pass
    except OSError as err:
        raise OptionError(f"--ledger {name}: cannot write there ({err.strerror})") from None
    return path


def _run_ladder(args: argparse.Namespace, game: Game) -> int:
    from tabletop.ai.ladder import elo_table, run_ladder

    levels = _level_range(args.levels)
    if args.jobs < 1:
        raise OptionError("--jobs must be at least 1")
    if args.report and not (args.records or args.ledger):
        raise OptionError("--report reads a ladder's --records DIR or --ledger FILE; give one")
    if not 0 <= args.first < args.games:
        raise OptionError(f"--first {args.first}: expected 0 <= N < --games ({args.games})")
    ledger = _ledger_file(args.ledger, read_only=args.report)
    rungs = run_ladder(
        game,
        levels,
        args.games,
        jobs=args.jobs,
        seed=args.seed or 0,
        max_plies=args.max_plies,
        progress=None if args.report else _progress,
        records=_records_folder(args.records, read_only=args.report),
        max_repeats=args.max_repeats,
        play=not args.report,
        ledger=ledger,
        first=args.first,
    )
    print(file=sys.stderr)
    if args.report:
        where = " and ".join(str(w) for w in (args.records, args.ledger) if w)
        print(f"{game!r}: the games recorded in {where} of a ladder of {args.games} a rung")
    else:
        print(f"{game!r}: ladder, {args.games} games per rung")
    print(elo_table(rungs))
    return 0


def _run_gtp(args: argparse.Namespace) -> int:
    from tabletop.ai.go.engine import run_engine

    run_engine(
        sys.stdin,
        sys.stdout,
        level=args.level,
        seconds=args.seconds,
        playouts=args.playouts,
        rules=args.rules,
        seed=args.seed,
    )
    return 0


def _seats(args: argparse.Namespace, game: Game) -> list[str]:
    """Who sits where: --seats as given, else a person at seat 1 and --vs everywhere else."""
    if args.seats is None:
        return ["human"] + [args.vs.strip()] * (game.num_players - 1)
    if args.vs != "human":
        raise OptionError("give either --vs or --seats, not both")
    seats = [seat.strip() for seat in args.seats.split(",")]
    if len(seats) != game.num_players:
        raise OptionError(
            f"--seats {args.seats!r}: {len(seats)} seats for a {game.num_players}-player game"
        )
    return seats


def _list_games() -> None:
    for info in tabletop.list_games():
        players = "/".join(str(p) for p in info.players)
        print(f"{info.name} ({info.title}, {players} players)")
        for spec in info.options:
            default = spec.default_text or spec.default
            print(f"  --{spec.name.replace('_', '-')}: {spec.help}")
            print(f"      allowed: {spec.describe_allowed()}; default: {default}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status. Errors print one line, never a traceback."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    try:
        if args.command == "games":
            if extra:
                parser.error(f"unexpected arguments: {' '.join(extra)}")
            _list_games()
            return 0
        if args.command == "match":
            return _run_match(args, _option_pairs(extra, args.game))
        if args.command == "serve":
            if extra:
                parser.error(f"unexpected arguments: {' '.join(extra)}")
            from tabletop.server.serve import limits_from, serve, serve_limits

            return serve(
                args.host,
                args.port,
                args.db,
                serve_limits(args),
                limits_from(args),
                grace=args.grace,
                workers=args.workers,
                review_level=args.review_level,
                bus=args.bus,
            )
        if args.command == "cluster":
            from tabletop.server.cluster import run_cluster

            return run_cluster(args.processes, args.port, [a for a in extra if a != "--"])
        if args.command == "db":
            if extra:
                parser.error(f"unexpected arguments: {' '.join(extra)}")
            from tabletop.server.serve import upgrade_database

            return upgrade_database(args.db)
        if args.command == "review":
            if extra:
                parser.error(f"unexpected arguments: {' '.join(extra)}")
            from tabletop.review.command import run_review

            return run_review(args)
        if args.command == "gtp":
            if extra:
                parser.error(f"unexpected arguments: {' '.join(extra)}")
            return _run_gtp(args)
        info = game_info(args.game)
        options = _option_pairs(extra, info.name)
        state = None
        if args.load:
            if options:
                raise OptionError("--load takes the game's options from the record; drop them")
            state = load_record(args.load)
            if state.game.name != info.name:
                raise OptionError(f"{args.load} is a {state.game.name} record, not {info.name}")
            game = state.game
        else:
            game = tabletop.load_game(info.name, **options)
        seats = _seats(args, game)
        TerminalGame(game, seats, seed=args.seed, state=state).run()
        return 0
    except TabletopError as err:
        print(f"tabletop: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. piped into head): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
