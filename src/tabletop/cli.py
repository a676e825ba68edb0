"""The ``tabletop`` command: ``play`` a game in the terminal, list the ``games``, ``gtp``.

Game options are given as ``--name value`` after the game's name and are
checked against the game's declared options, so every registered game is
playable at once: ``tabletop play go --size 9 --rules chinese --handicap 4``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import tabletop
from tabletop.core import OptionError, TabletopError, game_info
from tabletop.terminal import TerminalGame, load_record

OPPONENTS = ("human", "random")


def _option_pairs(tokens: Sequence[str]) -> dict[str, Any]:
    """Turn ``--size 9 --rules=chinese`` into {"size": "9", "rules": "chinese"}."""
    options: dict[str, Any] = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not token.startswith("--") or token == "--":
            raise OptionError(f"unexpected argument {token!r}: options look like --size 9")
        name, eq, value = token[2:].partition("=")
        if not eq:
            if i + 1 >= len(tokens) or tokens[i + 1].startswith("--"):
                raise OptionError(f"option --{name} needs a value")
            value = tokens[i + 1]
            i += 1
        options[name.replace("-", "_")] = value
        i += 1
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=tabletop.__version__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play in the terminal. Game options follow the game: --size 9 ...",
    )
    play.add_argument("game", help="the game: " + ", ".join(g.name for g in tabletop.list_games()))
    play.add_argument("--vs", choices=OPPONENTS, default="human", help="the second seat")
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
    match = sub.add_parser(
        "match",
        help="play agents against each other and print the standings",
        description="N games between agents (random, mcts[:playouts=N,seconds=S,c=X], "
        "gtp:COMMAND), rotating seats. Game options follow: --size 9 ...",
    )
    match.add_argument("game", help="the game")
    match.add_argument("--agents", nargs="+", required=True, metavar="AGENT", help="2 to 4 agents")
    match.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    match.add_argument("--seconds", type=float, default=None, help="seconds per move")
    match.add_argument("--playouts", type=int, default=None, help="playouts per move")
    match.add_argument("--max-plies", type=int, default=None, help="end games here as draws")
    match.add_argument("--records", metavar="DIR", help="write every game's record here")
    match.add_argument("--seed", type=int, default=None, help="seed for the agents")
    gtp = sub.add_parser(
        "gtp",
        help="run a GTP v2 Go engine on stdin/stdout",
        description="A GTP v2 Go engine (for GoGui, gomill, twogtp, KGS clients).",
    )
    gtp.add_argument("--rules", default="chinese", help="Go rule set (default: chinese)")
    gtp.add_argument("--seconds", type=float, default=1.0, help="seconds per move without a clock")
    gtp.add_argument("--playouts", type=int, default=None, help="playouts per move (a cap)")
    gtp.add_argument("--seed", type=int, default=None, help="seed for the search")
    return parser


def _run_match(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from pathlib import Path

    from tabletop.ai import Budget
    from tabletop.ai.specs import make_agent
    from tabletop.ai.tournament import run_match, table

    game = tabletop.load_game(args.game, **options)
    if not 2 <= len(args.agents) <= 4:
        raise OptionError("--agents takes 2 to 4 agents")
    if args.games < 1:
        raise OptionError("--games must be at least 1")
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

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        bar = "#" * filled + "." * (width - filled)
        print(f"\r[{bar}] {done}/{total} games", end="", file=sys.stderr, flush=True)

    records = Path(args.records) if args.records else None
    standings = run_match(game, agents, args.games, budget, args.max_plies, records, progress)
    print(file=sys.stderr)
    print(f"{game!r}: {args.games} games")
    print(table(standings))
    for agent in agents:
        close = getattr(agent, "close", None)
        if close is not None:
            close()
    return 0


def _run_gtp(args: argparse.Namespace) -> int:
    from tabletop.ai import Budget, MCTSAgent
    from tabletop.ai.knowledge import rollout_for
    from tabletop.games.go import GoMove, GoState
    from tabletop.games.go.gtp import GtpEngine

    agents: dict[Any, MCTSAgent] = {}

    def genmove(state: GoState, seconds: float | None) -> GoMove | None:
        agent = agents.get(state.game)
        if agent is None:
            agent = agents[state.game] = MCTSAgent(rollout_for(state.game), seed=args.seed)
        budget = Budget(seconds=seconds or args.seconds, playouts=args.playouts)
        analysis = agent.analyze(state, budget)
        best = analysis.moves[0]
        if best.value < -0.95 and best.visits >= 200:
            return None  # resign: every line the search tried loses
        assert isinstance(best.move, GoMove)
        return best.move

    engine = GtpEngine(genmove, rules=args.rules, version=tabletop.__version__)
    engine.run(sys.stdin, sys.stdout)
    return 0


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
            return _run_match(args, _option_pairs(extra))
        if args.command == "serve":
            if extra:
                parser.error(f"unexpected arguments: {' '.join(extra)}")
            from tabletop.server.serve import serve

            return serve(args.host, args.port, args.db)
        if args.command == "gtp":
            if extra:
                parser.error(f"unexpected arguments: {' '.join(extra)}")
            return _run_gtp(args)
        info = game_info(args.game)
        options = _option_pairs(extra)
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
        seats = ["human"] + [args.vs] * (game.num_players - 1)
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
