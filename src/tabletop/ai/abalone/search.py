"""Abalone's own alpha-beta in numba (2 players): negamax with principal-variation search,
a transposition table, killer moves, the history heuristic and a quiescence search.

The generic search (ai/alphabeta.py) spends nearly all of a node in Python: the State
wrappers, a dict for the table, a tuple per evaluation. Here the whole tree is walked in
compiled code on the rules' kernels (``kernels.generate`` lists the moves,
``kernels.apply`` plays them; a move is undone by keeping each ply's 121-byte board on a
stack), and the driver (agent.py) only runs iterative deepening, aspiration windows and
the clock. Decision 0134 has the design and the measurements.

Values are raw evaluation points for the side to move: evaluation.py's terms for two
players (``evaluate``), which ``tanh(value / SCALE)`` turns into today's values in
[-1, 1], so the move chosen at a depth is the one the generic search would choose. A
won game is WIN less the plies to it (a faster win counts more). A position that stood
earlier in the game or on the line searched is a draw, 0 (decision 0051): the side
ahead must make progress.

The kernel cannot read a clock: it stops once ``stats[NODES]`` passes ``stats[CAP]``
and sets ``stats[ABORTED]``; the driver sets the cap from the nodes a second it measures.
The recursive kernels carry explicit signatures so that numba's cache keeps them: typed
by inference, a self-recursive kernel loaded back from the cache crashed the interpreter
on its first call (numba issue 6061), and compiling them afresh in every process cost
20-50 s of CPU each time (decision 0190).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from tabletop.ai.abalone.evaluation import EJECT, evaluate, has_ejection, push_kind
from tabletop.ai.numba_types import (
    BOOL,
    FLOAT,
    FLOAT_1D,
    INT,
    INT8_2D,
    INT_1D,
    INT_2D,
    READONLY_INT_1D,
)
from tabletop.games.abalone import kernels

MAX_PLY = 64
#: More than the legal moves of any position (the most seen are ~120).
MOVES = 320
WIN = 10_000.0
INF = 1e9

# The recursive kernels' signatures (the module's docstring says why they are explicit).
QUIESCE_SIG = FLOAT(
    INT, FLOAT, FLOAT, INT, INT,  # ply, alpha, beta, mover, left
    INT8_2D, INT_2D, INT_2D, INT_1D,  # boards, moves, ejected, stats
    INT_2D, READONLY_INT_1D, INT, INT_1D, FLOAT_1D,  # zob, team, policy, cfg, w
)  # fmt: skip
_TREE = (
    INT8_2D, INT_2D, INT_2D, INT_1D,  # boards, moves, scores, path
    INT_2D, INT_1D, FLOAT_1D, INT_1D,  # ejected, t_keys, t_values, t_data
    INT_2D, INT_1D, INT_1D, INT_1D,  # killers, history, stats, seen
    INT_2D, READONLY_INT_1D, INT, INT_1D, FLOAT_1D,  # zob, team, policy, cfg, w
)  # fmt: skip
NEGAMAX_SIG = FLOAT(INT, INT, FLOAT, FLOAT, INT, *_TREE)
ROOT_SIG = FLOAT(INT, INT, FLOAT, FLOAT, BOOL, INT, *_TREE)

# stats entries.
NODES, CAP, ABORTED, SELDEPTH = 0, 1, 2, 3
STATS = 4
# cfg entries (switches; the tests turn some off to compare with a plain minimax).
C_QPLIES = 0  # plies of ejections the quiescence search follows past the horizon
C_REPETITION = 1  # 1: a repeated position is a draw
C_TABLE_CUTS = 2  # 1: the table's values may end a node (its move always orders)
C_SALT = 3  # the noise's per-game salt
C_GENERATION = 4  # the table's age: entries of an earlier move may be replaced
C_THREAT_PUSHES = 5  # 1: the first quiescence ply also tries pushes that threaten an ejection
CFG = 6

# Table entry kinds.
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_BITS = 20

# Move-ordering bands, far enough apart that history counts never cross one.
BAND = 1 << 40
TABLE_MOVE = 12 * BAND
EJECTION = 11 * BAND
PUSH = 10 * BAND
KILLER = 9 * BAND


def new_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty transposition table: keys, values, packed (move, depth, kind, generation)."""
    size = 1 << TABLE_BITS
    return (
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.float64),
        np.full(size, -1, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _pack(move: int, depth: int, kind: int, generation: int) -> int:
    return (move + 1) | (depth << 12) | (kind << 20) | (generation << 22)


@njit(cache=True)
def order_scores(
    board: np.ndarray,
    moves: np.ndarray,
    n: int,
    out: np.ndarray,
    table_move: int,
    killer0: int,
    killer1: int,
    history: np.ndarray,
) -> None:
    """Each of the first n moves' ordering score (higher first): the table's move,
    ejections, pushes, the killers, then quiet moves by marbles moved (in-line before
    broadside) with the history heuristic inside a band."""
    for i in range(n):
        a = moves[i]
        if a == table_move:
            out[i] = TABLE_MOVE
            continue
        if a == kernels.PASS_ACTION:
            out[i] = 0
            continue
        band = 0
        if a >= kernels.INLINE_ACTIONS:
            band = 2 * (((a - kernels.INLINE_ACTIONS) // 4) % 2 + 2) - 1
        else:
            g = kernels.GRID_OF_CELL[a // 6]
            off = kernels.OFFSETS[a % 6]
            mover = board[g]
            own = 1
            t = g + off
            while board[t] == mover:
                own += 1
                t += off
            if board[t] != kernels.EMPTY and board[t] != kernels.OFF:
                while board[t] != kernels.EMPTY and board[t] != kernels.OFF:
                    t += off
                out[i] = EJECTION if board[t] == kernels.OFF else PUSH
                continue
            band = 2 * own if own > 1 else 1
        if a == killer0 or a == killer1:  # noqa: SIM109  # numba: no tuple built
            out[i] = KILLER
        else:
            out[i] = band * BAND // 8 + history[a]


@njit(cache=True)
def repeated(key: np.int64, ply: int, path: np.ndarray, seen: np.ndarray) -> bool:
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
    ply: int, alpha: float, beta: float, mover: int, left: int,
    boards: np.ndarray, moves: np.ndarray, ejected: np.ndarray, stats: np.ndarray,
    zob: np.ndarray, team: np.ndarray, policy: int, cfg: np.ndarray, w: np.ndarray,
) -> float:  # fmt: skip
    """Stand pat on the evaluation, or try the mover's ejections (``left`` more plies);
    on the first ply also the pushes after which the mover threatens an ejection."""
    stats[NODES] += 1
    if ply > stats[SELDEPTH]:
        stats[SELDEPTH] = ply
    board = boards[ply]
    key = kernels.board_hash(board, zob, mover - 1)
    stand = evaluate(board, mover, ejected[ply, 0], ejected[ply, 1], w, key, cfg[C_SALT])
    if stand >= beta or left <= 0 or ply >= MAX_PLY - 1:
        return stand
    if stand > alpha:
        alpha = stand
    best = stand
    other = 3 - mover
    child = boards[ply + 1]
    first = left == cfg[C_QPLIES] and cfg[C_THREAT_PUSHES] != 0
    row = moves[ply]
    n = 0
    for cell in range(61):
        g = kernels.GRID_OF_CELL[cell]
        if board[g] != mover:
            continue
        for d in range(6):
            if board[g + kernels.OFFSETS[d]] != mover:
                continue  # a single marble never pushes
            if push_kind(board, g, d, mover) == EJECT:
                row[n] = cell * 6 + d
                n += 1
    ejections = n
    if first:
        # Pushes (not ejections) after which the mover has an ejection: the threats.
        for cell in range(61):
            g = kernels.GRID_OF_CELL[cell]
            if board[g] != mover:
                continue
            for d in range(6):
                t = g + kernels.OFFSETS[d]
                if board[t] != mover:
                    continue
                if kernels.inline_code(board, g, d, mover, team) != kernels.LEGAL:
                    continue
                while board[t] == mover:
                    t += kernels.OFFSETS[d]
                if board[t] != other or push_kind(board, g, d, mover) == EJECT:
                    continue
                child[:] = board
                kernels.apply(child, cell * 6 + d)
                if has_ejection(child, mover):
                    row[n] = cell * 6 + d
                    n += 1
    for i in range(n):
        child[:] = board
        gone = kernels.apply(child, row[i]) != 0
        ejected[ply + 1, 0] = ejected[ply, 1]
        ejected[ply + 1, 1] = ejected[ply, 0] + (1 if gone else 0)
        if ejected[ply + 1, 1] >= 6:
            return WIN - ply - 1
        # After a threatening push the reply gets no plies of its own (stand pat only
        # when it has no ejection to answer with): the threat is in its evaluation.
        nxt = left - 1 if i < ejections else 1
        v = -quiesce(
            ply + 1, -beta, -alpha, other, nxt,
            boards, moves, ejected, stats, zob, team, policy, cfg, w,
        )  # fmt: skip
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    return best
    return best


@njit(NEGAMAX_SIG, cache=True)
def negamax(
    ply: int, depth: int, alpha: float, beta: float, mover: int,
    boards: np.ndarray, moves: np.ndarray, scores: np.ndarray, path: np.ndarray,
    ejected: np.ndarray, t_keys: np.ndarray, t_values: np.ndarray, t_data: np.ndarray,
    killers: np.ndarray, history: np.ndarray, stats: np.ndarray, seen: np.ndarray,
    zob: np.ndarray, team: np.ndarray, policy: int, cfg: np.ndarray, w: np.ndarray,
) -> float:  # fmt: skip
    """The negamax value of ``boards[ply]`` for ``mover`` to ``depth`` plies within
    (alpha, beta); 0 with stats[ABORTED] set once the node cap is passed."""
    if stats[NODES] >= stats[CAP]:
        stats[ABORTED] = 1
        return 0.0
    board = boards[ply]
    key = kernels.board_hash(board, zob, mover - 1)
    path[ply] = key
    if cfg[C_REPETITION] != 0 and repeated(key, ply, path, seen):
        stats[NODES] += 1
        return 0.0
    if depth <= 0 or ply >= MAX_PLY - 1:
        return quiesce(
            ply, alpha, beta, mover, cfg[C_QPLIES],
            boards, moves, ejected, stats, zob, team, policy, cfg, w,
        )  # fmt: skip
    stats[NODES] += 1
    if ply > stats[SELDEPTH]:
        stats[SELDEPTH] = ply
    slot = key & ((1 << TABLE_BITS) - 1)
    table_move = -1
    if t_keys[slot] == key and t_data[slot] >= 0:
        data = t_data[slot]
        table_move = (data & 4095) - 1
        if cfg[C_TABLE_CUTS] != 0 and ((data >> 12) & 255) >= depth:
            kind = (data >> 20) & 3
            value: float = t_values[slot]
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
        # Selection sort step: a cut comes early, so the rest is never sorted.
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
        gone = 0
        if action != kernels.PASS_ACTION and kernels.apply(child, action) != 0:
            gone = 1
        ejected[ply + 1, 0] = ejected[ply, 1]
        ejected[ply + 1, 1] = ejected[ply, 0] + gone
        if ejected[ply + 1, 1] >= 6:
            v = WIN - ply - 1
        elif i == 0:
            v = -negamax(
                ply + 1, depth - 1, -beta, -alpha, other, boards, moves, scores, path, ejected,
                t_keys, t_values, t_data, killers, history, stats, seen, zob, team, policy, cfg, w,
            )  # fmt: skip
        else:
            # Principal-variation search: prove the move no better with a null window.
            v = -negamax(
                ply + 1, depth - 1, -alpha - 1e-9, -alpha, other, boards, moves, scores, path,
                ejected, t_keys, t_values, t_data, killers, history, stats, seen, zob, team,
                policy, cfg, w,
            )  # fmt: skip
            if alpha < v < beta and stats[ABORTED] == 0:
                v = -negamax(
                    ply + 1, depth - 1, -beta, -alpha, other, boards, moves, scores, path,
                    ejected, t_keys, t_values, t_data, killers, history, stats, seen, zob,
                    team, policy, cfg, w,
                )  # fmt: skip
        if stats[ABORTED] != 0:
            return 0.0
        if v > best:
            best = v
            best_move = action
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    if gone == 0 and order[i] < PUSH:
                        # A quiet cut: a killer at this ply, and history for all plies.
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
    generation = cfg[C_GENERATION]
    old = t_data[slot]
    # Replace by depth: a deeper entry of this move's search stays; an older move's goes.
    if (
        old < 0
        or t_keys[slot] == key
        or ((old >> 22) & 255) != generation
        or ((old >> 12) & 255) <= depth
    ):
        t_keys[slot] = key
        t_values[slot] = best
        t_data[slot] = _pack(best_move, min(depth, 255), kind, generation)
    return best


@njit(ROOT_SIG, cache=True)
def root_move(
    action: int, depth: int, alpha: float, beta: float, full: bool, mover: int,
    boards: np.ndarray, moves: np.ndarray, scores: np.ndarray, path: np.ndarray,
    ejected: np.ndarray, t_keys: np.ndarray, t_values: np.ndarray, t_data: np.ndarray,
    killers: np.ndarray, history: np.ndarray, stats: np.ndarray, seen: np.ndarray,
    zob: np.ndarray, team: np.ndarray, policy: int, cfg: np.ndarray, w: np.ndarray,
) -> float:  # fmt: skip
    """The value of ``action`` at the root (boards[0] and ejected[0] set) within (alpha,
    beta): with the full window when ``full``, else a null window first and the full one
    only when the move beats alpha (principal-variation search)."""
    path[0] = kernels.board_hash(boards[0], zob, mover - 1)
    child = boards[1]
    child[:] = boards[0]
    gone = 0
    if action != kernels.PASS_ACTION and kernels.apply(child, action) != 0:
        gone = 1
    ejected[1, 0] = ejected[0, 1]
    ejected[1, 1] = ejected[0, 0] + gone
    if ejected[1, 1] >= 6:
        return WIN - 1
    other = 3 - mover
    if not full:
        v = -negamax(
            1, depth - 1, -alpha - 1e-9, -alpha, other, boards, moves, scores, path, ejected,
            t_keys, t_values, t_data, killers, history, stats, seen, zob, team, policy, cfg, w,
        )  # fmt: skip
        if v <= alpha or stats[ABORTED] != 0:
            return v
    return -negamax(
        1, depth - 1, -beta, -alpha, other, boards, moves, scores, path, ejected,
        t_keys, t_values, t_data, killers, history, stats, seen, zob, team, policy, cfg, w,
    )  # fmt: skip


def to_value(raw: float, scale: float) -> float:
    """A raw lead as today's value in [-1, 1] (evaluation.py: tanh of the lead over SCALE;
    a won or lost game is +-1)."""
    if raw >= WIN - 1000:
        return 1.0
    if raw <= -(WIN - 1000):
        return -1.0
    return math.tanh(raw / scale)
