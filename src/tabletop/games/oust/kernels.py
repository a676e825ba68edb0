"""Numba kernels for Oust: placement legality, captures, turn order, undo, random playouts.

The kernel-level interface (for the state here and for the computer players):

* ``nbr``, the neighbour table of a board (geometry.py): int64[C, K] with
  K = 4 (square) or 6 (hex), padded with the sentinel cell ``C``. Every
  kernel takes the board's shape from it, so one compiled kernel serves
  every board.
* ``pos``, one position: int64[2, L] with ``L = max(C + 1, META)``.
  ``pos[0]`` is the board (EMPTY, BLACK, WHITE per cell, BORDER at the
  sentinel ``C`` and beyond), ``pos[1]`` the meta row (indices M_* below):
  colour to move, board hash, stones per colour, ply, how the game ended,
  and the turn flags (continuing after a capture, must pass, swap allowed).
* ``scratch``, int64[SCRATCH_ROWS, C + 1], work space for the flood fills:
  a visit mark per cell (``scratch[0, C]`` holds the current stamp, so marks
  never need clearing), a queue, the enemy stones a capturing placement
  takes, and group labels for legal_actions. Its contents carry no meaning
  between calls.
* ``trail``, int64[capacity, trail_width(C)]: before each move its row
  ``ply`` receives the meta row and the board, one byte a cell - all undo needs.

Actions are cells ``0 .. C-1``, then pass ``C``, then the pie swap ``C + 1``.
Sizes and rule switches are arguments: numba caches compiled code and
freezes module globals into it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.kernel_random import seed_random as seed_random  # re-exported

EMPTY = 0
BLACK = 1
WHITE = 2
BORDER = 3

# What check_placement finds; QUIET and CAPTURE are the legal kinds.
QUIET = 0
CAPTURE = 1
OCCUPIED = 2
NO_ENEMY = 3  # touches own stones, but the new group touches no enemy group
NOT_SMALLER = 4  # some enemy group touching the new group is as large or larger

# Further refusals of play().
PASS_REFUSED = 5  # a placement is legal, so passing is not
SWAP_REFUSED = 6  # not the pie rule's moment
OVER = 7
NO_ROOM = 8  # the trail is full: grow it and call again

# How a game ended (M_END).
END_NONE = 0
END_ALL_CAPTURED = 1
END_NO_PLACEMENTS = 2
END_MAX_PLIES = 3

# The meta row, pos[1]. Stones of colour c are at index M_STONES + c - 1.
M_COLOR = 0
M_HASH = 1
M_STONES = 2  # Black's stones; White's at M_STONES + 1
M_PLY = 4
M_END = 5
M_WINNER = 6  # the winning colour, or 0
M_CONTINUES = 7  # 1: the player to move captured and places again
M_MUST_PASS = 8  # 1: the player to move has no placement, pass is the only move
M_SWAP = 9  # 1: the pie rule's swap is a legal move
M_CAPTURED = 10  # stones taken by the last move
M_LAST = 11  # cell of the last placement, or -1
META = 12

# Rows of the scratch space.
S_MARK = 0
S_QUEUE = 1
S_FOUND = 2
S_LABEL = 3  # group labels: per stone, the first cell of its group
S_SIZE = 4  # per label: the group's size
S_ENEMY = 5  # per label: the size of the largest enemy group it touches
SCRATCH_ROWS = 6

# Rule switches, or-ed into one ``flags`` argument.
PIE = 1

#: Xored into the situation key when White is to move / when a swap is allowed.
WHITE_TO_MOVE_KEY = 0x2C6F_19B4_7E03_D5A1
SWAP_KEY = 0x71D2_8A4E_0B9C_36F5


def new_position(num_cells: int) -> np.ndarray:
    """The ``pos`` array of an empty board of ``num_cells`` cells, Black to move."""
    pos = np.zeros((2, max(num_cells + 1, META)), dtype=np.int64)
    pos[0, num_cells:] = BORDER
    pos[1, M_COLOR] = BLACK
    pos[1, M_LAST] = -1
    return pos


def new_scratch(num_cells: int) -> np.ndarray:
    """Work space for the flood fills and group labels of a board of ``num_cells`` cells."""
    return np.zeros((SCRATCH_ROWS, num_cells + 1), dtype=np.int64)


def trail_width(num_cells: int) -> int:
    """int64 words per trail row: the meta row, then the board in bytes."""
    return META + (num_cells + 7) // 8


def zobrist_table(num_cells: int, seed: int) -> np.ndarray:
    """Random 64-bit keys per (colour, cell); row 0 and the sentinel column are unused."""
    rng = np.random.default_rng(seed)
    return rng.integers(-(2**63), 2**63 - 1, size=(3, num_cells + 1), dtype=np.int64)


@njit(cache=True, inline="always")
def quiet(board: np.ndarray, nbr: np.ndarray, p: int, color: int) -> bool:
    """True when ``p`` is empty and touches no stone of ``color``: a legal quiet placement.

    The common case, tested inline before the full check (a kernel call that
    passes arrays costs more than this whole test).
    """
    if board[p] != EMPTY:
        return False
    touching = False
    for j in range(nbr.shape[1]):
        if board[nbr[p, j]] == color:
            touching = True
            break
    return not touching


@njit(cache=True)
def check_placement(
    board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, p: int, color: int
) -> tuple[int, int, int]:
    """Classify a stone of ``color`` at cell ``p`` (docs/rules/oust.md §3).

    Returns ``(code, taken, size)``: code QUIET or CAPTURE (legal), or
    OCCUPIED, NO_ENEMY, NOT_SMALLER; ``taken`` is the number of enemy stones
    a CAPTURE removes, listed in ``scratch[2, :taken]``; ``size`` is the new
    group's size (1 for QUIET). Changes nothing but the scratch space.
    """
    if board[p] != EMPTY:
        return OCCUPIED, 0, 0
    k = nbr.shape[1]
    friend = False
    for j in range(k):
        if board[nbr[p, j]] == color:
            friend = True
            break
    if not friend:
        return QUIET, 0, 1
    cells = nbr.shape[0]
    mark = scratch[0]
    queue = scratch[1]
    found = scratch[2]
    stamp = mark[cells] + 1
    mark[cells] = stamp
    # The new group G: p plus every own group it joins (breadth first; queue[:size]).
    mark[p] = stamp
    queue[0] = p
    size = 1
    i = 0
    while i < size:
        s = queue[i]
        i += 1
        for j in range(k):
            q = nbr[s, j]
            if board[q] == color and mark[q] != stamp:
                mark[q] = stamp
                queue[size] = q
                size += 1
    # Every enemy group touching G, anywhere along it, must be strictly smaller.
    opp = 3 - color
    taken = 0
    for g in range(size):
        s = queue[g]
        for j in range(k):
            q = nbr[s, j]
            if board[q] != opp or mark[q] == stamp:
                continue
            start = taken
            mark[q] = stamp
            found[taken] = q
            taken += 1
            t = start
            while t < taken:
                e = found[t]
                t += 1
                for jj in range(k):
                    r = nbr[e, jj]
                    if board[r] == opp and mark[r] != stamp:
                        mark[r] = stamp
                        found[taken] = r
                        taken += 1
                if taken - start >= size:
                    return NOT_SMALLER, 0, size
    if taken == 0:
        return NO_ENEMY, 0, size
    return CAPTURE, taken, size


@njit(cache=True)
def largest_enemy_group(
    board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, p: int, color: int
) -> int:
    """The largest enemy group touching the group a stone at ``p`` would form (for messages)."""
    code, _, _ = check_placement(board, nbr, scratch, p, color)
    if code != NOT_SMALLER:
        return 0
    # check_placement stops at the first group that is too large; the labelled groups
    # measure them all (as legal_actions judges a placement).
    label_groups(board, nbr, scratch)
    joined = np.empty(nbr.shape[1], dtype=np.int64)
    label, size, enemy = scratch[S_LABEL], scratch[S_SIZE], scratch[S_ENEMY]
    return placement_groups(board, nbr, label, size, enemy, joined, p, color)[1]


@njit(cache=True)
def has_placement(board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, color: int) -> bool:
    """True when ``color`` has at least one legal placement (stops at the first)."""
    for p in range(nbr.shape[0]):
        if quiet(board, nbr, p, color):
            return True
    for p in range(nbr.shape[0]):
        if board[p] == EMPTY and check_placement(board, nbr, scratch, p, color)[0] <= CAPTURE:
            return True
    return False


@njit(cache=True)
def settle(
    board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, meta: np.ndarray, cand: int, cont: int
) -> None:
    """Decide the next turn after a move (or of a set-up position); sets the meta flags.

    ``cand`` is the colour due to move; ``cont`` is 1 when it captured and
    places again. If it can place, it moves. If neither side can place, the
    game ends (no-placements). Otherwise a continuation simply ends the turn
    (docs/rules/oust.md §4.2), and a player due a normal turn must pass.
    """
    meta[M_MUST_PASS] = 0
    meta[M_CONTINUES] = 0
    meta[M_COLOR] = cand
    if has_placement(board, nbr, scratch, cand):
        meta[M_CONTINUES] = cont
        return
    other = 3 - cand
    if not has_placement(board, nbr, scratch, other):
        meta[M_END] = END_NO_PLACEMENTS
    elif cont:
        meta[M_COLOR] = other
    else:
        meta[M_MUST_PASS] = 1


@njit(cache=True)
def play(
    pos: np.ndarray,
    nbr: np.ndarray,
    zob: np.ndarray,
    trail: np.ndarray,
    scratch: np.ndarray,
    action: int,
    flags: int,
    max_plies: int,
) -> int:
    """Play ``action`` for the side to move - check, save for undo, apply, settle - in one call.

    Returns 0 when played, else the refusal code (OCCUPIED, NO_ENEMY,
    NOT_SMALLER, PASS_REFUSED, SWAP_REFUSED, OVER, NO_ROOM), with the
    position unchanged. ``max_plies`` 0 means no limit.
    """
    board = pos[0]
    meta = pos[1]
    cells = nbr.shape[0]
    if meta[M_END] != END_NONE:
        return OVER
    color = meta[M_COLOR]
    opp = 3 - color
    taken = 0
    if action < cells:
        code, taken, _ = check_placement(board, nbr, scratch, action, color)
        if code > CAPTURE:
            return code
    elif action == cells:
        if meta[M_MUST_PASS] == 0:
            return PASS_REFUSED
    elif meta[M_SWAP] == 0 or not flags & PIE:
        return SWAP_REFUSED
    ply = meta[M_PLY]
    if ply >= trail.shape[0]:
        return NO_ROOM
    trail[ply, :META] = meta[:META]
    saved = trail[ply, META:].view(np.int8)
    for i in range(cells):
        saved[i] = board[i]
    meta[M_SWAP] = 0
    meta[M_CAPTURED] = taken
    meta[M_PLY] = ply + 1
    cand = opp
    cont = 0
    if action < cells:
        board[action] = color
        h = meta[M_HASH] ^ zob[color, action]
        found = scratch[2]
        for t in range(taken):
            e = found[t]
            board[e] = EMPTY
            h ^= zob[opp, e]
        meta[M_HASH] = h
        meta[M_STONES + color - 1] += 1
        meta[M_STONES + opp - 1] -= taken
        meta[M_LAST] = action
        if taken > 0:
            if meta[M_STONES + opp - 1] == 0:
                meta[M_END] = END_ALL_CAPTURED
                meta[M_WINNER] = color
                return 0
            cand = color
            cont = 1
        elif (
            ply == 0
            and flags & PIE
            and meta[M_STONES] == 1
            and meta[M_STONES + 1] == 0
            and color == BLACK
        ):
            meta[M_SWAP] = 1  # Black's first stone on an empty board: White may swap
    else:
        meta[M_LAST] = -1
        if action == cells + 1:
            _swap(board, zob, meta, cells)
    settle(board, nbr, scratch, meta, cand, cont)
    if meta[M_END] == END_NONE and max_plies > 0 and ply + 1 >= max_plies:
        meta[M_END] = END_MAX_PLIES
    return 0


@njit(cache=True)
def _swap(board: np.ndarray, zob: np.ndarray, meta: np.ndarray, cells: int) -> None:
    """The pie swap: Black's single stone becomes White's (seats keep their colours)."""
    for i in range(cells):
        if board[i] == BLACK:
            board[i] = WHITE
            meta[M_HASH] ^= zob[BLACK, i] ^ zob[WHITE, i]
    meta[M_STONES + 1] += meta[M_STONES]
    meta[M_STONES] = 0


@njit(cache=True)
def undo(pos: np.ndarray, trail: np.ndarray, cells: int) -> None:
    """Take back the last move (there must be one): restore the board and meta row."""
    board = pos[0]
    meta = pos[1]
    ply = meta[M_PLY] - 1
    meta[:META] = trail[ply, :META]
    saved = trail[ply, META:].view(np.int8)
    for i in range(cells):
        board[i] = saved[i]


@njit(cache=True)
def label_groups(board: np.ndarray, nbr: np.ndarray, scratch: np.ndarray) -> None:
    """Label every group and measure it: ``scratch[S_LABEL, s]`` is the label of stone s
    (the first cell of its group), ``scratch[S_SIZE, l]`` the size of group l, and
    ``scratch[S_ENEMY, l]`` the size of the largest enemy group touching it (0 if none).
    """
    cells = nbr.shape[0]
    k = nbr.shape[1]
    label = scratch[S_LABEL]
    size = scratch[S_SIZE]
    enemy = scratch[S_ENEMY]
    queue = scratch[S_QUEUE]
    for p in range(cells):
        label[p] = -1
    for p in range(cells):
        color = board[p]
        if color == EMPTY or label[p] >= 0:
            continue
        label[p] = p
        queue[0] = p
        n = 1
        i = 0
        while i < n:
            s = queue[i]
            i += 1
            for j in range(k):
                q = nbr[s, j]
                if board[q] == color and label[q] < 0:
                    label[q] = p
                    queue[n] = q
                    n += 1
        size[p] = n
        enemy[p] = 0
    for p in range(cells):
        color = board[p]
        if color == EMPTY:
            continue
        own = label[p]
        for j in range(k):
            q = nbr[p, j]
            v = board[q]
            if v != EMPTY and v != BORDER and v != color:
                other = size[label[q]]
                if other > enemy[own]:
                    enemy[own] = other


@njit(cache=True)
def placement_groups(
    board: np.ndarray,
    nbr: np.ndarray,
    label: np.ndarray,
    size: np.ndarray,
    enemy: np.ndarray,
    joined: np.ndarray,
    p: int,
    color: int,
) -> tuple[int, int, bool, int]:
    """A ``color`` stone at empty cell p, judged from its neighbours (groups labelled).

    Returns (the size of the group it would form, the largest enemy group
    touching that group, whether the new stone itself touches an enemy stone,
    how many own groups it joins). ``label``, ``size`` and ``enemy`` are the
    scratch rows of label_groups(); ``joined`` is scratch of the neighbour count.
    """
    opp = 3 - color
    group = 1
    largest = 0
    touches_enemy = False
    m = 0
    for j in range(nbr.shape[1]):
        q = nbr[p, j]
        v = board[q]
        if v == color:
            g = label[q]
            seen = False
            for i in range(m):
                if joined[i] == g:
                    seen = True
            if not seen:
                joined[m] = g
                m += 1
                group += size[g]
                largest = max(largest, enemy[g])
        elif v == opp:
            touches_enemy = True
            largest = max(largest, size[label[q]])
    return group, largest, touches_enemy, m


@njit(cache=True)
def legal_actions(pos: np.ndarray, nbr: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """Every legal action of the side to move, ascending (empty once the game is over).

    Labels the groups once (label_groups), so a placement beside own stones
    is judged from its neighbours alone: the new group's size is 1 plus the
    sizes of the distinct own groups it joins, and the enemy groups touching
    it are those touching the joined groups or the new stone.
    """
    board = pos[0]
    meta = pos[1]
    cells = nbr.shape[0]
    if meta[M_END] != END_NONE:
        return np.empty(0, dtype=np.int64)
    if meta[M_MUST_PASS]:
        out = np.empty(1, dtype=np.int64)
        out[0] = cells
        return out
    out = np.empty(cells + 1, dtype=np.int64)
    color = meta[M_COLOR]
    labelled = False
    label = scratch[S_LABEL]
    size = scratch[S_SIZE]
    enemy = scratch[S_ENEMY]
    joined = np.empty(nbr.shape[1], dtype=np.int64)
    n = 0
    for p in range(cells):
        if board[p] != EMPTY:
            continue
        if not quiet(board, nbr, p, color):
            if not labelled:
                label_groups(board, nbr, scratch)
                labelled = True
            group, largest, _, _ = placement_groups(
                board, nbr, label, size, enemy, joined, p, color
            )
            if largest == 0 or largest >= group:
                continue
        out[n] = p
        n += 1
    if meta[M_SWAP]:
        out[n] = cells + 1
        n += 1
    return out[:n].copy()


@njit(cache=True)
def situation_key(meta: np.ndarray) -> np.int64:
    """The board hash with the side to move and the swap right folded in."""
    h = meta[M_HASH]
    if meta[M_COLOR] == WHITE:
        h ^= WHITE_TO_MOVE_KEY
    if meta[M_SWAP]:
        h ^= SWAP_KEY
    return h


@njit(cache=True)
def random_playout(
    pos: np.ndarray, nbr: np.ndarray, scratch: np.ndarray, flags: int, max_plies: int
) -> tuple[int, int, int, int]:
    """Play uniformly random legal moves from ``pos`` to the end (or ``max_plies`` plies).

    Changes ``pos[0]`` and the turn fields of ``pos[1]`` (not the hash, not
    the trail). Each ply draws candidates from the empty cells (plus the
    swap when it is allowed) without replacement until a legal one comes
    up, which is uniform over the legal moves without testing them all;
    pass is played only when forced, as the rules say. Returns
    ``(placements, plies, end code, winning colour or 0)``.
    """
    board = pos[0]
    meta = pos[1]
    cells = nbr.shape[0]
    empties = np.empty(cells, dtype=np.int64)
    where = np.full(cells, -1, dtype=np.int64)
    cand = np.empty(cells + 1, dtype=np.int64)
    ne = 0
    for p in range(cells):
        if board[p] == EMPTY:
            empties[ne] = p
            where[p] = ne
            ne += 1
    color = meta[M_COLOR]
    cont = meta[M_CONTINUES]
    swap = meta[M_SWAP] != 0 and flags & PIE != 0
    end = meta[M_END]
    winner = meta[M_WINNER]
    placements = 0
    plies = 0
    while end == END_NONE:
        if max_plies > 0 and meta[M_PLY] + plies >= max_plies:
            # As play(): a board where nobody can place ends as that, not by the cap.
            stuck = not has_placement(board, nbr, scratch, color)
            if stuck and not has_placement(board, nbr, scratch, 3 - color):
                end = END_NO_PLACEMENTS
            else:
                end = END_MAX_PLIES
            break
        cand[:ne] = empties[:ne]
        k = ne
        if swap:
            cand[k] = cells + 1
            k += 1
        move = -1
        taken = 0
        while k > 0:
            i = np.random.randint(k)
            c = cand[i]
            if c == cells + 1:
                move = c
                break
            if quiet(board, nbr, c, color):
                move = c
                taken = 0
                break
            code, taken, _ = check_placement(board, nbr, scratch, c, color)
            if code <= CAPTURE:
                move = c
                break
            k -= 1
            cand[i] = cand[k]
        opp = 3 - color
        if move == cells + 1:
            for i in range(cells):
                if board[i] == BLACK:
                    board[i] = WHITE
            meta[M_STONES + 1] += meta[M_STONES]
            meta[M_STONES] = 0
            swap = False
            plies += 1
            color = opp
            cont = 0
        elif move >= 0:
            first = (
                meta[M_PLY] + plies == 0
                and color == BLACK
                and meta[M_STONES] + meta[M_STONES + 1] == 0
            )
            board[move] = color
            meta[M_STONES + color - 1] += 1
            j = where[move]
            ne -= 1
            last = empties[ne]
            empties[j] = last
            where[last] = j
            where[move] = -1
            found = scratch[2]
            for t in range(taken):
                e = found[t]
                board[e] = EMPTY
                empties[ne] = e
                where[e] = ne
                ne += 1
            meta[M_STONES + opp - 1] -= taken
            placements += 1
            plies += 1
            swap = first and flags & PIE != 0
            if taken > 0:
                if meta[M_STONES + opp - 1] == 0:
                    end = END_ALL_CAPTURED
                    winner = color
                    break
                cont = 1
            else:
                color = opp
                cont = 0
        else:
            # No placement for ``color``: the game ends if the other side has none either;
            # else a continuation ends the turn, and a normal turn is a forced pass.
            swap = False
            if not has_placement(board, nbr, scratch, opp):
                end = END_NO_PLACEMENTS
                break
            if not cont:
                plies += 1
            color = opp
            cont = 0
    meta[M_COLOR] = color
    meta[M_END] = end
    meta[M_WINNER] = winner
    return placements, plies, end, winner
