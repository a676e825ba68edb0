"""The compiled Abalone search (search.py) as an Agent: iterative deepening, aspiration
windows and the clock, for 2 players.

Each depth searches the root moves best first (the previous depth's best leads, the
rest in the kernels' static order), the first with the window around the previous
depth's value (an aspiration window, widened to the full one when the value falls
outside), the others with a null window (principal-variation search). When time runs
out inside a depth, a root move that finished it and beat the previous best is played,
else the previous depth's best.

Time: a budget in seconds (a level's cap, or what a clock leaves) is the hard limit;
a new depth is started only while less than a share of it is spent, a larger share
when pushes are in the air (either side has an ejection available), as a deeper look
pays most there. A node budget alone makes the search repeatable (the level
fingerprints, the tests).

3 and 4 players keep the generic search (ai/alphabeta.py): the search here is negamax,
two sides only.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from tabletop.ai.abalone import evaluation, search
from tabletop.ai.agent import Agent, Analysis, Budget, Deadline, MoveStat
from tabletop.core.errors import TabletopError
from tabletop.core.game import Move, State
from tabletop.games.abalone import eval_kernels, kernels
from tabletop.games.abalone.rules import AbaloneState

#: Nodes a second assumed before the first measurement of a move.
ASSUMED_RATE = 300_000
#: Half-width of the aspiration window, raw points (a sixth of a marble).
ASPIRATION = 1.0
#: Share of the seconds after which no new depth starts: quiet, and pushes in the air.
NEW_DEPTH_SHARE = 0.5
NEW_DEPTH_SHARE_PUSHES = 0.7
#: Share of the time left a root move's node cap is sized for.
TIME_MARGIN = 0.8
#: Plies of ejections the quiescence search follows past the horizon.
QUIESCENCE_PLIES = 4
ZOBRIST = kernels.zobrist_table()


#: The fitted table (bench/fit_abalone_eval.py writes it).
FITTED = Path(__file__).with_name("fitted.json")


def search_weights() -> np.ndarray:
    """games/abalone/evaluation.py's weights in evaluation.py's order (its further terms
    0, noise 0): the search then values positions as the generic search does."""
    w = np.zeros(evaluation.WEIGHTS)
    w[evaluation.F_EJECTED] = eval_kernels.EJECTED_WEIGHT
    w[evaluation.F_CENTRE] = eval_kernels.CENTRE_WEIGHT
    w[evaluation.F_COHESION] = eval_kernels.COHESION_WEIGHT
    w[evaluation.F_EDGE] = eval_kernels.EDGE_WEIGHT
    w[evaluation.F_THREAT_TO_MOVE] = eval_kernels.THREAT_TO_MOVE
    w[evaluation.F_THREAT_WAITING] = eval_kernels.THREAT_WAITING
    return w


def published_weights() -> np.ndarray:
    """The published programs' evaluation on our terms (decisions 0156, 0170): the
    reference opponent's terms and weights (bench/abalone_ref, decision 0095, written from
    ABA-PRO, Lemmens and Chorus), a marble 6 points: distances summed to ABA-PRO's point
    (the board centre with both sides' centres of mass), neighbour pairs summed, marbles
    on the edge, pushes available and ejections to make or parry. With these our search
    values a position as the reference does (a test compares them)."""
    w = np.zeros(evaluation.WEIGHTS)
    per_point = 6.0 / 1000.0  # the reference counts a marble 1,000
    w[evaluation.F_EJECTED] = 6.0
    w[evaluation.F_MASS_CENTRE] = -40.0 * per_point
    w[evaluation.F_PAIRS] = 12.0 * per_point
    w[evaluation.F_EDGE] = -25.0 * per_point
    w[evaluation.F_PUSHES] = 8.0 * per_point
    w[evaluation.F_THREAT_TO_MOVE] = 400.0 * per_point
    w[evaluation.F_THREAT_WAITING] = 150.0 * per_point
    return w


#: F_PRESSURE's weight in "pressing", raw points a unit (a push that steps an enemy
#: marble outward; 2 units when it lands on the edge): 40 reference points, what a
#: marble-step toward ABA-PRO's point is worth (decision 0176).
PRESSURE = 40.0 * 6.0 / 1000.0


def pressing_weights() -> np.ndarray:
    """The published weights and F_PRESSURE (decision 0176): pushes that drive enemy
    marbles toward the edge count for the side that has them, so the side with the
    chance presses it instead of waiting."""
    w = published_weights()
    w[evaluation.F_PRESSURE] = PRESSURE
    return w


#: The evaluation's weight sets by name.
WEIGHT_SETS = ("published", "today", "fitted", "pressing")

#: The set level 10 plays (decision 0182): "pressing" scored 14.5 of 20 against
#: "published" and 8 of 10 against the reference at equal nodes (docs/strength.md).
#: An agent made without ``weights`` keeps "published", the reference's evaluation.
LEVEL_WEIGHTS = "pressing"


def fitted_weights(path: Path = FITTED) -> tuple[np.ndarray, float]:
    """The fitted table's weights (evaluation.py's order, noise 0) and the scale that
    turns a raw lead into a value (tanh(raw / scale) = 2 P(win) - 1)."""
    table = json.loads(path.read_text())
    w = np.zeros(evaluation.WEIGHTS)
    for i, term in enumerate(evaluation.TERMS):
        w[i] = float(table["weights"].get(term, 0.0))
    return w, float(table["scale"])


class Context:
    """Every array the kernels share: one per agent, reused move after move."""

    def __init__(self) -> None:
        self.boards = np.zeros((search.MAX_PLY + 1, 121), dtype=np.int8)
        self.moves = np.zeros((search.MAX_PLY + 1, search.MOVES), dtype=np.int64)
        self.scores = np.zeros((search.MAX_PLY + 1, search.MOVES), dtype=np.int64)
        self.path = np.zeros(search.MAX_PLY + 1, dtype=np.int64)
        self.ejected = np.zeros((search.MAX_PLY + 1, 2), dtype=np.int64)
        self.t_keys, self.t_values, self.t_data = search.new_table()
        self.killers = np.full((search.MAX_PLY + 1, 2), -1, dtype=np.int64)
        self.history = np.zeros(kernels.NUM_ACTIONS, dtype=np.int64)
        self.stats = np.zeros(search.STATS, dtype=np.int64)
        self.seen = np.zeros(0, dtype=np.int64)
        self.cfg = np.zeros(search.CFG, dtype=np.int64)

    def clear(self) -> None:
        """Forget everything learnt: a new game."""
        self.t_data[:] = -1
        self.history[:] = 0


class AbaloneSearchAgent(Agent):
    """Iterative-deepening PVS in numba on Abalone's evaluation; 2-player Abalone only."""

    name = "abalone"

    def __init__(
        self,
        seed: int | None = None,
        max_depth: int = 40,
        noise: float = 0.0,
        quiescence: int = QUIESCENCE_PLIES,
        weights: str = "published",
    ) -> None:
        super().__init__()
        self.max_depth = min(max_depth, search.MAX_PLY - 8)
        #: Evaluation noise in value units (as AlphaBetaAgent's), keyed by position and game.
        self.noise = noise
        self.quiescence = quiescence
        #: The evaluation's weights (WEIGHT_SETS: the published programs', today's of
        #: games/abalone/evaluation.py, the fitted table's, or the published ones with
        #: the pressure term) and the raw lead that
        #: maps to tanh(1).
        if weights not in WEIGHT_SETS:
            raise TabletopError(f"weights {weights!r}: must be one of {', '.join(WEIGHT_SETS)}")
        self.weights = published_weights() if weights == "published" else search_weights()
        if weights == "pressing":
            self.weights = pressing_weights()
        self.scale = eval_kernels.SCALE
        if weights == "fitted":
            self.weights, self.scale = fitted_weights()
        self.rng = random.Random(seed)
        self._salt = self.rng.getrandbits(63)
        self._ctx = Context()
        self._last_ply = -1
        self._generation = 0
        self.repetition = True
        self.table_cuts = True
        self.threat_pushes = True
        #: Shares of the seconds after which no new depth starts (a benchmark sets 1).
        self.new_depth_shares = (NEW_DEPTH_SHARE, NEW_DEPTH_SHARE_PUSHES)
        _warm_up()

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        if not isinstance(state, AbaloneState) or state.game.num_players != 2:
            raise TabletopError("the abalone search plays 2-player Abalone only")
        if state.is_over():
            raise TabletopError("the game is over: there is nothing to analyse")
        deadline = self._deadline(budget or self.budget)
        ctx = self._ctx
        if state.ply <= self._last_ply:  # a new game or a take-back: fresh noise and table
            ctx.clear()
            self._salt = self.rng.getrandbits(63)
        self._last_ply = state.ply
        self._generation = (self._generation + 1) % 256
        seat = state.seat
        mover = seat + 1
        self._prepare(state)
        roots = state.legal_actions()
        order = self._first_order(roots, mover)
        best = int(order[0])
        values: dict[int, float] = {}
        depth_done = 0
        limit = deadline.budget.seconds
        board = ctx.boards[0]
        pushes = evaluation.has_ejection(board, mover) or evaluation.has_ejection(board, 3 - mover)
        share = self.new_depth_shares[1 if pushes else 0]
        rate = float(ASSUMED_RATE)
        previous: float | None = None
        for depth in range(1, self.max_depth + 1):
            if depth > 1 and limit is not None and deadline.elapsed > share * limit:
                break
            low, high = -search.INF, search.INF
            if previous is not None and depth >= 3:
                low, high = previous - ASPIRATION, previous + ASPIRATION
            while True:
                found, leader, top, aborted, rate = self._depth(
                    state, order, depth, low, high, deadline, rate
                )
                if aborted:
                    break
                if top <= low:  # failed low: every move is worse than hoped
                    low = -search.INF
                elif top >= high:
                    high = search.INF
                else:
                    break
            if aborted:
                # A move that finished this depth and beat the old best is sure to be better.
                first = int(order[0])
                if leader >= 0 and leader != first and first in found:
                    best = leader
                break
            depth_done = depth
            values = found
            previous = found[leader]
            rest = sorted((int(a) for a in order if int(a) != leader), key=lambda a: -found[a])
            order = np.array([leader, *rest], dtype=np.int64)
            best = leader
            if abs(previous) >= search.WIN - 1000:
                break  # a forced win or loss: deeper search changes nothing
        nodes = int(ctx.stats[search.NODES])
        deadline.iterations = nodes
        return self._report(state, best, order, values, depth_done, nodes, deadline.elapsed)

    # -- the pieces -------------------------------------------------------------------------
    def _prepare(self, state: AbaloneState) -> None:
        """The root position, the game's positions, fresh killers, the switches."""
        ctx = self._ctx
        seat = state.seat
        ctx.boards[0, :] = state.board_array
        ctx.ejected[0, 0] = state.ejected[seat]
        ctx.ejected[0, 1] = state.ejected[1 - seat]
        ctx.seen = game_keys(state)
        ctx.killers[:] = -1
        ctx.history //= 4  # old cuts say less about this position; keep a trace
        ctx.stats[:] = 0
        cfg = ctx.cfg
        cfg[search.C_QPLIES] = self.quiescence
        cfg[search.C_REPETITION] = int(self.repetition)
        cfg[search.C_TABLE_CUTS] = int(self.table_cuts)
        cfg[search.C_SALT] = self._salt
        cfg[search.C_GENERATION] = self._generation
        cfg[search.C_THREAT_PUSHES] = int(self.threat_pushes)
        self.weights[evaluation.W_NOISE] = self.noise * self.scale

    def _depth(
        self,
        state: AbaloneState,
        order: np.ndarray,
        depth: int,
        low: float,
        high: float,
        deadline: Deadline,
        rate: float,
    ) -> tuple[dict[int, float], int, float, bool, float]:
        """One depth over the root moves in ``order`` within (low, high): the values found
        (bounds but for the best), the best move, its value, whether the budget ran out,
        and the nodes a second measured."""
        ctx = self._ctx
        stats = ctx.stats
        mover = state.seat + 1
        alpha = low
        found: dict[int, float] = {}
        leader = -1
        top = -search.INF
        limit = deadline.budget.seconds
        node_limit = deadline.budget.playouts
        for i, action in enumerate(order):
            nodes = int(stats[search.NODES])
            cap = 1 << 62
            if limit is not None:
                # A margin: the rate drops when the machine gets busier mid-move.
                cap = nodes + max(0, int(TIME_MARGIN * rate * (limit - deadline.elapsed)))
            if node_limit is not None:
                cap = min(cap, node_limit)
            if depth == 1:
                cap = max(cap, nodes + 100_000)  # a move is always found
            if cap <= nodes or self._stop.is_set():
                return found, leader, top, True, rate
            stats[search.CAP] = cap
            v = search.root_move(
                int(action), depth, alpha, high, i == 0, mover, ctx.boards, ctx.moves,
                ctx.scores, ctx.path, ctx.ejected, ctx.t_keys, ctx.t_values, ctx.t_data,
                ctx.killers, ctx.history, stats, ctx.seen, ZOBRIST, state.game.team_of_colour,
                state.game.policy, ctx.cfg, self.weights,
            )  # fmt: skip
            elapsed = deadline.elapsed
            if elapsed > 0.05:  # the first calls are too short to time
                rate = max(1000.0, stats[search.NODES] / elapsed)
            if stats[search.ABORTED]:
                return found, leader, top, True, rate
            found[int(action)] = v
            # A later move leads only once it beat alpha (a full re-search found its
            # value): below alpha its null-window value is only an upper bound, and on
            # a failed-low pass a bound above the first move's would pass for a better
            # move when the clock then stops the depth.
            if (i == 0 or v > alpha) and v > top:
                top = v
                leader = int(action)
            if v > alpha:
                alpha = v
                if alpha >= high:
                    break  # fails high: the caller widens the window
        return found, leader, top, False, rate

    def _first_order(self, roots: np.ndarray, mover: int) -> np.ndarray:
        """The root moves in the kernels' static order (the table's move first)."""
        ctx = self._ctx
        key = int(kernels.board_hash(ctx.boards[0], ZOBRIST, mover - 1))
        n = roots.shape[0]
        scores = np.zeros(n, dtype=np.int64)
        search.order_scores(
            ctx.boards[0], roots, n, scores, self._table_move(key), -1, -1, ctx.history
        )
        ranked: np.ndarray = roots[np.argsort(-scores, kind="stable")]
        return ranked

    def _table_move(self, key: int) -> int:
        """The table's best move for the position with ``key``, or -1."""
        ctx = self._ctx
        slot = int(key) & ((1 << search.TABLE_BITS) - 1)
        if ctx.t_keys[slot] != key or ctx.t_data[slot] < 0:
            return -1
        return int(ctx.t_data[slot] & 4095) - 1

    def _line(self, state: AbaloneState, best: int) -> list[Move]:
        """The principal line: the best move, then the table's moves while they are legal."""
        work = state.copy()
        line = [work.action_to_move(best)]
        work.play(best)
        for _ in range(8):
            if work.is_over():
                break
            action = self._table_move(int(kernels.board_hash(work.board_array, ZOBRIST, work.seat)))
            if action < 0 or action not in work.legal_actions():
                break
            line.append(work.action_to_move(action))
            work.play(action)
        return line

    def _report(
        self,
        state: AbaloneState,
        best: int,
        order: np.ndarray,
        values: dict[int, float],
        depth: int,
        nodes: int,
        elapsed: float,
    ) -> Analysis:
        ranked = [best] + [int(a) for a in order if int(a) != best]
        scale = self.scale
        moves = [
            MoveStat(
                state.action_to_move(a),
                0,
                1.0 if i == 0 else 0.0,
                search.to_value(values.get(a, 0.0), scale),
            )
            for i, a in enumerate(ranked)
        ]
        v = moves[0].value
        per_seat = (v, -v) if state.seat == 0 else (-v, v)
        detail: dict[str, object] = {
            "depth": depth,
            "seldepth": int(self._ctx.stats[search.SELDEPTH]),
            "nodes": nodes,
            "nps": nodes / max(elapsed, 1e-9),
            "raw": values.get(best, 0.0),
        }
        return Analysis(per_seat, moves, self._line(state, best), nodes, elapsed, detail)


def game_keys(state: AbaloneState) -> np.ndarray:
    """The search's keys (board and seat to move) of every position of the game so far,
    sorted: a line that comes back to one is a draw (decision 0051)."""
    keys = []
    earlier = state.copy()
    while True:
        keys.append(int(kernels.board_hash(earlier.board_array, ZOBRIST, earlier.seat)))
        if earlier.ply == 0:
            break
        earlier.undo()
    return np.array(sorted(set(keys)), dtype=np.int64)


_warmed = False


def _warm_up() -> None:
    """Load (or, on a fresh install, compile) the search kernels once a process, when the
    first agent is made, so that it is not paid inside a move's time."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    from tabletop.games.abalone.options import AbaloneOptions
    from tabletop.games.abalone.rules import AbaloneGame

    agent = AbaloneSearchAgent()
    agent.analyze(AbaloneGame(AbaloneOptions()).new_state(), Budget(playouts=300))
