"""The reference's alpha-beta, in numba: negamax with principal-variation search, a
transposition table, killer moves, the history heuristic and a quiescence search over
ejections (the techniques Chorus 2009 and Papadopoulos et al. 2012 measured on
Abalone; iterative deepening, which fills the table and the history for the next
depth, is the driver's, bench/abalone_reference.py).

Moves and their effect come from tabletop's rules kernels (``kernels.generate``,
``kernels.apply``); a move is undone by keeping each ply's board (121 bytes) on a stack.
Values are points for the side to move (evaluation.MARBLE a marble); a won game is
WIN less the plies to it, so a faster win counts more. A position that stood earlier
in the game or on the line searched is valued 0, a draw: the papers do not say how
their programs treated repetitions; without this a side ahead may shuffle for ever.

The three recursive kernels carry explicit signatures: typed by inference, a
self-recursive kernel was compiled a second time for literal arguments, and loaded
back from numba's cache that pair crashed the interpreter (numba issues 6061 and 6713;
decision 0190). With the signatures they are cached like every other kernel.

The kernel cannot look at the clock: it stops once ``stats[NODES]`` passes
``stats[CAP]`` and sets ``stats[ABORTED]``, and the driver sets the cap from the
nodes a second it measures and the time left.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from abalone_ref.evaluation import evaluate
from abalone_ref.ordering import PUSH, order_scores
from tabletop.ai.numba_types import BOOL, FLOAT_1D, INT, INT8_2D, INT_1D, INT_2D, READONLY_INT_1D
from tabletop.games.abalone import kernels

MAX_PLY = 64
MOVES = 512  # more than the legal moves of any position (the most seen are ~120)
WIN = 1_000_000
INF = 10_000_000
#: Plies of ejections the quiescence search follows beyond the horizon.
QUIESCENCE_PLIES = 4
#: stats entries.
NODES, CAP, ABORTED, SELDEPTH = range(4)
#: Transposition-table entry kinds.
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_BITS = 20

# Explicit signatures for the recursive kernels, so that numba's cache can keep them (see
# the module's docstring; decision 0190).
QUIESCE_SIG = INT(INT, INT, INT, INT, INT, INT8_2D, INT_2D, INT_1D, READONLY_INT_1D, FLOAT_1D)
_TREE = (
    INT8_2D, INT_2D, INT_2D, INT_1D,  # boards, moves, scores, path
    INT_2D, INT_1D, INT_1D, INT_2D,  # lost, table_keys, table_data, killers
    INT_1D, INT_1D, INT_1D, INT_2D,  # history, stats, seen, zobrist
    READONLY_INT_1D, INT, FLOAT_1D,  # team, policy, w
)  # fmt: skip
ALPHABETA_SIG = INT(INT, INT, INT, INT, INT, *_TREE)
ROOT_SIG = INT(INT, INT, INT, INT, BOOL, INT, *_TREE)


class Context:
    """Every array the kernels share: one per search agent, reused move after move."""

    def __init__(self, zobrist: np.ndarray, team: np.ndarray, policy: int) -> None:
        self.boards = np.zeros((MAX_PLY + 1, 121), dtype=np.int8)
        self.moves = np.zeros((MAX_PLY, MOVES), dtype=np.int64)
        self.scores = np.zeros((MAX_PLY, MOVES), dtype=np.int64)
        self.path = np.zeros(MAX_PLY + 1, dtype=np.int64)
        self.lost = np.zeros((MAX_PLY + 1, 2), dtype=np.int64)
        self.table_keys = np.zeros(1 << TABLE_BITS, dtype=np.int64)
        self.table_data = np.zeros(1 << TABLE_BITS, dtype=np.int64)
        self.killers = np.full((MAX_PLY, 2), -1, dtype=np.int64)
        self.history = np.zeros(kernels.NUM_ACTIONS, dtype=np.int64)
        self.stats = np.zeros(4, dtype=np.int64)
        self.seen = np.zeros(0, dtype=np.int64)
        self.zobrist = zobrist
        self.team = team
        self.policy = policy


@njit(cache=True, inline="always")
def _pack(value: int, move: int, depth: int, kind: int) -> int:
    return ((value + INF) << 24) | ((move + 1) << 10) | (depth << 2) | kind


@njit(cache=True)
def _repeated(key: np.int64, ply: int, path: np.ndarray, seen: np.ndarray) -> bool:
    """True when ``key`` stood earlier on the line (same side to move) or in the game."""
    p = ply - 2
    while p >= 0:
        if path[p] == key:
            return True
        p -= 2
    i = np.searchsorted(seen, key)
    return bool(i < seen.shape[0] and seen[i] == key)


@njit(QUIESCE_SIG, cache=True)
def quiesce(
    ply: int, alpha: int, beta: int, mover: int, left: int,
    boards: np.ndarray, lost: np.ndarray, stats: np.ndarray, team: np.ndarray, w: np.ndarray,
) -> int:  # fmt: skip
    """Stand pat on the evaluation, or try the mover's ejections (``left`` more plies)."""
    stats[NODES] += 1
    if ply > stats[SELDEPTH]:
        stats[SELDEPTH] = ply
    board = boards[ply]
    stand = evaluate(board, mover, team, lost[ply], w)
    if stand >= beta or left == 0 or ply >= MAX_PLY - 1:
        return stand
    if stand > alpha:
        alpha = stand
    best = stand
    other = 3 - mover
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        if board[g] != mover:
            continue
        for d in range(6):
            if board[g + kernels.OFFSETS[d]] != mover:
                continue  # a single marble never pushes
            if kernels.inline_code(board, g, d, mover, team) != kernels.LEGAL:
                continue
            child = boards[ply + 1]
            child[:] = board
            if kernels.apply(child, cell * 6 + d) == 0:
                continue
            lost[ply + 1, 0] = lost[ply, 1] + 1
            lost[ply + 1, 1] = lost[ply, 0]
            if lost[ply + 1, 0] >= 6:
                return WIN - ply - 1
            v = -quiesce(ply + 1, -beta, -alpha, other, left - 1, boards, lost, stats, team, w)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        return best
    return best


@njit(ALPHABETA_SIG, cache=True)
def alphabeta(
    ply: int, depth: int, alpha: int, beta: int, mover: int,
    boards: np.ndarray, moves: np.ndarray, scores: np.ndarray, path: np.ndarray,
    lost: np.ndarray, table_keys: np.ndarray, table_data: np.ndarray, killers: np.ndarray,
    history: np.ndarray, stats: np.ndarray, seen: np.ndarray, zobrist: np.ndarray,
    team: np.ndarray, policy: int, w: np.ndarray,
) -> int:  # fmt: skip
    """The negamax value of ``boards[ply]`` for ``mover`` to ``depth`` plies, within
    (alpha, beta); 0 with stats[ABORTED] set once the node cap is passed."""
    if stats[NODES] >= stats[CAP]:
        stats[ABORTED] = 1
        return 0
    board = boards[ply]
    key = kernels.board_hash(board, zobrist, mover - 1)
    path[ply] = key
    if _repeated(key, ply, path, seen):
        stats[NODES] += 1
        return 0
    if depth <= 0 or ply >= MAX_PLY - 1:
        return quiesce(ply, alpha, beta, mover, QUIESCENCE_PLIES, boards, lost, stats, team, w)
    stats[NODES] += 1
    if ply > stats[SELDEPTH]:
        stats[SELDEPTH] = ply
    slot = key & ((1 << TABLE_BITS) - 1)
    table_move = -1
    if table_keys[slot] == key:
        data = table_data[slot]
        kind = data & 3
        stored_depth = (data >> 2) & 255
        table_move = ((data >> 10) & 16383) - 1
        value = int((data >> 24) - INF)
        if stored_depth >= depth:
            if kind == EXACT:
                return value
            if kind == LOWER and value >= beta:
                return value
            if kind == UPPER and value <= alpha:
                return value
    row = moves[ply]
    n = kernels.generate(board, mover, team, policy, row)
    order = scores[ply]
    order_scores(board, row, n, order, table_move, killers[ply, 0], killers[ply, 1], history)
    start_alpha = alpha
    best = -INF
    best_move = row[0]
    other = 3 - mover
    child = boards[ply + 1]
    for i in range(n):
        # Selection: the best of the moves not tried yet (a cut comes early, so no full sort).
        top = i
        for j in range(i + 1, n):
            if order[j] > order[top]:
                top = j
        action = row[top]
        row[top] = row[i]
        row[i] = action
        s = order[top]
        order[top] = order[i]
        order[i] = s
        child[:] = board
        ejected = 0
        if action != kernels.PASS_ACTION and kernels.apply(child, action) != 0:
            ejected = 1
        lost[ply + 1, 0] = lost[ply, 1] + ejected
        lost[ply + 1, 1] = lost[ply, 0]
        if lost[ply + 1, 0] >= 6:
            v = WIN - ply - 1
        elif i == 0:
            v = -alphabeta(
                ply + 1, depth - 1, -beta, -alpha, other, boards, moves, scores, path, lost,
                table_keys, table_data, killers, history, stats, seen, zobrist, team, policy, w,
            )  # fmt: skip
        else:
            v = -alphabeta(
                ply + 1, depth - 1, -alpha - 1, -alpha, other, boards, moves, scores, path, lost,
                table_keys, table_data, killers, history, stats, seen, zobrist, team, policy, w,
            )  # fmt: skip
            if alpha < v < beta and stats[ABORTED] == 0:
                v = -alphabeta(
                    ply + 1, depth - 1, -beta, -alpha, other, boards, moves, scores, path, lost,
                    table_keys, table_data, killers, history, stats, seen, zobrist, team, policy, w,
                )  # fmt: skip
        if stats[ABORTED] != 0:
            return 0
        if v > best:
            best = v
            best_move = action
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    if ejected == 0 and order[i] < PUSH:
                        # A quiet cut: remember it as a killer and in the history.
                        if killers[ply, 0] != action:
                            killers[ply, 1] = killers[ply, 0]
                            killers[ply, 0] = action
                        history[action] += depth * depth
                    break
    kind = EXACT
    if best <= start_alpha:
        kind = UPPER
    elif best >= beta:
        kind = LOWER
    table_keys[slot] = key
    table_data[slot] = _pack(best, best_move, min(depth, 255), kind)
    return best


@njit(ROOT_SIG, cache=True)
def root_move(
    action: int, depth: int, alpha: int, beta: int, full: bool, mover: int,
    boards: np.ndarray, moves: np.ndarray, scores: np.ndarray, path: np.ndarray,
    lost: np.ndarray, table_keys: np.ndarray, table_data: np.ndarray, killers: np.ndarray,
    history: np.ndarray, stats: np.ndarray, seen: np.ndarray, zobrist: np.ndarray,
    team: np.ndarray, policy: int, w: np.ndarray,
) -> int:  # fmt: skip
    """The value of playing ``action`` at the root (boards[0], lost[0] set): searched with
    the full window when ``full``, else with a null window first (principal-variation
    search) and again in full only when it beats alpha."""
    path[0] = kernels.board_hash(boards[0], zobrist, mover - 1)
    child = boards[1]
    child[:] = boards[0]
    ejected = 0
    if action != kernels.PASS_ACTION and kernels.apply(child, action) != 0:
        ejected = 1
    lost[1, 0] = lost[0, 1] + ejected
    lost[1, 1] = lost[0, 0]
    if lost[1, 0] >= 6:
        return WIN - 1
    other = 3 - mover
    if not full:
        v = -alphabeta(
            1, depth - 1, -alpha - 1, -alpha, other, boards, moves, scores, path, lost,
            table_keys, table_data, killers, history, stats, seen, zobrist, team, policy, w,
        )  # fmt: skip
        if v <= alpha or stats[ABORTED] != 0:
            return v
    return -alphabeta(
        1, depth - 1, -beta, -alpha, other, boards, moves, scores, path, lost,
        table_keys, table_data, killers, history, stats, seen, zobrist, team, policy, w,
    )  # fmt: skip
