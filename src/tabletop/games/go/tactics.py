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

from tabletop.games.go.kernels import EMPTY, LEGAL, check_move, in_atari, play_stone
from tabletop.games.go.playout import chain_liberties

#: Moves a read may play before it gives up (an unread ladder escapes).
LADDER_NODES = 120


@njit(cache=True)
def ladder_stack(n: int) -> np.ndarray:
    """The scratch positions a ladder read on an n x n board plays on: one level per move
    of the longest ladder (about two moves a step across the board and back)."""
    return np.empty((4 * n + 8, 7, (n + 2) ** 2), dtype=np.int64)


@njit(cache=True)
def _captures_attacker(board: np.ndarray, links: np.ndarray, stats: np.ndarray, w: int, h: int) -> bool:
    """True when an opposing chain next to the chain headed by h is in atari."""
    opp = 3 - board[h]
    s = h
    while True:
        for d in (-w, -1, 1, w):
            q = s + d
            if board[q] == opp and in_atari(stats, links[0, q]):
                return True
        s = links[1, s]
        if s == h:
            break
    return False


@njit(cache=True)
def _read(stack: np.ndarray, zob: np.ndarray, w: int, d: int, target: int, nodes: np.ndarray) -> int:
    """1 when the chain at ``target`` (in atari, its side to move, position at level d)
    is captured by a ladder, else 0 (escaped, or not read to the end)."""
    nodes[0] -= 1
    if nodes[0] <= 0 or d + 2 >= stack.shape[0]:
        return 0
    board = stack[d, 0]
    links = stack[d, 1:3]
    stats = stack[d, 3:7]
    color = board[target]
    opp = 3 - color
    h = links[0, target]
    if _captures_attacker(board, links, stats, w, h):
        return 0
    lib = stats[2, h] // stats[1, h]
    if check_move(board, links, stats, w, lib, color, -1, False) != LEGAL:
        return 1
    stack[d + 1] = stack[d]
    b1 = stack[d + 1, 0]
    l1 = stack[d + 1, 1:3]
    s1 = stack[d + 1, 3:7]
    play_stone(b1, l1, s1, zob, w, lib, color)
    buf = np.empty(4, dtype=np.int64)
    libs = chain_liberties(b1, l1, w, l1[0, target], 3, buf)
    if libs >= 3:
        return 0
    if libs <= 1:
        return 1
    first = buf[0]
    second = buf[1]
    for x in (first, second):
        if check_move(b1, l1, s1, w, x, opp, -1, False) != LEGAL:
            continue
        stack[d + 2] = stack[d + 1]
        b2 = stack[d + 2, 0]
        l2 = stack[d + 2, 1:3]
        s2 = stack[d + 2, 3:7]
        play_stone(b2, l2, s2, zob, w, x, opp)
        if b2[target] == color and in_atari(s2, l2[0, target]):
            if _read(stack, zob, w, d + 2, target, nodes) == 1:
                return 1
    return 0


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
    stack[0, 0] = board
    stack[0, 1:3] = links
    stack[0, 3:7] = stats
    nodes = np.full(1, LADDER_NODES, dtype=np.int64)
    return _read(stack, zob, w, 0, target, nodes) == 1


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
    stack[0, 0] = board
    stack[0, 1:3] = links
    stack[0, 3:7] = stats
    play_stone(stack[0, 0], stack[0, 1:3], stack[0, 3:7], zob, w, p, color)
    b = stack[0, 0]
    if b[target] != 3 - color or not in_atari(stack[0, 3:7], stack[0, 1, target]):
        return False
    nodes = np.full(1, LADDER_NODES, dtype=np.int64)
    return _read(stack, zob, w, 0, target, nodes) == 1


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
    """True when ``color`` extending at p, the liberty of an own chain in atari next to
    it, leaves a chain of two liberties that the opponent then captures in a ladder."""
    stack[0, 0] = board
    stack[0, 1:3] = links
    stack[0, 3:7] = stats
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
        if stack[1, 0, p] == color and in_atari(stack[1, 3:7], stack[1, 1, p]):
            if _read(stack, zob, w, 1, p, nodes) == 1:
                return True
    return False
