"""Life and death by an outside judge: does our search settle GNU Go's critical groups?

Positions come from recorded games (``strength_go.py --sgf-dir`` keeps them), every
``--step`` plies from ``--start`` (an odd step gives both colours the move in turn).
GNU Go 3.8 (level 10, GTP, the client of bench/gnugo_games.py) loads each (``loadsgf
FILE PLY``) and lists its groups' status (``dragon_status``). A position with a
critical group is a problem for the side to move: to kill it (the opponent's) or to
save it (its own). Our level 10's search chooses a move with ``--iterations``
iterations, once with the board's default search ("off", ``search.default_params``) and
once with the flags' knobs set on it ("on"); GNU Go plays each move and is asked the
groups' status again.
A move **settles** the position when, after it, one of the critical groups went our
way: an opponent's dead (or captured), an own one alive. GNU Go's own move there
(``reg_genmove``) is judged the same way: the share it settles is the ceiling of what
this judge calls right.

A move can be good and settle nothing (a bigger point elsewhere, a group already lost),
so the shares compare versions of our search on the same problems; they do not grade
it. The judge is GNU Go's reading (its owl code), not the truth.

    nice -n 10 python bench/go_critical.py /work/runs/s11/sgf13v3/*.sgf --nakade 1.0

Prints one line a problem and the shares settled by off, on and GNU Go.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from arguments import count, run_main
from gnugo_games import Gtp
from go_knobs import add_knobs, given_words, knob_params
from go_swings import start
from tabletop.ai.agent import Budget
from tabletop.ai.go.agent import GoSearchAgent
from tabletop.ai.go.search import SearchParams, default_params
from tabletop.core.records import replay
from tabletop.games.go import GoState
from tabletop.games.go.sgf import load_sgf


@dataclass(frozen=True)
class Dragon:
    """A group GNU Go calls critical: one of its stones, its colour, attack and defence."""

    vertex: str
    colour: str  # "black" or "white"
    attack: str
    defence: str


def critical_dragons(gtp: Gtp) -> list[Dragon]:
    """The critical groups of the loaded position, by GNU Go's ``dragon_status``."""
    tokens = gtp.ask("dragon_status").split()
    out = []
    for i, token in enumerate(tokens):
        if token.endswith(":") and i + 3 < len(tokens) and tokens[i + 1] == "critical":
            vertex = token[:-1]
            colour = gtp.ask(f"color {vertex}")
            out.append(Dragon(vertex, colour, tokens[i + 2], tokens[i + 3]))
    return out


def settles(gtp: Gtp, mover: str, move: str, dragons: list[Dragon]) -> bool:
    """True when ``move`` by ``mover`` leaves one of ``dragons`` our way (undone after)."""
    gtp.ask(f"play {mover} {move}")
    try:
        for dragon in dragons:
            if gtp.ask(f"color {dragon.vertex}") == "empty":
                if dragon.colour != mover:
                    return True  # captured
                continue
            status = gtp.ask(f"dragon_status {dragon.vertex}").split()[0]
            if dragon.colour != mover and status == "dead":
                return True
            if dragon.colour == mover and status == "alive":
                return True
        return False
    finally:
        gtp.ask("undo")


def our_move(state: GoState, params: SearchParams, iterations: int, seed: int) -> str:
    """Our search's move in ``state`` (level 10's search, no resignation)."""
    agent = GoSearchAgent(seed=seed, params=params, resign=False)
    return str(agent.choose(state, Budget(playouts=iterations)))


def problems(path: str, args: argparse.Namespace) -> list[tuple[bool, ...]]:
    """Each problem of one game: (off settles, on settles, GNU Go settles)."""
    record = load_sgf(path)
    moves = list(record.state.history)
    game = record.state.game
    off = default_params(game.size)
    on = knob_params(args, off)
    gtp = start(args.gnugo, game.size, args.gnugo_level, game.settings.komi)
    results = []
    try:
        for ply in range(args.start, len(moves), args.step):
            mover = gtp.ask(f"loadsgf {path} {ply + 1}")  # the position before move ply+1
            dragons = critical_dragons(gtp)
            if not dragons:
                continue
            state = game.new_state()
            replay(state, moves[:ply])
            assert isinstance(state, GoState)
            if mover != ("black", "white")[state.to_move or 0]:
                raise SystemExit(f"{path}: GNU Go's side to move at ply {ply + 1} is {mover}")
            off_move = our_move(state, off, args.iterations, args.seed + ply)
            on_move = our_move(state, on, args.iterations, args.seed + ply)
            theirs = gtp.ask(f"reg_genmove {mover}")
            theirs = "pass" if theirs.lower() == "resign" else theirs
            row = tuple(settles(gtp, mover, m, dragons) for m in (off_move, on_move, theirs))
            results.append(row)
            groups = " ".join(f"{d.vertex}({d.colour[0]}; {d.attack}/{d.defence})" for d in dragons)
            marks = " ".join(
                f"{who} {m}{'+' if ok else '-'}"
                for who, m, ok in zip(
                    ("off", "on", "gnugo"), (off_move, on_move, theirs), row, strict=True
                )
            )
            print(f"{Path(path).name} ply {ply + 1} {mover} to move; critical {groups}: {marks}",
                  flush=True)  # fmt: skip
    finally:
        gtp.close()
    return results


def main(argv: list[str] | None = None) -> int:
    """Judge the problems of every game given and print the shares settled."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="SGF files")
    parser.add_argument("--start", type=count, default=20, help="first ply looked at")
    parser.add_argument(
        "--step", type=count, default=5, help="plies between positions (odd: both colours move)"
    )
    parser.add_argument("--iterations", type=count, default=5000, help="our iterations a move")
    parser.add_argument("--seed", type=int, default=1, help="our search's seed (plus the ply)")
    add_knobs(parser, '"on":')
    parser.add_argument("--gnugo", default="/usr/games/gnugo", help="the GNU Go program")
    parser.add_argument("--gnugo-level", type=count, default=10, help="GNU Go's level")
    args = parser.parse_args(argv)
    missing = [path for path in args.games if not Path(path).is_file()]
    if missing:
        parser.error(f"no such game record: {missing[0]}")
    rows: list[tuple[bool, ...]] = []
    for path in args.games:
        rows += problems(path, args)
    if not rows:
        print("no position with a critical group")
        return 0
    n = len(rows)
    shares = [sum(row[k] for row in rows) for k in range(3)]
    print(f"{n} problems; settled by off {shares[0]} ({shares[0] / n:.0%}), on {shares[1]} "
          f"({shares[1] / n:.0%}), GNU Go {shares[2]} ({shares[2] / n:.0%}); "
          f"on: {given_words(args)[2:]}")  # fmt: skip
    return 0


if __name__ == "__main__":
    run_main(main)
