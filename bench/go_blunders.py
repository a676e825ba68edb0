"""Where level 10's Go move goes wrong: positions from recorded games, counted by kind.

For every ``--step``-th position of each SGF game (GNU Go's own games from
bench/gnugo_games.py, or matches kept with ``strength_go.py --sgf-dir``) level
10's search chooses a move with ``--iterations`` iterations, and the move is
checked for the blunders issue 14 names, next to the move the game went on
with (GNU Go's):

* ``self-atari``: the move leaves its own chain of two stones or more with one
  liberty and captures nothing;
* ``ladder-run``: it extends a chain in atari to two liberties and the ladder
  reader (games/go/tactics.py) says it is then captured;
* ``left-in-atari``: an own chain of three stones or more is in atari, the game's
  move saved it (it is no longer in atari after it) and ours does not;
* ``missed-capture``: the game's move captured three stones or more, ours
  captures nothing and leaves that chain in atari;
* ``first-line``: ours is on the first line while the game's is not;
* ``pass``: ours passes while the game's does not.

    python bench/go_blunders.py /work/runs/h14b/games/gnugo-L1-19-*.sgf --iterations 3000

Prints one line a flagged position (file, ply, ours, the game's, kinds) and
the counts; a diagnostic, not a strength claim.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from arguments import count, run_main
from tabletop.ai.agent import Budget
from tabletop.ai.levels import agent_for_level
from tabletop.games.go import GoMove, GoState, kernels
from tabletop.games.go.sgf import load_sgf
from tabletop.games.go.tactics import escape_ladders, ladder_stack


def _point(state: GoState, move: GoMove) -> int:
    return int(state.game.points_by_action[state.move_to_action(move)])


def _chains_in_atari(state: GoState, color: int, smallest: int) -> set[int]:
    """Heads of ``color``'s chains of at least ``smallest`` stones in atari."""
    board, links, stats = state._board, state._links, state._stats
    heads = set()
    for p in range(board.shape[0]):
        mine = board[p] == color and links[0, p] == p and stats[0, p] >= smallest
        if mine and kernels.in_atari(stats, p):
            heads.add(p)
    return heads


def _after(state: GoState, move: GoMove) -> GoState:
    child = state.copy()
    child.play(move)
    assert isinstance(child, GoState)
    return child


def kinds(state: GoState, ours: GoMove, theirs: GoMove) -> list[str]:
    """The blunder kinds of playing ``ours`` where the game played ``theirs``."""
    found: list[str] = []
    if ours.is_pass:
        return [] if theirs.is_pass else ["pass"]
    color = int(state._meta[kernels.M_COLOR])
    opp = 3 - color
    n = state.game.size
    w = n + 2
    p = _point(state, ours)
    before = sum(state.prisoners)
    mine = _after(state, ours)
    took = sum(mine.prisoners) - before
    h = int(mine._links[0, p])
    if not took and mine._stats[0, h] >= 2 and kernels.in_atari(mine._stats, h):
        found.append(f"self-atari{int(mine._stats[0, h])}")
    saves = any(
        state._board[p + d] == color and kernels.in_atari(state._stats, state._links[0, p + d])
        for d in (-w, -1, 1, w)
    )
    board, links, stats = state._board, state._links, state._stats
    if saves and escape_ladders(board, links, stats, state._zob, w, p, color, ladder_stack(n)):
        found.append("ladder-run")
    if not theirs.is_pass:
        game_after = _after(state, theirs)
        for head in _chains_in_atari(state, color, 3):
            saved = game_after._board[head] == color and not kernels.in_atari(
                game_after._stats, game_after._links[0, head]
            )
            still = mine._board[head] == color and kernels.in_atari(
                mine._stats, mine._links[0, head]
            )
            if saved and still:
                found.append(f"left-in-atari{int(state._stats[0, head])}")
                break
        game_took = sum(game_after.prisoners) - before
        if game_took >= 3 and not took:
            heads = _chains_in_atari(state, opp, 3)
            if any(mine._board[x] == opp for x in heads):
                found.append(f"missed-capture{game_took}")
        row, col = p // w - 1, p % w - 1
        q = _point(state, theirs)
        qrow, qcol = q // w - 1, q % w - 1
        if min(row, col, n - 1 - row, n - 1 - col) == 0 and min(
            qrow, qcol, n - 1 - qrow, n - 1 - qcol
        ):
            found.append("first-line")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="SGF files")
    parser.add_argument("--iterations", type=count, default=3000)
    parser.add_argument("--step", type=count, default=4, help="every k-th position")
    parser.add_argument("--first", type=int, default=10, help="first ply looked at")
    parser.add_argument("--level", type=count, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    totals: Counter[str] = Counter()
    looked = 0
    for path in args.games:
        record = load_sgf(path)
        moves = list(record.state.history)
        game = record.state.game
        state = game.new_state()
        assert isinstance(state, GoState)
        for ply, move in enumerate(moves):
            if ply >= args.first and (ply - args.first) % args.step == 0:
                agent = agent_for_level(game, args.level, seed=args.seed + ply)
                ours = agent.choose(state, Budget(playouts=args.iterations))
                assert isinstance(ours, GoMove)
                found = kinds(state, ours, move)
                looked += 1
                totals.update(k.rstrip("0123456789") for k in found)
                if found:
                    print(f"{Path(path).name} ply {ply}: ours {ours} game {move}: "
                          f"{' '.join(found)}", flush=True)  # fmt: skip
            state.play(move)
    print(f"{looked} positions, {args.iterations} iterations each: " + (
        ", ".join(f"{k} {v}" for k, v in sorted(totals.items())) or "nothing flagged"))  # fmt: skip


if __name__ == "__main__":
    run_main(main)
