"""Go games for fitting pattern weights: GNU Go playing itself over GTP, saved as SGF.

One GNU Go process plays both colours (``genmove b``, ``genmove w`` in turn)
with komi 7 and Chinese rules until two passes, a resignation or 600 moves;
its ``--seed`` differs game by game (GNU Go breaks ties between equal moves at
random), so the games differ. Game k is on the board ``sizes[k % len(sizes)]``
(``--sizes``, default 19 13 9) and is written to
``OUT/gnugo-L<level>-<size>-<k>.sgf``; a game whose file exists is skipped,
so a killed run resumes. Every ``--test-every``-th game is played at
``--test-level`` instead (the held-out games, named the same way with their
level). Moves are replayed through tabletop's rules, so every saved record is
legal under them.

    nice -n 10 python bench/gnugo_games.py --out /work/runs/h14b/games --games 200
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import subprocess
import sys
import time
from pathlib import Path

import tabletop
from arguments import count, run_main
from tabletop.games.go.rules import GoState
from tabletop.games.go.sgf import save_sgf

SIZES = (19, 13, 9)
MAX_MOVES = 600


class Gtp:
    """A GTP engine on pipes: one command, one answer."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, line: str) -> str:
        """Send ``line``; the answer's text (raises on a GTP error)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines: list[str] = []
        while True:
            got = self.proc.stdout.readline()
            if not got:
                raise RuntimeError(f"GNU Go closed its output after {line!r}")
            if got.strip() == "" and lines:
                break
            if got.strip():
                lines.append(got.strip())
        answer = " ".join(lines)
        if answer.startswith("?"):
            raise RuntimeError(f"GNU Go refused {line!r}: {answer}")
        return answer[1:].strip()

    def close(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.ask("quit")
        self.proc.wait(timeout=10)


def play_one(program: str, size: int, level: int, seed: int) -> tuple[GoState, str | None]:
    """One self-play game: the final state and the result text for a resignation."""
    game = tabletop.load_game("go", size=size, rules="chinese", komi=7)
    state = game.new_state()
    assert isinstance(state, GoState)
    gtp = Gtp([program, "--mode", "gtp", "--level", str(level), "--chinese-rules",
               "--seed", str(seed)])  # fmt: skip
    try:
        gtp.ask(f"boardsize {size}")
        gtp.ask("clear_board")
        gtp.ask("komi 7")
        colour = "b"
        while not state.is_over() and state.ply < MAX_MOVES:
            answer = gtp.ask(f"genmove {colour}").lower()
            if answer == "resign":
                return state, ("W+R" if colour == "b" else "B+R")
            state.play(state.parse_move("pass" if answer == "pass" else answer.upper()))
            colour = "w" if colour == "b" else "b"
    finally:
        gtp.close()
    return state, None


def main(argv: list[str] | None = None) -> int:
    """Play the games not yet on disk."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder for the SGF files")
    parser.add_argument("--games", type=count, default=100, help="games in all (default 100)")
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="boards")
    parser.add_argument("--level", type=count, default=1, help="GNU Go's level (default 1)")
    parser.add_argument("--test-every", type=count, default=5, help="every k-th game is a test")
    parser.add_argument("--test-level", type=count, default=10, help="the test games' level")
    parser.add_argument("--gnugo", default="/usr/games/gnugo", help="the GNU Go program")
    args = parser.parse_args(argv)
    program = shutil.which(args.gnugo)
    if program is None:
        print(f"GNU Go not found at {args.gnugo!r} (apt-get install gnugo)", file=sys.stderr)
        return 1
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for k in range(args.first, args.first + args.games):
        size = args.sizes[k % len(args.sizes)]
        level = args.test_level if k % args.test_every == args.test_every - 1 else args.level
        path = out / f"gnugo-L{level}-{size}-{k}.sgf"
        if path.exists():
            continue
        start = time.perf_counter()
        state, result = play_one(program, size, level, seed=1000 + k)
        name = f"GNU Go 3.8 level {level}"
        tmp = path.with_suffix(".part")
        save_sgf(state, tmp, black=name, white=name, result=result)
        tmp.rename(path)
        print(f"game {k}: {size}x{size} level {level}, {state.ply} moves, "
              f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    run_main(main)
