"""Where a lost Go game was lost, by an outside judge: GNU Go's view of each of our moves.

Each SGF game (a match kept with ``strength_go.py --sgf-dir``) is replayed in
GNU Go over GTP (``--mode gtp --level 10 --chinese-rules``, the client of
bench/gnugo_games.py). Before each of our moves GNU Go chooses its own move
there (``reg_genmove``, which plays nothing), and its ``estimate_score`` is
asked after its move (played, then undone) and after ours: the difference,
for us, is what our move cost in GNU Go's eyes. Both scores are taken with
the same side to move, so the tempo cancels: ``estimate_score`` alone does not
know whose move it is and swings by 10-15 points from ply to ply on 13x13;
``experimental_score COLOR`` (which does) gave +68 for Black on the empty board
and jumps of 70-90 points as a critical group changed hands, so it was no
judge; ``final_score`` plays the game out (20 s and more a call, and
meaningless early). The ``--top`` costliest of our moves are listed with
GNU Go's move and the board around ours, among the moves made while the game
was still open (GNU Go's value for us above ``-decided``: once a game is lost,
its estimate jumps by 50-100 points as dead groups change hands). ``--cache
DIR`` keeps each game's judged moves, so listing them again costs nothing.

``--ours-again N`` lets our level choose again, with N iterations, in each of
the listed positions and has GNU Go judge that move the same way: the same
positions before and after a change of our code. Those counts say whether
the listed mistakes are still made, not how strong the program is.

    nice -n 15 python bench/go_swings.py /work/runs/go13/sgf/strength_go-13-0.sgf --top 5
    nice -n 15 python bench/go_swings.py GAME.sgf --top 5 --ours-again 15000

Prints, per game, our colour, the number of our moves costing ``--big``
points or more and each listed move. A diagnostic, not a strength measure.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from arguments import count, run_main
from gnugo_games import Gtp
from tabletop.ai.agent import Budget
from tabletop.ai.levels import agent_for_level
from tabletop.core.records import replay
from tabletop.games.go import GoGame, GoMove, GoState
from tabletop.games.go.sgf import load_sgf

#: Rows of the board shown on either side of the move.
WINDOW = 4


@dataclass(frozen=True)
class Drop:
    """One of our moves and what it cost by GNU Go's estimate (points, for us)."""

    ply: int  # 1-based move number, as in an SGF viewer
    move: GoMove
    before: float  # our value by GNU Go's estimate after GNU Go's own move here
    after: float  # the same after ours
    gnugo: str = ""

    @property
    def cost(self) -> float:
        """Points lost by the move against GNU Go's choice in its place."""
        return self.before - self.after


def _colour(ply: int) -> str:
    """The GTP colour of the side to move after ``ply`` moves (no handicap)."""
    return "bw"[ply % 2]


def white_lead(gtp: Gtp) -> float:
    """GNU Go's ``estimate_score``: White's lead in points."""
    answer = gtp.ask("estimate_score").split()[0]
    lead = float(answer[2:]) if "+" in answer else 0.0
    return lead if answer.startswith("W") else -lead


def start(program: str, size: int, level: int, komi: float) -> Gtp:
    """A GNU Go engine at ``level`` on an empty board of ``size``."""
    gtp = Gtp([program, "--mode", "gtp", "--level", str(level), "--chinese-rules"])
    gtp.ask(f"boardsize {size}")
    gtp.ask("clear_board")
    gtp.ask(f"komi {komi}")
    return gtp


def judged(gtp: Gtp, colour: str, move: str, sign: float) -> float:
    """Our value (``sign`` turns White's lead into ours) after ``move``, which is undone."""
    gtp.ask(f"play {colour} {move}")
    value = sign * white_lead(gtp)
    gtp.ask("undo")
    return value


def window(state: GoState, move: GoMove) -> str:
    """The diagram rows within WINDOW rows of ``move`` (column letters kept)."""
    lines = str(state).splitlines()
    n = state.game.size
    board = lines[1 : 1 + n]
    row = n - int(str(move)[1:]) if not move.is_pass else n // 2
    shown = board[max(0, row - WINDOW) : row + WINDOW + 1]
    return "\n".join([lines[0], *shown, lines[0], lines[-1]])


def our_seat(black: str | None, white: str | None, ours: str) -> int:
    """0 when ``ours`` is in the Black player's name, 1 when in White's."""
    if black and ours in black:
        return 0
    if white and ours in white:
        return 1
    raise SystemExit(f"neither player's name holds {ours!r} (PB {black!r}, PW {white!r})")


def swings(path: str, args: argparse.Namespace) -> tuple[int, int]:
    """Replay one game in GNU Go and print the costliest of our moves (and our moves
    again); (our moves costing ``--big`` or more, those of our moves chosen again that do)."""
    record = load_sgf(path)
    seat = our_seat(record.black, record.white, args.ours)
    moves = list(record.state.history)
    game = record.state.game
    cache = Path(args.cache) / (Path(path).stem + ".json") if args.cache else None
    if cache is not None and cache.exists():
        drops = [Drop(d["ply"], game.new_state().parse_move(d["move"]), d["before"], d["after"],
                      d["gnugo"]) for d in json.loads(cache.read_text())]  # fmt: skip
    else:
        drops = judge(game, moves, seat, args)
        if cache is not None:
            cache.parent.mkdir(parents=True, exist_ok=True)
            rows = [{**asdict(d), "move": str(d.move)} for d in drops]
            cache.write_text(json.dumps(rows))
    path_line = " ".join(f"{d.ply}:{d.before:+.0f}" for d in drops[::10])
    live = [d for d in drops if d.before > -args.decided]
    live.sort(key=lambda d: -d.cost)
    big = sum(d.cost >= args.big for d in live)
    print(f"== {Path(path).name}: ours {'BW'[seat]}, {record.result}, {len(moves)} plies; "
          f"our moves costing {args.big:g}+ points while the game was open (GNU Go's value "
          f"for us above -{args.decided:g}): {big} of {len(live)}", flush=True)  # fmt: skip
    print(f"   GNU Go's value for us, every tenth move of ours: {path_line}")
    still = 0
    for drop in sorted(live[: args.top], key=lambda d: d.ply):
        still += show(game, moves, drop, args)
    return big, still


def judge(game: GoGame, moves: list[GoMove], seat: int, args: argparse.Namespace) -> list[Drop]:
    """Each of our moves (``seat``) judged by GNU Go against its own move in its place."""
    sign = 1.0 if seat == 1 else -1.0  # White's lead, turned into ours
    gtp = start(args.gnugo, game.size, args.gnugo_level, game.settings.komi)
    drops: list[Drop] = []
    try:
        for ply, move in enumerate(moves):
            colour = _colour(ply)
            if ply % 2 == seat:
                theirs = gtp.ask(f"reg_genmove {colour}").lower()
                if theirs == "resign":
                    theirs = "pass"
                after = judged(gtp, colour, str(move), sign)
                best = after if theirs == str(move).lower() else judged(gtp, colour, theirs, sign)
                drops.append(Drop(ply + 1, move, best, after, theirs.upper()))
            gtp.ask(f"play {colour} {move}")
    finally:
        gtp.close()
    return drops


def show(game: GoGame, moves: list[GoMove], drop: Drop, args: argparse.Namespace) -> int:
    """Print one costly move with the board after it, and (``--ours-again``) our move
    chosen again there; 1 when that move costs ``--big`` or more too."""
    ply = drop.ply - 1
    state = game.new_state()
    replay(state, moves[:ply])
    before = state.copy()
    state.play(drop.move)
    print(f"-- move {drop.ply} {drop.move}: costs {drop.cost:.1f} (GNU Go's estimate for us "
          f"{drop.after:+.1f}; after GNU Go's {drop.gnugo} {drop.before:+.1f})")  # fmt: skip
    print(window(state, drop.move))
    if not args.ours_again:
        return 0
    agent = agent_for_level(game, args.level, seed=args.seed + ply)
    again = agent.choose(before, Budget(playouts=args.ours_again))
    assert isinstance(again, GoMove)
    # A fresh engine judges GNU Go's move, the game's and ours again in one session: its
    # estimate of one position moves by up to ~15 points with what it read before.
    gtp = start(args.gnugo, game.size, args.gnugo_level, game.settings.komi)
    sign = 1.0 if ply % 2 else -1.0  # we moved at this ply: White when it is odd
    try:
        for k, move in enumerate(moves[:ply]):
            gtp.ask(f"play {_colour(k)} {move}")
        best = judged(gtp, _colour(ply), drop.gnugo, sign)
        game_move = judged(gtp, _colour(ply), str(drop.move), sign)
        value = judged(gtp, _colour(ply), str(again), sign)
    finally:
        gtp.close()
    cost = best - value
    print(f"   judged again: the game's move costs {best - game_move:.1f}; ours again "
          f"({args.ours_again} iterations) {again} costs {cost:.1f}", flush=True)  # fmt: skip
    return int(cost >= args.big)


def main(argv: list[str] | None = None) -> int:
    """Judge every game given and print the costliest of our moves in each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="SGF files")
    parser.add_argument("--top", type=count, default=5, help="drops listed a game")
    parser.add_argument("--big", type=float, default=5.0, help="a big drop, points")
    parser.add_argument(
        "--decided",
        type=float,
        default=30.0,
        help="list only moves made while GNU Go's value for us was above -this",
    )
    parser.add_argument("--cache", help="folder keeping each game's judged moves (JSON)")
    parser.add_argument("--ours", default="tabletop", help="text in our player's name")
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument("--gnugo-level", type=count, default=10)
    parser.add_argument("--ours-again", type=count, help="choose again with N iterations")
    parser.add_argument("--level", type=count, default=10, help="our level, for --ours-again")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    big = still = 0
    for path in args.games:
        game_big, game_still = swings(path, args)
        big += game_big
        still += game_still
    print(f"{len(args.games)} games: our moves costing {args.big:g}+ points: {big}")
    if args.ours_again:
        print(f"listed moves chosen again that cost {args.big:g}+ points: {still} of "
              f"{args.top * len(args.games)}")  # fmt: skip
    return 0


if __name__ == "__main__":
    run_main(main)
