"""Numba kernels for Quoridor: pawn moves, wall legality, play, undo, playouts.

Data layout: one position is one flat int64 array ``pos`` (one argument to
unbox per kernel call), in parts at the offsets O_* below:

* occupancy per square (``row*9+col``): 0 empty, else seat+1;
* blocked directions per square, a bit per direction (N, E, S, W), with
  the board edge set permanently, so a step needs one bit test;
* the wall slots (0..63 horizontal, 64..127 vertical, ``row*8+col`` of the
  anchor): 1 where a wall stands; and per slot the number of
  placed walls that forbid it (the same slot, an overlapping one, the one
  crossing it), so the geometric test is one compare;
* two caches that depend on the walls alone (decision record 0011),
  repaired incrementally when a wall is placed or taken back and never
  touched when a pawn moves:
  per seat the distance of every square to that seat's goal side, ignoring
  pawns; and per corner point of the wall grid (10 x 10, the board edge
  included) the component of the wall drawing it belongs to;
* the meta row: seat to move, player count, winner (-1 none), ply, hash,
  pawn square per seat, walls left per seat, goal side per seat.

A wall can cut a pawn off only if it closes a loop in the wall drawing (two
of its three corner points already connected, the edge counting as one
piece) and it crosses that pawn's shortest path; only then is a search run.

The undo trail has one row per ply: action, seat, the square the pawn left,
the hash and the winner before the move.

Scratch space follows the position in the same array, from offset
POS_LEN: the legal actions are written at its start (W_ACTIONS), then path
marks, search stacks, the union-find of the corner components. Made once
with the state, so no kernel allocates, and a call from Python unboxes one
array instead of two (an allocation, and every array handed to a function,
costs reference counting; unboxing costs about 100 ns an array). Equality
and copies look at ``pos[:POS_LEN]`` only.

Sizes are constants of the game (always 9x9); rule switches are arguments,
since numba freezes module globals into its cache.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.kernel_random import seed_random as seed_random  # re-exported
from tabletop.games.quoridor.geometry import NUM_SQUARES
from tabletop.games.quoridor.notation import H_BASE, PASS_ACTION

N = 9
SQ = NUM_SQUARES
NSLOT = 2 * (N - 1) * (N - 1)
VSLOT = (N - 1) * (N - 1)  # first vertical slot
CORNERS = (N + 1) * (N + 1)
MAX_PLAYERS = 4
#: Distance of a square that cannot reach the goal side.
FAR = 1 << 20

# Directions: north (row+1), east (col+1), south, west.
NORTH = 0
EAST = 1
SOUTH = 2
WEST = 3
DELTAS = (N, 1, -N, -1)

# Goal sides: the row or column a seat must reach.
GOAL_NORTH = 0  # row 9
GOAL_EAST = 1  # column i
GOAL_SOUTH = 2  # row 1
GOAL_WEST = 3  # column a

# Offsets into ``pos``.
O_OCC = 0
O_BLOCK = O_OCC + SQ
O_WALL = O_BLOCK + SQ
O_CONFLICT = O_WALL + NSLOT
O_DIST = O_CONFLICT + NSLOT
O_LABEL = O_DIST + MAX_PLAYERS * SQ
O_META = O_LABEL + CORNERS
M_TO_MOVE = 0
M_PLAYERS = 1
M_WINNER = 2
M_PLY = 3
M_HASH = 4
M_PAWN = 5
M_WALLS = M_PAWN + MAX_PLAYERS
M_GOAL = M_WALLS + MAX_PLAYERS
POS_LEN = O_META + M_GOAL + MAX_PLAYERS

# Offsets into the zobrist table.
Z_PAWN = 0
Z_WALL = Z_PAWN + MAX_PLAYERS * SQ
Z_LEFT = Z_WALL + NSLOT
LEFT_KEYS = NSLOT + 1  # walls left: 0..128
Z_TURN = Z_LEFT + MAX_PLAYERS * LEFT_KEYS
Z_LEN = Z_TURN + MAX_PLAYERS

# Trail row.
T_ACTION = 0
T_SEAT = 1
T_FROM = 2
T_HASH = 3
T_WINNER = 4
TRAIL_WIDTH = 5

# Offsets of the scratch part, after the position in the same array.
W_ACTIONS = POS_LEN
W_MASKS = W_ACTIONS + PASS_ACTION + 1
W_SEEN = W_MASKS + NSLOT
W_STACK = W_SEEN + SQ
W_PARENT = W_STACK + SQ
W_PAWN = W_PARENT + CORNERS
W_LIST = W_PAWN + 16
W_KEY = W_LIST + SQ
W_QUEUE = W_KEY + SQ
BUF_LEN = W_QUEUE + 4 * SQ

# Codes of check_move (decision record 0010 lists the messages).
LEGAL = 0
GAME_OVER = 1
PAWN_UNREACHABLE = 2
NO_WALLS_LEFT = 3
WALL_TAKEN = 4
WALL_CONFLICT = 5
PASS_NOT_ALLOWED = 6
NO_ROOM = 7
CUTS_OFF = 10  # CUTS_OFF + seat: the wall would leave that seat no way to its goal

#: The start square and goal side of each seat, by player count (docs/rules/quoridor.md §3).
START_2 = ((4, GOAL_NORTH), (8 * N + 4, GOAL_SOUTH))
START_4 = (
    (4, GOAL_NORTH),
    (4 * N, GOAL_EAST),
    (8 * N + 4, GOAL_SOUTH),
    (4 * N + 8, GOAL_WEST),
)


def zobrist_table() -> np.ndarray:
    """Random 64-bit keys: pawn per (seat, square), wall per slot, walls left, turn."""
    rng = np.random.default_rng(0x0_0D0_2026)
    return rng.integers(-(2**63), 2**63 - 1, size=Z_LEN, dtype=np.int64)


#: The keys, fixed by their seed: a constant the kernels may read (numba freezes it).
ZOBRIST = zobrist_table()
ZOBRIST.setflags(write=False)


def new_position(players: int, walls: int) -> np.ndarray:
    """The start position for 2 or 4 players with ``walls`` each, first seat to move."""
    pos = np.zeros(BUF_LEN, dtype=np.int64)
    for sq in range(SQ):
        row, col = divmod(sq, N)
        bits = 0
        if row == N - 1:
            bits |= 1 << NORTH
        if col == N - 1:
            bits |= 1 << EAST
        if row == 0:
            bits |= 1 << SOUTH
        if col == 0:
            bits |= 1 << WEST
        pos[O_BLOCK + sq] = bits
    starts = START_2 if players == 2 else START_4
    meta = O_META
    pos[meta + M_PLAYERS] = players
    pos[meta + M_WINNER] = -1
    for seat, (square, goal) in enumerate(starts):
        pos[O_OCC + square] = seat + 1
        pos[meta + M_PAWN + seat] = square
        pos[meta + M_WALLS + seat] = walls
        pos[meta + M_GOAL + seat] = goal
    pos[meta + M_HASH] = compute_hash(pos)
    refresh(pos)
    return pos


# -- geometry -----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def is_goal(square: int, goal: int) -> bool:
    """True when ``square`` lies on goal side ``goal``."""
    if goal == GOAL_NORTH:
        return square >= (N - 1) * N
    if goal == GOAL_EAST:
        return square % N == N - 1
    if goal == GOAL_SOUTH:
        return square < N
    return square % N == 0


@njit(cache=True, inline="always")
def slot_edges(slot: int) -> tuple[int, int, int]:
    """(square a, square b, direction): the wall blocks a and b towards ``direction``.

    A horizontal wall blocks the north side of its anchor and the square east
    of it; a vertical wall the east side of its anchor and the square north.
    """
    if slot < VSLOT:
        a = (slot // (N - 1)) * N + slot % (N - 1)
        return a, a + 1, NORTH
    t = slot - VSLOT
    a = (t // (N - 1)) * N + t % (N - 1)
    return a, a + N, EAST


@njit(cache=True, inline="always")
def slot_corners(slot: int) -> tuple[int, int, int]:
    """The three corner points (``y*10+x`` on the 10x10 grid) a wall runs through."""
    if slot < VSLOT:
        c, r = slot % (N - 1), slot // (N - 1)
        p = (r + 1) * (N + 1) + c
        return p, p + 1, p + 2
    t = slot - VSLOT
    c, r = t % (N - 1), t // (N - 1)
    p = r * (N + 1) + c + 1
    return p, p + N + 1, p + 2 * (N + 1)


@njit(cache=True, inline="always")
def _set_edges(pos: np.ndarray, slot: int, on: bool) -> None:
    a, b, d = slot_edges(slot)
    back = (d + 2) % 4
    step = DELTAS[d]
    for sq in (a, b):
        if on:
            pos[O_BLOCK + sq] |= 1 << d
            pos[O_BLOCK + sq + step] |= 1 << back
        else:
            pos[O_BLOCK + sq] &= ~(1 << d)
            pos[O_BLOCK + sq + step] &= ~(1 << back)


@njit(cache=True, inline="always")
def _add_conflicts(pos: np.ndarray, slot: int, amount: int) -> None:
    """Count ``slot`` as forbidding itself, the slots it overlaps and the one it crosses."""
    pos[O_CONFLICT + slot] += amount
    if slot < VSLOT:
        c = slot % (N - 1)
        if c > 0:
            pos[O_CONFLICT + slot - 1] += amount
        if c < N - 2:
            pos[O_CONFLICT + slot + 1] += amount
        pos[O_CONFLICT + slot + VSLOT] += amount
    else:
        r = (slot - VSLOT) // (N - 1)
        if r > 0:
            pos[O_CONFLICT + slot - (N - 1)] += amount
        if r < N - 2:
            pos[O_CONFLICT + slot + (N - 1)] += amount
        pos[O_CONFLICT + slot - VSLOT] += amount


@njit(cache=True)
def place_wall(pos: np.ndarray, slot: int) -> None:
    """Put a wall on a free slot: its blocked steps and the slots it forbids (caches aside)."""
    pos[O_WALL + slot] = 1
    _set_edges(pos, slot, True)
    _add_conflicts(pos, slot, 1)


# -- the wall-only caches ---------------------------------------------------------------
@njit(cache=True, inline="always")
def _distances(pos: np.ndarray, seat: int) -> None:
    """Breadth-first distances of every square to ``seat``'s goal side (pawns ignored)."""
    base = O_DIST + seat * SQ
    goal = pos[O_META + M_GOAL + seat]
    head = tail = W_STACK
    for sq in range(SQ):
        if is_goal(sq, goal):
            pos[base + sq] = 0
            pos[tail] = sq
            tail += 1
        else:
            pos[base + sq] = FAR
    while head < tail:
        sq = pos[head]
        head += 1
        nd = pos[base + sq] + 1
        blocked = pos[O_BLOCK + sq]
        for d in range(4):
            if blocked & (1 << d):
                continue
            nb = sq + DELTAS[d]
            if pos[base + nb] == FAR:
                pos[base + nb] = nd
                pos[tail] = nb
                tail += 1


@njit(cache=True, inline="always")
def _find(pos: np.ndarray, p: int) -> int:
    while pos[W_PARENT + p] != p:
        pos[W_PARENT + p] = pos[W_PARENT + pos[W_PARENT + p]]
        p = pos[W_PARENT + p]
    return p


@njit(cache=True, inline="always")
def _label_corners(pos: np.ndarray) -> None:
    """Component of every corner point in the drawing of walls plus the board edge.

    A component's label is its smallest corner index (the edge's is 0), so
    the labels are a function of the walls alone, however they were built.
    """
    for p in range(CORNERS):
        x, y = p % (N + 1), p // (N + 1)
        # The whole edge is one piece, rooted at corner 0.
        edge = x == 0 or y == 0 or x == N or y == N
        pos[W_PARENT + p] = 0 if edge else p
    for slot in range(NSLOT):
        if pos[O_WALL + slot] == 0:
            continue
        a, m, b = slot_corners(slot)
        ra = _find(pos, a)
        rm = _find(pos, m)
        if rm != ra:
            pos[W_PARENT + rm] = ra
        rb = _find(pos, b)
        if rb != ra:
            pos[W_PARENT + rb] = ra
    for p in range(CORNERS):
        pos[W_QUEUE + p] = -1
    for p in range(CORNERS):  # ascending: the first corner met of a root is its smallest
        r = _find(pos, p)
        if pos[W_QUEUE + r] < 0:
            pos[W_QUEUE + r] = p
        pos[O_LABEL + p] = pos[W_QUEUE + r]


@njit(cache=True, inline="always")
def _join_labels(pos: np.ndarray, slot: int) -> None:
    """Merge the components of a new wall's three corners (labels stay the smallest index)."""
    a, m, b = slot_corners(slot)
    la, lm, lb = pos[O_LABEL + a], pos[O_LABEL + m], pos[O_LABEL + b]
    low = min(la, min(lm, lb))
    for p in range(CORNERS):
        v = pos[O_LABEL + p]
        if v == la or v == lm or v == lb:
            pos[O_LABEL + p] = low


@njit(cache=True, inline="always")
def _open(pos: np.ndarray, sq: int, d: int) -> bool:
    return not pos[O_BLOCK + sq] & (1 << d)


@njit(cache=True)
def _distances_after_block(pos: np.ndarray, seat: int, slot: int) -> None:
    """Repair ``seat``'s goal distances after the wall ``slot`` was placed.

    Distances only grow. Every square that had a shortest path through a
    newly blocked step is found by following the shortest-path tree down
    from it (a superset of the squares that change); those are recomputed
    from their unaffected neighbours, in order of distance (a sorted list of
    starts merged with a first-in-first-out queue: Dijkstra for unit steps).
    """
    base = O_DIST + seat * SQ
    a, b, d = slot_edges(slot)
    step = DELTAS[d]
    for sq in range(SQ):
        pos[W_SEEN + sq] = 0
    top = 0
    for u0 in (a, b):
        v0 = u0 + step
        # The endpoint one step farther from the goal lost its way through the other.
        if pos[base + u0] == pos[base + v0] + 1:
            far = u0
        elif pos[base + v0] == pos[base + u0] + 1:
            far = v0
        else:
            continue
        if not pos[W_SEEN + far]:
            pos[W_SEEN + far] = 1
            pos[W_STACK + top] = far
            top += 1
    if top == 0:
        return  # no blocked step was on a shortest path: nothing changes
    count = 0
    while top > 0:
        top -= 1
        x = pos[W_STACK + top]
        pos[W_LIST + count] = x
        count += 1
        dx = pos[base + x]
        for e in range(4):
            if _open(pos, x, e):
                y = x + DELTAS[e]
                if not pos[W_SEEN + y] and pos[base + y] == dx + 1:
                    pos[W_SEEN + y] = 1
                    pos[W_STACK + top] = y
                    top += 1
    # Starting values from neighbours outside the affected set, which keep theirs.
    for i in range(count):
        x = pos[W_LIST + i]
        best = FAR
        for e in range(4):
            if _open(pos, x, e):
                y = x + DELTAS[e]
                if not pos[W_SEEN + y] and pos[base + y] + 1 < best:
                    best = pos[base + y] + 1
        pos[W_KEY + i] = best
    # Sort the affected squares by starting value (insertion sort: the set is small).
    for i in range(1, count):
        key, node = pos[W_KEY + i], pos[W_LIST + i]
        j = i - 1
        while j >= 0 and pos[W_KEY + j] > key:
            pos[W_KEY + j + 1] = pos[W_KEY + j]
            pos[W_LIST + j + 1] = pos[W_LIST + j]
            j -= 1
        pos[W_KEY + j + 1] = key
        pos[W_LIST + j + 1] = node
    for i in range(count):
        pos[base + pos[W_LIST + i]] = pos[W_KEY + i]
    # W_SEEN: 1 = affected and not final yet, 2 = final (others are 0).
    li = 0
    qh = qt = W_QUEUE
    while True:
        if li < count and (qh == qt or pos[W_KEY + li] <= pos[base + pos[qh]]):
            x = pos[W_LIST + li]
            li += 1
        elif qh < qt:
            x = pos[qh]
            qh += 1
        else:
            break
        if pos[W_SEEN + x] != 1 or pos[base + x] >= FAR:
            continue
        pos[W_SEEN + x] = 2
        nd = pos[base + x] + 1
        for e in range(4):
            if _open(pos, x, e):
                y = x + DELTAS[e]
                if pos[W_SEEN + y] == 1 and nd < pos[base + y]:
                    pos[base + y] = nd
                    pos[qt] = y
                    qt += 1


@njit(cache=True)
def _distances_after_unblock(pos: np.ndarray, seat: int, slot: int) -> None:
    """Repair ``seat``'s goal distances after the wall ``slot`` was taken away.

    Distances only shrink: relax the two reopened steps both ways and
    spread every improvement breadth-first.
    """
    base = O_DIST + seat * SQ
    a, b, d = slot_edges(slot)
    step = DELTAS[d]
    qh = qt = W_QUEUE
    for u in (a, b):
        v = u + step
        if pos[base + v] + 1 < pos[base + u]:
            pos[base + u] = pos[base + v] + 1
            pos[qt] = u
            qt += 1
        elif pos[base + u] + 1 < pos[base + v]:
            pos[base + v] = pos[base + u] + 1
            pos[qt] = v
            qt += 1
    while qh < qt:
        x = pos[qh]
        qh += 1
        nd = pos[base + x] + 1
        for e in range(4):
            if _open(pos, x, e):
                y = x + DELTAS[e]
                if nd < pos[base + y]:
                    pos[base + y] = nd
                    pos[qt] = y
                    qt += 1


@njit(cache=True)
def refresh(pos: np.ndarray) -> None:
    """Rebuild the caches that depend on the walls from scratch (start, setups, tests)."""
    for seat in range(pos[O_META + M_PLAYERS]):
        _distances(pos, seat)
    _label_corners(pos)


@njit(cache=True)
def wall_placed(pos: np.ndarray, slot: int) -> None:
    """Bring the caches up to date after ``slot`` got a wall (incrementally)."""
    for seat in range(pos[O_META + M_PLAYERS]):
        _distances_after_block(pos, seat, slot)
    _join_labels(pos, slot)


@njit(cache=True)
def wall_removed(pos: np.ndarray, slot: int) -> None:
    """Bring the caches up to date after the wall on ``slot`` was taken back."""
    for seat in range(pos[O_META + M_PLAYERS]):
        _distances_after_unblock(pos, seat, slot)
    _label_corners(pos)


# -- pawn moves ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _insert(out: np.ndarray, start: int, k: int, value: int) -> int:
    """Insert ``value`` into the sorted out[start:start+k] unless present; the new count."""
    i = k
    while i > 0 and out[start + i - 1] > value:
        i -= 1
    if i > 0 and out[start + i - 1] == value:
        return k
    j = k
    while j > i:
        out[start + j] = out[start + j - 1]
        j -= 1
    out[start + i] = value
    return k + 1


@njit(cache=True, inline="always")
def pawn_moves(pos: np.ndarray, seat: int, side_around: bool, start: int) -> int:
    """The destinations of ``seat``'s pawn, ascending, into pos[start:]; returns their count.

    A step to an empty neighbour; over a facing pawn a straight jump when no
    wall is behind it and the square is empty; otherwise side steps beside
    it - when a wall or the edge is behind it, and (with ``side_around``)
    when a second pawn is.
    """
    sq = pos[O_META + M_PAWN + seat]
    blocked = pos[O_BLOCK + sq]
    k = 0
    for d in range(4):
        if blocked & (1 << d):
            continue
        t = sq + DELTAS[d]
        if pos[O_OCC + t] == 0:
            k = _insert(pos, start, k, t)
            continue
        behind = pos[O_BLOCK + t]
        side = False
        if behind & (1 << d):
            side = True
        else:
            u = t + DELTAS[d]
            if pos[O_OCC + u] == 0:
                k = _insert(pos, start, k, u)
            elif side_around:
                side = True
        if side:
            for e in ((d + 1) % 4, (d + 3) % 4):
                if not behind & (1 << e):
                    v = t + DELTAS[e]
                    if pos[O_OCC + v] == 0:
                        k = _insert(pos, start, k, v)
    return k


# -- wall legality ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _mark_edge(pos: np.ndarray, sq: int, d: int, bit: int) -> None:
    """Mark the (up to two) wall slots that would block the step from ``sq`` towards ``d``."""
    if d == SOUTH:
        sq, d = sq - N, NORTH
    elif d == WEST:
        sq, d = sq - 1, EAST
    c, r = sq % N, sq // N
    if d == NORTH:
        if c > 0:
            pos[W_MASKS + r * (N - 1) + c - 1] |= bit
        if c < N - 1:
            pos[W_MASKS + r * (N - 1) + c] |= bit
    else:
        if r > 0:
            pos[W_MASKS + VSLOT + (r - 1) * (N - 1) + c] |= bit
        if r < N - 1:
            pos[W_MASKS + VSLOT + r * (N - 1) + c] |= bit


@njit(cache=True, inline="always")
def path_masks(pos: np.ndarray) -> None:
    """pos[W_MASKS + slot]: a bit per seat whose shortest path the slot would cut.

    The path of each pawn follows its cached goal distances down to 0.
    """
    for slot in range(NSLOT):
        pos[W_MASKS + slot] = 0
    for seat in range(pos[O_META + M_PLAYERS]):
        base = O_DIST + seat * SQ
        sq = pos[O_META + M_PAWN + seat]
        bit = 1 << seat
        while pos[base + sq] > 0:
            here = pos[base + sq]
            blocked = pos[O_BLOCK + sq]
            for d in range(4):
                if blocked & (1 << d):
                    continue
                nb = sq + DELTAS[d]
                if pos[base + nb] == here - 1:
                    _mark_edge(pos, sq, d, bit)
                    sq = nb
                    break


@njit(cache=True, inline="always")
def closes_loop(pos: np.ndarray, slot: int) -> bool:
    """True when two of the wall's three corner points are already joined by walls or edge.

    Only then can it enclose a region; otherwise it joins separate pieces
    (or none) and every square keeps every route it had.
    """
    a, m, b = slot_corners(slot)
    la, lm, lb = pos[O_LABEL + a], pos[O_LABEL + m], pos[O_LABEL + b]
    return la == lm or lm == lb or la == lb


@njit(cache=True)
def _reaches_goal(pos: np.ndarray, seat: int) -> bool:
    """True when ``seat``'s pawn has a path to its goal side (pawns ignored).

    A depth-first search that puts the neighbour with the smallest cached
    distance on top of the stack, so it usually walks straight to the goal.
    """
    goal = pos[O_META + M_GOAL + seat]
    base = O_DIST + seat * SQ
    start = pos[O_META + M_PAWN + seat]
    if is_goal(start, goal):
        return True
    for sq in range(SQ):
        pos[W_SEEN + sq] = 0
    pos[W_SEEN + start] = 1
    pos[W_STACK] = start
    top = 1
    while top > 0:
        top -= 1
        sq = pos[W_STACK + top]
        blocked = pos[O_BLOCK + sq]
        best = -1
        for d in range(4):
            if blocked & (1 << d):
                continue
            nb = sq + DELTAS[d]
            if pos[W_SEEN + nb]:
                continue
            if is_goal(nb, goal):
                return True
            pos[W_SEEN + nb] = 1
            if best < 0 or pos[base + nb] < pos[base + pos[W_STACK + best]]:
                best = top
            pos[W_STACK + top] = nb
            top += 1
        if best >= 0 and best != top - 1:
            tmp = pos[W_STACK + best]
            pos[W_STACK + best] = pos[W_STACK + top - 1]
            pos[W_STACK + top - 1] = tmp
    return False


@njit(cache=True)
def cut_off_seat(pos: np.ndarray, slot: int, mask: int) -> int:
    """The first seat in ``mask`` that the free wall ``slot`` would cut off, else -1.

    Called only for walls that close a loop and cross a shortest path: a
    search per such seat, with the wall in place.
    """
    _set_edges(pos, slot, True)
    found = -1
    for seat in range(pos[O_META + M_PLAYERS]):
        if mask & (1 << seat) and not _reaches_goal(pos, seat):
            found = seat
            break
    _set_edges(pos, slot, False)
    return found


@njit(cache=True)
def legal_actions(pos: np.ndarray, side_around: bool) -> int:
    """Every legal action of the seat to move, ascending, into pos[0:]; returns the count."""
    meta = O_META
    if pos[meta + M_WINNER] >= 0:
        return 0
    seat = pos[meta + M_TO_MOVE]
    k = pawn_moves(pos, seat, side_around, W_ACTIONS)
    if pos[meta + M_WALLS + seat] > 0:
        path_masks(pos)
        for slot in range(NSLOT):
            if pos[O_CONFLICT + slot] != 0:
                continue
            mask = pos[W_MASKS + slot]
            if mask != 0 and closes_loop(pos, slot) and cut_off_seat(pos, slot, mask) >= 0:
                continue
            pos[W_ACTIONS + k] = H_BASE + slot
            k += 1
    if k == 0:
        pos[W_ACTIONS] = PASS_ACTION
        k = 1
    return k


@njit(cache=True)
def check_move(pos: np.ndarray, action: int, side_around: bool) -> int:
    """LEGAL or the code of the rule ``action`` breaks for the seat to move."""
    meta = O_META
    if pos[meta + M_WINNER] >= 0:
        return GAME_OVER
    seat = pos[meta + M_TO_MOVE]
    if action < H_BASE:
        k = pawn_moves(pos, seat, side_around, W_PAWN)
        for i in range(k):
            if pos[W_PAWN + i] == action:
                return LEGAL
        return PAWN_UNREACHABLE
    if action < PASS_ACTION:
        slot = action - H_BASE
        if pos[meta + M_WALLS + seat] <= 0:
            return NO_WALLS_LEFT
        if pos[O_WALL + slot] != 0:
            return WALL_TAKEN
        if pos[O_CONFLICT + slot] != 0:
            return WALL_CONFLICT
        if not closes_loop(pos, slot):
            return LEGAL
        path_masks(pos)
        mask = pos[W_MASKS + slot]
        cut = cut_off_seat(pos, slot, mask) if mask else -1
        return LEGAL if cut < 0 else CUTS_OFF + cut
    k = legal_actions(pos, side_around)
    return LEGAL if k == 1 and pos[W_ACTIONS] == PASS_ACTION else PASS_NOT_ALLOWED


# -- play and undo ----------------------------------------------------------------------------
@njit(cache=True)
def apply_move(pos: np.ndarray, trail: np.ndarray, action: int) -> None:
    """Play a legal ``action`` (unchecked) and record it in the trail row of this ply."""
    meta = O_META
    seat = pos[meta + M_TO_MOVE]
    ply = pos[meta + M_PLY]
    key = pos[meta + M_HASH]
    src = pos[meta + M_PAWN + seat]
    trail[ply, T_ACTION] = action
    trail[ply, T_SEAT] = seat
    trail[ply, T_FROM] = src
    trail[ply, T_HASH] = key
    trail[ply, T_WINNER] = pos[meta + M_WINNER]
    if action < H_BASE:
        pos[O_OCC + src] = 0
        pos[O_OCC + action] = seat + 1
        pos[meta + M_PAWN + seat] = action
        key ^= ZOBRIST[Z_PAWN + seat * SQ + src] ^ ZOBRIST[Z_PAWN + seat * SQ + action]
        if is_goal(action, pos[meta + M_GOAL + seat]):
            pos[meta + M_WINNER] = seat
    elif action < PASS_ACTION:
        slot = action - H_BASE
        left = pos[meta + M_WALLS + seat]
        place_wall(pos, slot)
        pos[meta + M_WALLS + seat] = left - 1
        key ^= ZOBRIST[Z_WALL + slot]
        key ^= ZOBRIST[Z_LEFT + seat * LEFT_KEYS + left]
        key ^= ZOBRIST[Z_LEFT + seat * LEFT_KEYS + left - 1]
        wall_placed(pos, slot)
    nxt = seat + 1
    if nxt == pos[meta + M_PLAYERS]:
        nxt = 0
    pos[meta + M_TO_MOVE] = nxt
    pos[meta + M_PLY] = ply + 1
    pos[meta + M_HASH] = key ^ ZOBRIST[Z_TURN + seat] ^ ZOBRIST[Z_TURN + nxt]


@njit(cache=True)
def play(pos: np.ndarray, trail: np.ndarray, action: int, side_around: bool) -> int:
    """Check and play ``action``: LEGAL, or the broken rule's code (position unchanged)."""
    if pos[O_META + M_PLY] >= trail.shape[0]:
        return NO_ROOM
    code = check_move(pos, action, side_around)
    if code == LEGAL:
        apply_move(pos, trail, action)
    return code


@njit(cache=True)
def undo(pos: np.ndarray, trail: np.ndarray) -> None:
    """Take back the last move recorded in the trail."""
    meta = O_META
    ply = pos[meta + M_PLY] - 1
    action = trail[ply, T_ACTION]
    seat = trail[ply, T_SEAT]
    if action < H_BASE:
        src = trail[ply, T_FROM]
        pos[O_OCC + action] = 0
        pos[O_OCC + src] = seat + 1
        pos[meta + M_PAWN + seat] = src
    elif action < PASS_ACTION:
        slot = action - H_BASE
        pos[O_WALL + slot] = 0
        _set_edges(pos, slot, False)
        _add_conflicts(pos, slot, -1)
        pos[meta + M_WALLS + seat] += 1
        wall_removed(pos, slot)
    pos[meta + M_TO_MOVE] = seat
    pos[meta + M_PLY] = ply
    pos[meta + M_HASH] = trail[ply, T_HASH]
    pos[meta + M_WINNER] = trail[ply, T_WINNER]


@njit(cache=True)
def compute_hash(pos: np.ndarray) -> int:
    """The position's hash computed from scratch (setups, and tests of the incremental one)."""
    meta = O_META
    key = ZOBRIST[Z_TURN + pos[meta + M_TO_MOVE]]
    for s in range(pos[meta + M_PLAYERS]):
        key ^= ZOBRIST[Z_PAWN + s * SQ + pos[meta + M_PAWN + s]]
        key ^= ZOBRIST[Z_LEFT + s * LEFT_KEYS + pos[meta + M_WALLS + s]]
    for slot in range(NSLOT):
        if pos[O_WALL + slot]:
            key ^= ZOBRIST[Z_WALL + slot]
    return key


# -- playouts ---------------------------------------------------------------------------------
@njit(cache=True)
def random_playout(
    pos: np.ndarray, trail: np.ndarray, side_around: bool, cap: int
) -> tuple[int, int]:
    """Play uniformly random legal actions until a pawn wins or ``pos`` reaches ``cap`` plies.

    Returns (plies played, winning seat or -1). ``trail`` needs ``cap`` rows.
    """
    start = pos[O_META + M_PLY]
    while pos[O_META + M_WINNER] < 0 and pos[O_META + M_PLY] < cap:
        k = legal_actions(pos, side_around)
        apply_move(pos, trail, pos[W_ACTIONS + np.random.randint(k)])
    return pos[O_META + M_PLY] - start, pos[O_META + M_WINNER]
