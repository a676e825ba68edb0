"""Numba kernels for Go: the board, chains, legality, moves, playouts, territory.

Data layout: one position is one array ``pos``, int64[8, L] with
``L = (N+2)**2``, so a state is handed to a kernel in one argument (numba
unboxes each array argument separately, and that dominates a short call):

* ``pos[0]``, the board: a flat board padded with a one-point BORDER frame,
  so every real point has four neighbours ``p-W, p-1, p+1, p+W``
  (``W = N+2``) and no bounds checks are needed.
* ``pos[1:3]``, the links: ``[0, p]`` is the head of p's chain and ``[1, p]``
  the next stone of the chain (a circular list), so a chain's stones are
  walked without a search.
* ``pos[3:7]``, the stats, per chain head: stones, pseudo-liberties, sum of
  liberty points, sum of their squares. A pseudo-liberty is counted once per
  (stone, empty neighbour) pair, which is cheap to update; the chain is in
  atari exactly when all its pseudo-liberties are one point, i.e. when
  ``sum**2 == sumsq * count`` (the standard trick, as in OpenSpiel and GNU Go
  derivatives).
* ``pos[7]``, the meta row: colour to move, ko point, board hash, stones
  captured by Black and by White, consecutive passes, ply, and the slots used
  in the table of positions seen (see seen.py); indices M_* below.

A state's history is ``trail``, int64[capacity, META + ceil(L / 8)]: before
each move its row ``ply`` receives the meta row and then the board, one byte
a point, which is all undo needs (the chains are rebuilt from the board).
Bytes, not int64s, so that a 19x19 row is 520 bytes, not 3.6 KB: a long game
or a search's many copies would otherwise spend their time in page faults.

Sizes and rule switches are passed as arguments: numba caches compiled code
and freezes module globals into it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.go import seen
from tabletop.games.kernel_handles import handle_at, handle_view, make_handle
from tabletop.games.kernel_random import seed_random as seed_random  # re-exported

EMPTY = 0
BLACK = 1
WHITE = 2
BORDER = 3

# Codes returned by ``check_move``.
LEGAL = 0
OCCUPIED = 1
KO = 2
SUICIDE = 3

SUPERKO = 4
NO_ROOM = 5  # the trail or the seen table is full: grow them and call again

PASS = -1

# The meta row, pos[7].
M_COLOR = 0
M_KO = 1
M_HASH = 2
M_BLACK_CAPTURES = 3
M_WHITE_CAPTURES = 4
M_PASSES = 5
M_PLY = 6
M_SEEN_USED = 7
META = 8

# Rule switches for the state kernels, or-ed into one ``flags`` argument.
ALLOW_SUICIDE = 1
POSITIONAL_SUPERKO = 2
SITUATIONAL_SUPERKO = 4

#: Xored into the board hash when White is to move (situational keys).
WHITE_TO_MOVE_KEY = 0x5D1F_3A7C_9E42_B681


def empty_position(n: int) -> np.ndarray:
    """The ``pos`` array of an empty n x n board, Black to move, no ko."""
    w = n + 2
    pos = np.zeros((8, w * w), dtype=np.int64)
    board = pos[0]
    board[:] = BORDER
    for row in range(n):
        start = (row + 1) * w + 1
        board[start : start + n] = EMPTY
    pos[1] = np.arange(w * w)
    pos[2] = np.arange(w * w)
    pos[7, M_COLOR] = BLACK
    pos[7, M_KO] = -1
    return pos


def trail_width(n: int) -> int:
    """int64 words per trail row for an n x n board: the meta row, then the board in bytes."""
    return META + ((n + 2) ** 2 + 7) // 8


def views(pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(board, links, stats, meta): the parts of ``pos`` as views."""
    return pos[0], pos[1:3], pos[3:7], pos[7]


def zobrist_table(n: int) -> np.ndarray:
    """Random 64-bit keys per (colour, point); index 0 is unused, fixed seed per size."""
    w = n + 2
    rng = np.random.default_rng(0x60_0000 + n)
    return rng.integers(-(2**63), 2**63 - 1, size=(3, w * w), dtype=np.int64)


@njit(cache=True, inline="always")
def _add_lib(stats: np.ndarray, h: int, p: int) -> None:
    stats[1, h] += 1
    stats[2, h] += p
    stats[3, h] += p * p


@njit(cache=True, inline="always")
def _remove_lib(stats: np.ndarray, h: int, p: int) -> None:
    stats[1, h] -= 1
    stats[2, h] -= p
    stats[3, h] -= p * p


@njit(cache=True, inline="always")
def _reset_point(links: np.ndarray, stats: np.ndarray, p: int) -> None:
    """Make p a chain of its own with no stones and no liberties counted."""
    links[0, p] = p
    links[1, p] = p
    stats[0, p] = 0
    stats[1, p] = 0
    stats[2, p] = 0
    stats[3, p] = 0


@njit(cache=True, inline="always")
def in_atari(stats: np.ndarray, h: int) -> bool:
    """True when the chain headed by h has exactly one liberty."""
    c = stats[1, h]
    s = stats[2, h]
    return c > 0 and s * s == stats[3, h] * c


@njit(cache=True)
def rebuild_chains(board: np.ndarray, links: np.ndarray, stats: np.ndarray, w: int) -> None:
    """Recompute links and stats from the board alone (after undo or setup)."""
    size = board.shape[0]
    stack = np.empty(size, dtype=np.int32)
    seen = np.zeros(size, dtype=np.bool_)
    for p in range(size):
        _reset_point(links, stats, p)
    offsets = (-w, -1, 1, w)
    for start in range(size):
        color = board[start]
        if (color != BLACK and color != WHITE) or seen[start]:
            continue
        # Flood the chain, threading it into a circular list headed by start.
        seen[start] = True
        top = 0
        stack[top] = start
        top += 1
        last = start
        while top > 0:
            top -= 1
            s = stack[top]
            links[0, s] = start
            if s != start:
                links[1, last] = s
                last = s
            stats[0, start] += 1
            for d in offsets:
                n = s + d
                v = board[n]
                if v == EMPTY:
                    _add_lib(stats, start, n)
                elif v == color and not seen[n]:
                    seen[n] = True
                    stack[top] = n
                    top += 1
        links[1, last] = start


@njit(cache=True, inline="always")
def check_move(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    p: int,
    color: int,
    ko: int,
    allow_suicide: bool,
) -> int:
    """LEGAL, OCCUPIED, KO or SUICIDE for a stone of ``color`` at ``p`` (superko aside)."""
    if board[p] != EMPTY:
        return OCCUPIED
    if p == ko:
        return KO
    opp = 3 - color
    safe = False
    has_friend = False
    for d in (-w, -1, 1, w):
        n = p + d
        v = board[n]
        if v == EMPTY:
            return LEGAL
        if v == color:
            has_friend = True
            if not in_atari(stats, links[0, n]):
                safe = True
        elif v == opp and in_atari(stats, links[0, n]):
            safe = True  # captures, so the new stone gains a liberty
    if safe:
        return LEGAL
    if allow_suicide and has_friend:
        return LEGAL  # multi-stone suicide; a lone stone's suicide never is
    return SUICIDE


@njit(cache=True)
def _merge(links: np.ndarray, stats: np.ndarray, a: int, b: int) -> None:
    """Merge chain b into chain a (both heads)."""
    s = b
    while True:
        links[0, s] = a
        s = links[1, s]
        if s == b:
            break
    t = links[1, a]
    links[1, a] = links[1, b]
    links[1, b] = t
    for k in range(4):
        stats[k, a] += stats[k, b]


@njit(cache=True)
def _remove_chain(
    board: np.ndarray, links: np.ndarray, stats: np.ndarray, zob: np.ndarray, w: int, h: int
) -> np.int64:
    """Take the chain headed by h off the board; returns the hash change."""
    color = board[h]
    delta = np.int64(0)
    s = h
    while True:
        board[s] = EMPTY
        delta ^= zob[color, s]
        s = links[1, s]
        if s == h:
            break
    s = h
    while True:
        nxt = links[1, s]
        for d in (-w, -1, 1, w):
            n = s + d
            v = board[n]
            if v == BLACK or v == WHITE:
                _add_lib(stats, links[0, n], s)
        links[0, s] = s
        links[1, s] = s
        s = nxt
        if s == h:
            break
    return delta


@njit(cache=True)
def play_stone(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    w: int,
    p: int,
    color: int,
) -> tuple[int, int, int, np.int64]:
    """Place a stone that check_move found legal.

    Returns (opposing stones captured, own stones lost to suicide, the new ko
    point or -1, the xor change of the board hash).
    """
    opp = 3 - color
    board[p] = color
    delta = zob[color, p]
    _reset_point(links, stats, p)
    stats[0, p] = 1
    for d in (-w, -1, 1, w):
        n = p + d
        v = board[n]
        if v == EMPTY:
            _add_lib(stats, p, n)
        elif v == BLACK or v == WHITE:
            _remove_lib(stats, links[0, n], p)
    for d in (-w, -1, 1, w):
        n = p + d
        if board[n] == color:
            a = links[0, p]
            b = links[0, n]
            if a != b:
                if stats[0, a] >= stats[0, b]:
                    _merge(links, stats, a, b)
                else:
                    _merge(links, stats, b, a)
    captured = 0
    last_captured = -1
    for d in (-w, -1, 1, w):
        n = p + d
        if board[n] == opp:
            h = links[0, n]
            if stats[1, h] == 0:
                captured += stats[0, h]
                last_captured = n
                delta ^= _remove_chain(board, links, stats, zob, w, h)
    head = links[0, p]
    suicided = 0
    if stats[1, head] == 0:
        suicided = stats[0, head]
        delta ^= _remove_chain(board, links, stats, zob, w, head)
        return captured, suicided, -1, delta
    ko = -1
    if captured == 1 and stats[0, head] == 1 and stats[1, head] == 1:
        ko = last_captured
    return captured, suicided, ko, delta


@njit(cache=True)
def legal_actions(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    n: int,
    color: int,
    ko: int,
    allow_suicide: bool,
) -> np.ndarray:
    """Legal placements as actions ``row*n + col`` (ascending) followed by pass ``n*n``."""
    w = n + 2
    out = np.empty(n * n + 1, dtype=np.int64)
    k = 0
    for row in range(n):
        base = (row + 1) * w + 1
        for col in range(n):
            p = base + col
            if board[p] != EMPTY:
                continue
            # Fast path: an empty neighbour makes any non-ko placement legal.
            if (
                p != ko
                and (
                    board[p - w] == EMPTY
                    or board[p - 1] == EMPTY
                    or board[p + 1] == EMPTY
                    or board[p + w] == EMPTY
                )
            ) or check_move(board, links, stats, w, p, color, ko, allow_suicide) == LEGAL:
                out[k] = row * n + col
                k += 1
    out[k] = n * n
    return out[: k + 1].copy()


@njit(cache=True, inline="always")
def _chain_hash(links: np.ndarray, zob: np.ndarray, color: int, head: int) -> np.int64:
    """Xor of the keys of every stone in the chain headed by ``head``."""
    h = np.int64(0)
    s = head
    while True:
        h ^= zob[color, s]
        s = links[1, s]
        if s == head:
            break
    return h


@njit(cache=True)
def result_hash(pos: np.ndarray, zob: np.ndarray, w: int, p: int) -> np.int64:
    """The board hash after a legal stone at p of the side to move, without changing
    anything (for superko)."""
    board = pos[0]
    links = pos[1:3]
    stats = pos[3:7]
    color = pos[7, M_COLOR]
    opp = 3 - color
    h = pos[7, M_HASH] ^ zob[color, p]
    heads = np.full(4, -1, dtype=np.int64)
    k = 0
    has_liberty = False
    for d in (-w, -1, 1, w):
        nb = p + d
        v = board[nb]
        if v == EMPTY:
            has_liberty = True
        elif v == color:
            if not in_atari(stats, links[0, nb]):
                has_liberty = True
        elif v == opp:
            head = links[0, nb]
            if in_atari(stats, head) and head != heads[0] and head != heads[1] and head != heads[2]:
                heads[k] = head
                k += 1
    for i in range(k):
        h ^= _chain_hash(links, zob, opp, heads[i])
    if k == 0 and not has_liberty:
        # Multi-stone suicide: the stone and the friendly chains around it vanish.
        h ^= zob[color, p]
        seen = np.full(4, -1, dtype=np.int64)
        j = 0
        for d in (-w, -1, 1, w):
            nb = p + d
            if board[nb] == color:
                head = links[0, nb]
                if head != seen[0] and head != seen[1] and head != seen[2]:
                    seen[j] = head
                    j += 1
                    h ^= _chain_hash(links, zob, color, head)
    return h


@njit(cache=True, inline="always")
def situation_key(meta: np.ndarray) -> np.int64:
    """The board hash, xored with WHITE_TO_MOVE_KEY when White is to move."""
    if meta[M_COLOR] == WHITE:
        return meta[M_HASH] ^ WHITE_TO_MOVE_KEY
    return meta[M_HASH]


@njit(cache=True, inline="always")
def _repeats(
    pos: np.ndarray, zob: np.ndarray, table: np.ndarray, w: int, p: int, flags: int
) -> bool:
    """True when a legal stone at p would recreate a position the superko flag forbids."""
    color = pos[7, M_COLOR]
    after = result_hash(pos, zob, w, p)
    if flags & POSITIONAL_SUPERKO:
        return seen.count(table, after) > 0 or seen.count(table, after ^ WHITE_TO_MOVE_KEY) > 0
    # Situational: the same stones with the opponent to move.
    key = after ^ WHITE_TO_MOVE_KEY if color == BLACK else after
    return seen.count(table, key) > 0


@njit(cache=True)
def record_start(pos: np.ndarray, table: np.ndarray) -> None:
    """Count the current situation as seen once (a new game's first position)."""
    _, fresh = seen.add(table, situation_key(pos[7]))
    if fresh:
        pos[7, M_SEEN_USED] += 1


@njit(cache=True)
def play(
    pos: np.ndarray,
    zob: np.ndarray,
    trail: np.ndarray,
    table: np.ndarray,
    w: int,
    p: int,
    flags: int,
) -> tuple[int, int]:
    """Play a stone at p, or PASS, for the side to move - the whole move in one call.

    Checks legality (superko by ``flags``), saves the board and meta row in
    ``trail``, plays, and counts the new situation in ``table``. Returns
    (LEGAL, times the new situation has now occurred) or (the refusal code, 0);
    NO_ROOM changes nothing.
    """
    board = pos[0]
    links = pos[1:3]
    stats = pos[3:7]
    meta = pos[7]
    ply = meta[M_PLY]
    if ply >= trail.shape[0] or 2 * (meta[M_SEEN_USED] + 1) > table.shape[0]:
        return NO_ROOM, 0
    color = meta[M_COLOR]
    if p != PASS:
        code = check_move(board, links, stats, w, p, color, meta[M_KO], flags & ALLOW_SUICIDE != 0)
        if code != LEGAL:
            return code, 0
        if flags & (POSITIONAL_SUPERKO | SITUATIONAL_SUPERKO) and _repeats(
            pos, zob, table, w, p, flags
        ):
            return SUPERKO, 0
    trail[ply, :META] = meta[:META]
    saved = trail[ply, META:].view(np.int8)
    for i in range(board.shape[0]):
        saved[i] = board[i]
    if p == PASS:
        meta[M_KO] = -1
        meta[M_PASSES] += 1
    else:
        captured, suicided, ko, delta = play_stone(board, links, stats, zob, w, p, color)
        meta[M_HASH] ^= delta
        meta[M_KO] = ko
        meta[M_PASSES] = 0
        if color == BLACK:
            meta[M_BLACK_CAPTURES] += captured
            meta[M_WHITE_CAPTURES] += suicided
        else:
            meta[M_BLACK_CAPTURES] += suicided
            meta[M_WHITE_CAPTURES] += captured
    meta[M_COLOR] = 3 - color
    meta[M_PLY] = ply + 1
    times, fresh = seen.add(table, situation_key(meta))
    if fresh:
        meta[M_SEEN_USED] += 1
    return LEGAL, times


#: A play handle: pos, zob, trail, the seen table (kernel_handles), then w and flags.
PLAY_HANDLE_WORDS = 14


def play_handle(
    pos: np.ndarray, zob: np.ndarray, trail: np.ndarray, table: np.ndarray, w: int, flags: int
) -> np.ndarray:
    """The handle ``play_by_handle`` reads (rebuild it when an array is replaced)."""
    return make_handle((pos, zob, trail, table), (w, flags))


@njit(cache=True)
def play_by_handle(address: int, p: int) -> int:
    """``play`` for the Python-facing hot path: the arrays come from the handle at
    ``address`` (one int to unbox instead of four arrays), and one int comes back:
    the times the new situation has occurred (>= 1) when legal, else minus the code."""
    h = handle_at(address, PLAY_HANDLE_WORDS)
    code, times = play(
        handle_view(h, 0), handle_view(h, 1), handle_view(h, 2), handle_view(h, 3), h[12], p, h[13]
    )
    return times if code == LEGAL else -code


@njit(cache=True)
def undo(pos: np.ndarray, trail: np.ndarray, table: np.ndarray, w: int) -> None:
    """Take back the last move (there must be one): restore from ``trail``, uncount it."""
    board = pos[0]
    meta = pos[7]
    seen.remove(table, situation_key(meta))
    ply = meta[M_PLY] - 1
    used = meta[M_SEEN_USED]  # slots stay used: tombstones are not freed
    meta[:META] = trail[ply, :META]
    saved = trail[ply, META:].view(np.int8)
    for i in range(board.shape[0]):
        board[i] = saved[i]
    meta[M_SEEN_USED] = used
    rebuild_chains(board, pos[1:3], pos[3:7], w)


@njit(cache=True)
def state_legal_actions(
    pos: np.ndarray, zob: np.ndarray, table: np.ndarray, n: int, flags: int
) -> np.ndarray:
    """legal_actions for the side to move, without the placements superko forbids."""
    meta = pos[7]
    actions = legal_actions(
        pos[0], pos[1:3], pos[3:7], n, meta[M_COLOR], meta[M_KO], flags & ALLOW_SUICIDE != 0
    )
    if not flags & (POSITIONAL_SUPERKO | SITUATIONAL_SUPERKO):
        return actions
    w = n + 2
    keep = np.empty_like(actions)
    k = 0
    for a in actions:
        if a == n * n or not _repeats(pos, zob, table, w, (a // n + 1) * w + a % n + 1, flags):
            keep[k] = a
            k += 1
    return keep[:k].copy()


@njit(cache=True)
def region_owners(board: np.ndarray, n: int) -> np.ndarray:
    """Per empty point: 1 if its region reaches only Black, 2 only White, 0 both or none.

    Stones get their own colour; border entries are 0. One flood fill per region.
    """
    w = n + 2
    size = board.shape[0]
    owner = np.zeros(size, dtype=np.int8)
    seen = np.zeros(size, dtype=np.bool_)
    stack = np.empty(size, dtype=np.int32)
    members = np.empty(size, dtype=np.int32)
    for p in range(size):
        v = board[p]
        if v == BLACK or v == WHITE:
            owner[p] = v
            continue
        if v != EMPTY or seen[p]:
            continue
        reach = 0
        top = 0
        m = 0
        stack[top] = p
        top += 1
        seen[p] = True
        while top > 0:
            top -= 1
            s = stack[top]
            members[m] = s
            m += 1
            for d in (-w, -1, 1, w):
                nb = s + d
                c = board[nb]
                if c == EMPTY:
                    if not seen[nb]:
                        seen[nb] = True
                        stack[top] = nb
                        top += 1
                elif c == BLACK or c == WHITE:
                    reach |= c
        if reach == BLACK or reach == WHITE:
            for i in range(m):
                owner[members[i]] = reach
    return owner


@njit(cache=True)
def collect_empties(board: np.ndarray, n: int, empties: np.ndarray, where: np.ndarray) -> int:
    """List the empty points of the n x n board in ``empties``, in board order (``where[p]``:
    p's index there, right for the empty points only: the ones take_empty reads); their
    number. Without branches: playouts call it after every capture, and a board's empty
    points are too irregular for branches to be predicted (docs/benchmarks.md)."""
    w = n + 2
    ne = 0
    for row in range(1, n + 1):
        for p in range(row * w + 1, row * w + n + 1):
            empties[ne] = p
            where[p] = ne
            ne += board[p] == EMPTY
    return ne


@njit(cache=True, inline="always")
def take_empty(empties: np.ndarray, where: np.ndarray, ne: int, p: int) -> int:
    """Take empty point p off the list of collect_empties (the list's last point takes its
    slot); the new number of empty points."""
    slot = where[p]
    moved = empties[ne - 1]
    empties[slot] = moved
    where[moved] = slot
    where[p] = -1
    return ne - 1


@njit(cache=True)
def random_playout(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    n: int,
    color: int,
    ko: int,
    allow_suicide: bool,
    max_plies: int,
) -> tuple[int, int]:
    """Play uniformly random legal moves (pass included) until two passes or max_plies.

    Changes the arrays in place. Each ply draws candidates (empty points and
    pass) without replacement until a legal one comes up, which is uniform
    over the legal moves without testing all of them. Simple ko only: a
    playout is a sample, and superko needs the game's whole history.
    Returns (plies played, colour to move at the end).
    """
    w = n + 2
    empties = np.empty(n * n, dtype=np.int32)
    where = np.empty(board.shape[0], dtype=np.int32)
    cand = np.empty(n * n + 1, dtype=np.int32)
    ne = collect_empties(board, n, empties, where)
    plies = 0
    passes = 0
    while plies < max_plies and passes < 2:
        cand[:ne] = empties[:ne]
        cand[ne] = PASS
        k = ne + 1
        while True:
            i = np.random.randint(k)
            move = cand[i]
            if (
                move == PASS
                or check_move(board, links, stats, w, move, color, ko, allow_suicide) == LEGAL
            ):
                break
            k -= 1
            cand[i] = cand[k]
        plies += 1
        if move == PASS:
            passes += 1
            ko = -1
        else:
            passes = 0
            captured, suicided, ko, _ = play_stone(board, links, stats, zob, w, move, color)
            # A capture frees points anywhere: list them again; else only move leaves.
            if captured + suicided > 0:
                ne = collect_empties(board, n, empties, where)
            else:
                ne = take_empty(empties, where, ne, move)
        color = 3 - color
    return plies, color


@njit(cache=True, inline="always")
def is_own_eye(board: np.ndarray, w: int, p: int, color: int) -> bool:
    """True when empty p is an eye of ``color``: every neighbour own or border, and at most
    one opposing diagonal (none on the edge). Filling it is never a sensible playout move."""
    edge = False
    for d in (-w, -1, 1, w):
        v = board[p + d]
        if v == BORDER:
            edge = True
        elif v != color:
            return False
    opp = 3 - color
    bad = 0
    for d in (-w - 1, -w + 1, w - 1, w + 1):
        if board[p + d] == opp:
            bad += 1
    return bad == 0 if edge else bad <= 1


@njit(cache=True)
def policy_playout(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    n: int,
    color: int,
    ko: int,
    allow_suicide: bool,
    max_plies: int,
) -> tuple[int, int]:
    """The generic search's rollout for Go: random legal moves that never fill an own eye.

    A side passes only when every legal point is an own eye, so play goes on
    until the territories are settled and an area count at the end is a fair
    estimate of the result (uniform random play, pass included, ends too early
    for that). Simple ko only. Returns (plies played, colour to move at the end).
    """
    w = n + 2
    cand = np.empty(n * n, dtype=np.int32)
    plies = 0
    passes = 0
    while plies < max_plies and passes < 2:
        # The empty points in board order, every ply: the draws below depend on the order.
        k = 0
        for p in range(board.shape[0]):
            if board[p] == EMPTY:
                cand[k] = p
                k += 1
        move = PASS
        while k > 0:
            i = np.random.randint(k)
            c = cand[i]
            if not is_own_eye(board, w, c, color) and (
                check_move(board, links, stats, w, c, color, ko, allow_suicide) == LEGAL
            ):
                move = c
                break
            k -= 1
            cand[i] = cand[k]
        plies += 1
        if move == PASS:
            passes += 1
            ko = -1
        else:
            passes = 0
            _, _, ko, _ = play_stone(board, links, stats, zob, w, move, color)
        color = 3 - color
    return plies, color
