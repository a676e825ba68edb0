"""Go scoring against GNU Go: our dead-stone proposal's result next to GNU Go 3.8's.

Plays games between computer levels 3..6 (``--levels``; a random pair per game, colours
alternating), Chinese rules, komi 7, to two passes (nobody resigns). For each
finished game it scores the board with the proposal every player starts the
scoring phase from (play.match.default_dead_proposal, which the server, the
terminal and GTP share) and asks GNU Go for ``final_score`` on the same moves
(``gnugo --mode gtp --chinese-rules --komi 7``). Prints a line per game and a
summary: the same winner in N of the games, within 2 points in M.

Each game is one line of a resumable JSONL ledger (``--ledger``): its moves,
GNU Go's score and dead stones, our proposal and score. Games already there
are not played again; ``--rescore`` plays nothing and scores the ledger's
games again with the current estimator (to measure a change to it).

    python bench/scoring_gnugo.py --ledger docs/scoring/go9.jsonl             # 100 games, 9x9
    python bench/scoring_gnugo.py --size 13 --ledger docs/scoring/go13.jsonl  # 20 games
    python bench/scoring_gnugo.py --ledger docs/scoring/go9.jsonl --rescore
    python bench/scoring_gnugo.py --size 13 --levels 6 --against-gnugo 1 --ledger FILE
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import tabletop
from arguments import count, run_main, whole
from tabletop.ai.agent import Agent
from tabletop.ai.go.gtp_player import GtpPlayer
from tabletop.ai.levels import agent_for_level
from tabletop.games.go import GoState
from tabletop.games.go.dead import DEAD_SHARE, dead_chains
from tabletop.play.match import default_dead_proposal

LEVELS = (3, 4, 5, 6)
KOMI = 7.0
SEED = 7  # every run's seed, so game i is the same game in every run
CLOSE = 2.0  # "within 2 points"


def _margin(result: str) -> float:
    """Black's lead in an SGF-style result: ``B+3``, ``W+7.5``, ``0``."""
    result = result.strip()
    if result in ("0", "Draw", "Jigo"):
        return 0.0
    sign = 1.0 if result[0] in "Bb" else -1.0
    return sign * float(result[2:])


def _gnugo(program: str, size: int, moves: list[str]) -> tuple[str, list[str]]:
    """GNU Go's final_score and final_status_list dead after ``moves`` (Black first)."""
    lines = [f"boardsize {size}", "clear_board", f"komi {KOMI}"]
    lines += [f"play {'bw'[i % 2]} {m}" for i, m in enumerate(moves)]
    lines += ["final_score", "final_status_list dead", "quit"]
    done = subprocess.run(
        [program, "--mode", "gtp", "--chinese-rules", "--komi", str(KOMI)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    replies = [r.strip() for r in done.stdout.split("\n\n") if r.strip()]
    refused = [r for r in replies if r.startswith("?")]
    if refused:
        raise RuntimeError(f"GNU Go refused a command: {refused[0]}")
    score, dead, _quit = replies[-3:]
    return score[1:].strip(), score_list(dead[1:])


def score_list(text: str) -> list[str]:
    """The points of a GTP vertex list answer."""
    return sorted(text.split())


def _play(size: int, index: int, levels_used: list[int], opponent: str | None) -> dict[str, Any]:
    """Game ``index``: levels (0 for GNU Go as a player) and moves to two passes."""
    rng = random.Random(SEED * 1_000_003 + size * 1009 + index)
    pair = rng.sample(levels_used, 2) if opponent is None else [rng.choice(levels_used), 0]
    levels = pair if index % 2 == 0 else pair[::-1]  # colours alternate game by game
    game = tabletop.load_game("go", size=size, rules="chinese", komi=KOMI)
    agents: list[Agent] = []
    for level in levels:
        if level:
            agents.append(agent_for_level(game, level, rng.getrandbits(31)))
        else:
            assert opponent is not None
            agents.append(GtpPlayer(opponent))
    state = game.new_state()
    assert isinstance(state, GoState)
    cap = 4 * size * size
    try:
        while not state.is_over() and state.ply < cap:
            seat = state.to_move
            assert seat is not None
            state.play(agents[seat].choose(state))
    finally:
        for agent in agents:
            if isinstance(agent, GtpPlayer):
                agent.close()
    return {
        "levels": levels,
        "moves": [str(m) for m in state.history],
        "ended": state.end_reason or "cap",
    }


def _ours(size: int, moves: list[str], index: int) -> tuple[str, list[str]]:
    """Our proposal and the score with it, for the game of ``moves``."""
    state = tabletop.load_game("go", size=size, rules="chinese", komi=KOMI).new_state()
    assert isinstance(state, GoState)
    for m in moves:
        state.play(m)
    dead = default_dead_proposal(state, index)
    return state.score(dead=dead).result(), dead


def _disputed(size: int, entry: dict[str, Any], index: int) -> str:
    """The chains we and GNU Go judge differently, each with its share (dead.dead_chains)."""
    state = tabletop.load_game("go", size=size, rules="chinese", komi=KOMI).new_state()
    assert isinstance(state, GoState)
    for m in entry["moves"]:
        state.play(m)
    theirs = set(entry["gnugo_dead"])
    rows = []
    for chain, lost in dead_chains(state, seed=index):
        ours = lost >= DEAD_SHARE
        if ours != bool(theirs & set(chain)):
            head = f"{chain[0]}+{len(chain) - 1}" if len(chain) > 1 else chain[0]
            rows.append(f"{head} lost {lost:.2f} ({'dead' if ours else 'alive'} to us)")
    return "      disputed: " + ("; ".join(rows) or "none")


def _who(level: int) -> str:
    return str(level) if level else "gnugo"


def _line(entry: dict[str, Any]) -> str:
    ours, theirs = _margin(entry["ours"]), _margin(entry["gnugo"])
    mark = " " if (ours > 0) == (theirs > 0) and abs(ours - theirs) <= CLOSE else "*"
    return (
        f"{mark}game {entry['game']:3d}  B{_who(entry['levels'][0])} W{_who(entry['levels'][1])}"
        f"  {len(entry['moves']):3d} plies  ours {entry['ours']:>7}  gnugo {entry['gnugo']:>7}"
        f"  our dead {' '.join(entry['our_dead']) or '-'}"
        f"  | gnugo dead {' '.join(entry['gnugo_dead']) or '-'}"
    )


def _summary(entries: list[dict[str, Any]]) -> str:
    n = len(entries)
    same = close = 0
    for e in entries:
        ours, theirs = _margin(e["ours"]), _margin(e["gnugo"])
        same += (ours > 0) == (theirs > 0) and (ours < 0) == (theirs < 0)
        close += abs(ours - theirs) <= CLOSE
    return f"{n} games: same winner {same}/{n}, within {CLOSE:g} points {close}/{n}"


def _read(path: Path) -> dict[int, dict[str, Any]]:
    entries: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                entry = json.loads(line)
                entries[int(entry["game"])] = entry
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a killed run: that game is played again
    return entries


def _append(path: Path, entry: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(entry, separators=(",", ":")) + "\n"
    with path.open("a") as f:
        if f.tell() and not path.read_bytes().endswith(b"\n"):
            line = "\n" + line
        f.write(line)


def main(argv: list[str] | None = None) -> int:
    """Play (or rescore) the games and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, choices=(9, 13, 19), default=9)
    parser.add_argument("--games", type=count, help="games (default 100 on 9x9, else 20)")
    parser.add_argument("--first", type=whole, default=0, help="number of the first game")
    parser.add_argument("--ledger", type=Path, required=True, help="the JSONL ledger")
    parser.add_argument(
        "--levels", type=count, nargs="+", default=list(LEVELS), help="levels (default 3-6)"
    )
    parser.add_argument("--rescore", action="store_true", help="score the ledger's games again")
    parser.add_argument("--gnugo", default="/usr/games/gnugo", help="the GNU Go program")
    parser.add_argument(
        "--against-gnugo",
        type=count,
        metavar="LEVEL",
        help="each game pairs one of --levels with GNU Go at this level (one --levels is enough)",
    )
    args = parser.parse_args(argv)
    if len(set(args.levels)) < 2 and args.against_gnugo is None:
        parser.error("--levels: at least two different levels")
    games = args.games or (100 if args.size == 9 else 20)
    wanted = range(args.first, args.first + games)
    known = _read(args.ledger)
    if args.rescore:
        entries = []
        for i in wanted:
            if i in known and known[i]["size"] == args.size:
                entry = dict(known[i])
                entry["ours"], entry["our_dead"] = _ours(args.size, entry["moves"], i)
                print(_line(entry), flush=True)
                if sorted(entry["our_dead"]) != sorted(entry["gnugo_dead"]):
                    print(_disputed(args.size, entry, i))
                entries.append(entry)
        print(_summary(entries))
        return 0
    program = shutil.which(args.gnugo)
    if program is None:
        print(f"GNU Go not found at {args.gnugo!r} (apt-get install gnugo)", file=sys.stderr)
        return 1
    entries = []
    for i in wanted:
        if i in known:
            entry = known[i]
        else:
            start = time.monotonic()
            opponent = None
            if args.against_gnugo is not None:
                opponent = f"{program} --mode gtp --level {args.against_gnugo} --chinese-rules"
            played = _play(args.size, i, args.levels, opponent)
            ours, our_dead = _ours(args.size, played["moves"], i)
            gnugo, gnugo_dead = _gnugo(program, args.size, played["moves"])
            entry = {
                "game": i,
                "size": args.size,
                "seed": SEED,
                **played,
                "ours": ours,
                "our_dead": our_dead,
                "gnugo": gnugo,
                "gnugo_dead": gnugo_dead,
                "seconds": round(time.monotonic() - start, 1),
                "pid": os.getpid(),
            }
            _append(args.ledger, entry)
        print(_line(entry), flush=True)
        entries.append(entry)
    print(_summary(entries))
    return 0


if __name__ == "__main__":
    run_main(main)
