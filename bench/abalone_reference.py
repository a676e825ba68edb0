"""The reference Abalone opponent as an Agent, and its speed: nodes a second and depth.

ReferenceAgent is the alpha-beta of bench/abalone_ref (decision 0095) driven by
iterative deepening against the clock: each depth searches the root moves best
first (the previous depth's order, so its best move leads: the papers' "previous
iteration's best move first"), and the table, killers and history it leaves order
the next. When time runs out mid-depth, a root move that finished that depth and
beat the previous best is played, else the previous depth's best.

    python bench/abalone_reference.py --seconds 2      # nodes/s and depth per phase
    python bench/abalone_reference.py --nodes 500000   # the depth a node budget reaches

prints, for the opening, a middle-game and an ending position, the nodes a
second, the depth finished and the deepest ply reached in ``--seconds``.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

import tabletop
from abalone_ref import search
from abalone_ref.evaluation import MARBLE, WEIGHTS
from abalone_ref.ordering import order_scores
from arguments import count, run_main, seconds
from tabletop.ai.agent import Agent, Analysis, Budget, MoveStat
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.games.abalone import kernels
from tabletop.games.abalone.rules import AbaloneGame, AbaloneState

#: The reference's thinking time a move unless a budget says otherwise (issue 15: 2 s).
DEFAULT_SECONDS = 2.0
#: Nodes a second assumed before the first measurement of a search.
ASSUMED_RATE = 200_000
#: Points that map to a value of tanh(1) ~ 0.76 in an Analysis: three marbles.
VALUE_SCALE = 3 * MARBLE
ZOBRIST = kernels.zobrist_table()


class ReferenceAgent(Agent):
    """Iterative-deepening alpha-beta on the ABA-PRO-style evaluation; 2-player Abalone."""

    name = "reference"

    def __init__(self, seconds: float = DEFAULT_SECONDS, max_depth: int = 40) -> None:
        super().__init__()
        self.budget = Budget(seconds=seconds)
        self.max_depth = min(max_depth, search.MAX_PLY - 2)
        self.weights = WEIGHTS.copy()
        self._context: search.Context | None = None
        self._game: AbaloneGame | None = None
        _warm_up()

    def _context_for(self, game: AbaloneGame) -> search.Context:
        if self._context is None or self._game is not game:
            self._context = search.Context(ZOBRIST, game.team_of_colour, game.policy)
            self._game = game
        return self._context

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if not isinstance(state, AbaloneState) or state.game.num_players != 2:
            raise TabletopError("the reference opponent plays 2-player Abalone only")
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        deadline = self._deadline(budget or self.budget)
        limit = deadline.budget.seconds
        node_limit = deadline.budget.playouts
        ctx = self._context_for(state.game)
        seat = state._seat
        mover = seat + 1
        ctx.boards[0, :] = state._board
        ctx.lost[0, 0] = state.ejected[1 - seat]
        ctx.lost[0, 1] = state.ejected[seat]
        ctx.seen = game_keys(state)
        ctx.killers[:] = -1
        ctx.history //= 4  # old cuts say less about this position; keep a trace
        stats = ctx.stats
        stats[:] = 0
        roots = state.legal_actions()
        order = _first_order(ctx, roots, mover)
        best = order[0]
        values: dict[int, int] = {}
        depth_done = 0
        rate = float(ASSUMED_RATE)
        for depth in range(1, self.max_depth + 1):
            alpha = -search.INF
            found: dict[int, int] = {}
            leader = -1
            aborted = False
            for i, action in enumerate(order):
                cap = _node_cap(stats, rate, deadline.elapsed, limit, node_limit, depth)
                if cap <= stats[search.NODES]:
                    aborted = True
                    break
                stats[search.CAP] = cap
                v = search.root_move(
                    action, depth, alpha, search.INF, i == 0, mover, ctx.boards, ctx.moves,
                    ctx.scores, ctx.path, ctx.lost, ctx.table_keys, ctx.table_data, ctx.killers,
                    ctx.history, stats, ctx.seen, ctx.zobrist, ctx.team, ctx.policy, self.weights,
                )  # fmt: skip
                elapsed = deadline.elapsed
                if elapsed > 0.05:  # the first calls are too short to time
                    rate = max(1000.0, stats[search.NODES] / elapsed)
                if stats[search.ABORTED]:
                    aborted = True
                    break
                found[int(action)] = int(v)
                if v > alpha:
                    alpha = v
                    leader = int(action)
            if aborted:
                # Moves that finished this depth and beat the old best are sure to be better.
                if leader >= 0 and int(order[0]) in found:
                    best = leader
                break
            depth_done = depth
            values = found
            order = np.array(sorted(order, key=lambda a: -found[int(a)]), dtype=np.int64)
            best = int(order[0])
            if abs(found[best]) >= search.WIN - 100:
                break  # a forced win or loss: deeper search changes nothing
        deadline.iterations = int(stats[search.NODES])
        return self._report(state, best, order, values, depth_done, deadline.elapsed)

    def _report(
        self,
        state: AbaloneState,
        best: int,
        order: np.ndarray,
        values: dict[int, int],
        depth: int,
        elapsed: float,
    ) -> Analysis:
        stats = self._context.stats if self._context else np.zeros(4, dtype=np.int64)
        ranked = [best] + [int(a) for a in order if int(a) != best]
        moves = [
            MoveStat(
                state.action_to_move(a),
                1,
                1 / len(ranked),
                math.tanh(values.get(a, 0) / VALUE_SCALE),
            )
            for a in ranked
        ]
        v = moves[0].value
        seat = state._seat
        per_seat = (v, -v) if seat == 0 else (-v, v)
        nodes = int(stats[search.NODES])
        detail: dict[str, object] = {
            "depth": depth,
            "seldepth": int(stats[search.SELDEPTH]),
            "nodes": nodes,
            "nps": nodes / max(elapsed, 1e-9),
        }
        return Analysis(per_seat, moves, [moves[0].move], nodes, elapsed, detail)


_warmed = False


def _warm_up() -> None:
    """Compile the search once a process, when the first agent is made, so that it is
    not paid inside a move's time. The recursive kernels are not cached (search.py
    says why), so this takes ~10 s of CPU in every process."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    state = tabletop.load_game("abalone").new_state()
    ReferenceAgent().analyze(state, Budget(playouts=200))


def _node_cap(
    stats: np.ndarray,
    rate: float,
    elapsed: float,
    limit: float | None,
    node_limit: int | None,
    depth: int,
) -> int:
    """The node count the next root move may search up to: what the time left buys at
    ``rate``, within a node budget; depth 1 always finishes (a move is always found)."""
    nodes = int(stats[search.NODES])
    cap = 1 << 62
    if limit is not None:
        left = limit - elapsed
        cap = nodes + int(rate * left) if left > 0 else nodes
    if node_limit is not None:
        cap = min(cap, node_limit)
    if depth == 1:
        cap = max(cap, nodes + 100_000)
    return cap


def _first_order(ctx: search.Context, roots: np.ndarray, mover: int) -> np.ndarray:
    """The root moves in the search's static order (ejections, pushes, marbles moved)."""
    n = roots.shape[0]
    scores = np.zeros(n, dtype=np.int64)
    order_scores(ctx.boards[0], roots, n, scores, -1, -1, -1, ctx.history)
    ranked: np.ndarray = roots[np.argsort(-scores, kind="stable")]
    return ranked


def game_keys(state: AbaloneState) -> np.ndarray:
    """The search's keys (kernels.board_hash with the seat to move) of every position of
    the game so far, sorted: a line that comes back to one is a draw."""
    keys = []
    earlier = state.copy()
    while True:
        keys.append(int(kernels.board_hash(earlier._board, ZOBRIST, earlier._seat)))
        if earlier.ply == 0:
            break
        earlier.undo()
    return np.array(sorted(set(keys)), dtype=np.int64)


def phases(player: Agent | None = None) -> dict[str, AbaloneState]:
    """An opening, a middle-game (40 plies of ``player``, by default the reference, at
    3,000 nodes a move) and an ending position of the standard layout."""
    game = tabletop.load_game("abalone")
    opening = game.new_state()
    assert isinstance(opening, AbaloneState) and isinstance(game, AbaloneGame)
    middle = opening.copy()
    player = player or ReferenceAgent()
    while middle.ply < 40 and not middle.is_over():
        middle.play(player.choose(middle, Budget(playouts=3000)))
    ending = game.setup(
        {
            0: ("c3", "c4", "d3", "d4", "d5", "e4", "e5", "f5", "g6"),
            1: ("e6", "f6", "f7", "g7", "g8", "h7", "h8", "d6", "c5", "b4"),
        },
        to_move=0,
    )
    return {"opening": opening, "middle": middle, "ending": ending}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=seconds, default=DEFAULT_SECONDS)
    parser.add_argument(
        "--nodes", type=count, help="search this many nodes instead (a loaded machine's stand-in)"
    )
    args = parser.parse_args()
    budget = Budget(playouts=args.nodes) if args.nodes else Budget(seconds=args.seconds)
    for name, state in phases().items():
        agent = ReferenceAgent()
        started, cpu = time.perf_counter(), time.process_time()
        analysis = agent.analyze(state, budget)
        spent, cpu = time.perf_counter() - started, time.process_time() - cpu
        d = analysis.detail
        nodes = int(str(d["nodes"]))
        # Per CPU second too: on a shared machine the wall rate says more about the load.
        print(
            f"{name:<8} ply {state.ply:>3}: {nodes:>9,} nodes in {spent:.2f} s "
            f"({cpu:.2f} s CPU) = {nodes / spent:>9,.0f} nodes/s ({nodes / max(cpu, 1e-9):,.0f} "
            f"a CPU second), depth {d['depth']} finished, deepest ply {d['seldepth']}, "
            f"best {analysis.best}"
        )


if __name__ == "__main__":
    run_main(main)
