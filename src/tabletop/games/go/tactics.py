"""Go tactics in numba: reading ladders on the real board.

A ladder is read the way a player reads it: the chain in atari extends at its
one liberty; with three or more liberties it has escaped, with one it is
lost; with two the attacker tries an atari on each of them in turn and the
read goes on. A defender that can take an attacking chain in atari escapes
(the usual way a ladder fails), and every stone already on the board takes
part, so a ladder breaker is seen because it is there, not by a pattern.

The read plays real moves (kernels.play_stone) on copies of the position
kept in a preallocated ``stack`` (one level a move, so no undo is needed), and
gives up after ``LADDER_NODES`` moves or when the stack is full: an unread
ladder counts as escaping, so knowledge built on it never invents a capture.

Used where a position is expanded in the tree (the priors of
tabletop.ai.go.search), not in playouts: a read costs tens of microseconds,
a playout move a fraction of one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.go.kernels import BLACK, EMPTY, LEGAL, WHITE, check_move, in_atari, play_stone
from tabletop.games.go.playout import atari_attackers, chain_liberties
from tabletop.games.go.rules import GoState

#: Moves a read may play before it gives up (an unread ladder escapes).
LADDER_NODES = 120


@njit(cache=True)
def ladder_stack(n: int) -> np.ndarray:
    """The scratch positions a ladder read on an n x n board plays on: one level per move
    of the longest ladder (about two moves a step across the board and back)."""
    return np.empty((4 * n + 8, 7, (n + 2) ** 2), dtype=np.int64)


@njit(cache=True)
def _extend(
    stack: np.ndarray,
    zob: np.ndarray,
    w: int,
    d: int,
    target: int,
    two: np.ndarray,
    nodes: np.ndarray,
) -> int:
    """The defender's move at level d (its chain at ``target`` in atari): 0 escaped (or
    not read further), 1 captured, 2 two liberties left (they are put in ``two``, the
    position after the extension at level d + 1)."""
    nodes[0] -= 1
    if nodes[0] <= 0 or d + 2 >= stack.shape[0]:
        return 0
    board = stack[d, 0]
    links = stack[d, 1:3]
    stats = stack[d, 3:7]
    color = board[target]
    h = links[0, target]
    if atari_attackers(board, links, stats, w, h, two, 0) > 0:
        return 0  # it takes an attacker in atari (``two`` is only scratch here)
    lib = stats[2, h] // stats[1, h]
    if check_move(board, links, stats, w, lib, color, -1, False) != LEGAL:
        return 1
    stack[d + 1] = stack[d]
    b1 = stack[d + 1, 0]
    l1 = stack[d + 1, 1:3]
    play_stone(b1, l1, stack[d + 1, 3:7], zob, w, lib, color)
    libs = chain_liberties(b1, l1, w, l1[0, target], 3, two)
    if libs >= 3:
        return 0
    if libs <= 1:
        return 1
    return 2


@njit(cache=True)
def _read(
    stack: np.ndarray, zob: np.ndarray, w: int, start: int, target: int, nodes: np.ndarray
) -> int:
    """1 when the chain at ``target`` (in atari, its side to move, the position at level
    ``start``) is captured by a ladder, else 0 (escaped, or not read to the end).

    A depth-first search without recursion (numba cannot cache recursive functions):
    frame f is the defender to move at level start + 2f; after its extension to two
    liberties the attacker tries an atari on each of them, and one that captures is
    enough."""
    frames = (stack.shape[0] - start) // 2 + 1
    cand = np.empty((frames, 4), dtype=np.int64)
    tried = np.zeros(frames, dtype=np.int64)
    f = 0
    r = _extend(stack, zob, w, start, target, cand[0], nodes)
    while True:
        if r == 1:
            return 1
        if r == 2:
            tried[f] = 0
        else:
            f -= 1
            if f < 0:
                return 0
        r = 0
        while tried[f] < 2:
            x = cand[f, tried[f]]
            tried[f] += 1
            d = start + 2 * f + 1  # the position after the defender's extension
            board = stack[d, 0]
            opp = 3 - board[target]
            if check_move(board, stack[d, 1:3], stack[d, 3:7], w, x, opp, -1, False) != LEGAL:
                continue
            if d + 1 >= stack.shape[0]:
                continue
            stack[d + 1] = stack[d]
            b2 = stack[d + 1, 0]
            l2 = stack[d + 1, 1:3]
            s2 = stack[d + 1, 3:7]
            play_stone(b2, l2, s2, zob, w, x, opp)
            if b2[target] == 3 - opp and in_atari(s2, l2[0, target]):
                f += 1
                r = _extend(stack, zob, w, d + 1, target, cand[f], nodes)
                break


@njit(cache=True, inline="always")
def _set_root(stack: np.ndarray, board: np.ndarray, links: np.ndarray, stats: np.ndarray) -> None:
    """Copy the position into the stack's level 0, where every read starts."""
    stack[0, 0] = board
    stack[0, 1:3] = links
    stack[0, 3:7] = stats


@njit(cache=True, inline="always")
def _read_root(stack: np.ndarray, zob: np.ndarray, w: int, target: int) -> bool:
    """True when the chain at ``target`` (in atari at level 0, its side to move) is
    captured by a ladder, read with a fresh budget of LADDER_NODES moves."""
    nodes = np.full(1, LADDER_NODES, dtype=np.int64)
    return _read(stack, zob, w, 0, target, nodes) == 1


@njit(cache=True)
def ladder_captures(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    w: int,
    target: int,
    stack: np.ndarray,
) -> bool:
    """True when the chain at ``target``, in atari with its side to move, dies in a ladder
    whatever it does (extending at its liberty, or taking an attacker in atari)."""
    if board[target] == EMPTY or not in_atari(stats, links[0, target]):
        return False
    _set_root(stack, board, links, stats)
    return _read_root(stack, zob, w, target)


@njit(cache=True)
def atari_ladders(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    w: int,
    p: int,
    color: int,
    target: int,
    stack: np.ndarray,
) -> bool:
    """True when ``color`` playing legal p puts the opposing chain at ``target`` in atari
    and then captures it in a ladder."""
    _set_root(stack, board, links, stats)
    play_stone(stack[0, 0], stack[0, 1:3], stack[0, 3:7], zob, w, p, color)
    b = stack[0, 0]
    if b[target] != 3 - color or not in_atari(stack[0, 3:7], stack[0, 1, target]):
        return False
    return _read_root(stack, zob, w, target)


@njit(cache=True)
def escape_ladders(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    w: int,
    p: int,
    color: int,
    stack: np.ndarray,
) -> bool:
    """True when ``color`` playing p next to an own chain (a chain in atari extending at
    its liberty, or one crawling along) leaves a chain of two liberties that the opponent
    then captures in a ladder."""
    _set_root(stack, board, links, stats)
    b = stack[0, 0]
    lk = stack[0, 1:3]
    st = stack[0, 3:7]
    play_stone(b, lk, st, zob, w, p, color)
    buf = np.empty(4, dtype=np.int64)
    if chain_liberties(b, lk, w, lk[0, p], 3, buf) != 2:
        return False
    first = buf[0]
    second = buf[1]
    opp = 3 - color
    nodes = np.full(1, LADDER_NODES, dtype=np.int64)
    for x in (first, second):
        if check_move(b, lk, st, w, x, opp, -1, False) != LEGAL:
            continue
        stack[1] = stack[0]
        play_stone(stack[1, 0], stack[1, 1:3], stack[1, 3:7], zob, w, x, opp)
        if (
            stack[1, 0, p] == color
            and in_atari(stack[1, 3:7], stack[1, 1, p])
            and _read(stack, zob, w, 1, p, nodes) == 1
        ):
            return True
    return False


def in_a_fight(state: GoState) -> bool:
    """True when the last move is a stone whose chain, or a chain next to it, has two
    liberties or fewer: a position where reading pays (the GTP clock gives it more time)."""
    if not state.history or state.history[-1].is_pass:
        return False
    game = state.game
    w = game.size + 2
    p = game.points_by_action[state.move_to_action(state.history[-1])]
    board = state._board
    if board[p] == EMPTY:
        return False  # the stone was taken at once (suicide rules)
    buf = np.empty(4, dtype=np.int64)
    for q in (p, p - w, p - 1, p + 1, p + w):
        if board[q] != BLACK and board[q] != WHITE:
            continue
        if chain_liberties(board, state._links, w, state._links[0, q], 3, buf) <= 2:
            return True
    return False
