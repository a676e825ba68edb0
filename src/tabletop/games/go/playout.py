"""Go's playout policy in numba: the moves a playout plays, and the Go knowledge it shares
with the search's priors.

Used by Go's tree search (tabletop.ai.go.search: its playouts and its priors)
and by the dead-stone estimate (dead.py: play continued to the end), so it
lives with the game, below both.

The policy, in order: capture the last move's chain when it is in atari;
save an own chain the last move put in atari (capture an attacker or extend
to three liberties: two are often a ladder); when ``low_liberty_rate`` is set, at a
chain with two liberties next to the last move, the liberty where its owner would
gain some (an escape, or an atari on the side it runs to); when ``last_good_reply_rate``
is set, the last good reply to the last move (below); a 3x3 pattern move next
to the last move (patterns.py); else a random legal move that neither fills an
own eye nor puts two or more own stones in atari. A side passes only when nothing
but such moves is left. A playout's board is then counted by area with komi
(``settled_margin``).

Last good reply with forgetting (LGRF-1, Baier and Drake, IEEE TCIAIG 2010): a reply
table int64[3, points] holds, per colour and previous move, the reply that colour last
played to it in a playout it won (-1: none). ``update_replies`` keeps it after each
playout: a winner's replies are stored, a loser's forgotten. The policy plays the stored
reply when it is legal, not an own eye and puts no two own stones in atari (the random
move's test). The tree search owns the table (tabletop.ai.go.search.GoTree); callers
without one pass ``no_replies()`` with the rate at 0.

Every kernel takes its constants as arguments (numba caches compiled code
with module globals frozen in).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from tabletop.games.go import eyespace
from tabletop.games.go.kernels import (
    BLACK,
    EMPTY,
    LEGAL,
    PASS,
    WHITE,
    check_move,
    collect_empties,
    in_atari,
    is_own_eye,
    play_stone,
    region_owners,
    take_empty,
)

#: Where the policy's rates sit in the params vector the kernels read, after the tree
#: search's own constants (tabletop.ai.go.search.SearchParams): the one vector both
#: read, in the order it had when they were one module (decision 0080).
P_PATTERN = 5
P_CAPTURE = 6
P_LOW_LIBERTY = 9  # after the search's P_OPENING and P_BLUNDER
P_REPLY = 10
P_CRITICALITY = 11  # the search's weight of criticality (SearchParams.criticality)
P_NAKADE = 12
P_LOCAL = 13  # the search's virtual wins near the last move (SearchParams.local_n)
P_PRIOR_AMAF = 14  # the search's virtual AMAF games at the prior (SearchParams.prior_amaf)
P_MODEL = 15  # the search's virtual wins by the learned move model (SearchParams.model_n)
P_MARGIN = 16  # the search's share of a playout's value given by its margin (SearchParams.margin)
NUM_PARAMS = 17


@dataclass(frozen=True)
class PlayoutPolicy:
    """How often the policy tries its informed moves before a random one."""

    pattern_rate: float = 0.9  # 3x3 pattern moves next to the last move
    capture_rate: float = 0.9  # capture and atari replies to the last move
    # Replies at the good liberties of two-liberty chains the last move touched, tried when
    # no atari reply was (decision 0183). Off (0) until a match shows they pay for their
    # cost (~25% fewer playout moves a CPU second in the middle game).
    low_liberty_rate: float = 0.0
    # The last good reply to the last move (LGRF-1, decision 0186), tried after the atari
    # and low-liberty replies. Off (0) until a match shows it pays.
    last_good_reply_rate: float = 0.0
    # The vital point of a small eye space next to the last move (eyespace.py), tried
    # after the atari replies. Off (0) until a match shows it pays.
    nakade_rate: float = 0.0

    def array(self) -> np.ndarray:
        """A params vector with the policy's rates in their places (the rest 0)."""
        out = np.zeros(NUM_PARAMS, dtype=np.float64)
        out[P_PATTERN] = self.pattern_rate
        out[P_CAPTURE] = self.capture_rate
        out[P_LOW_LIBERTY] = self.low_liberty_rate
        out[P_REPLY] = self.last_good_reply_rate
        out[P_NAKADE] = self.nakade_rate
        return out


def no_replies(points: int = 1) -> np.ndarray:
    """An empty reply table (every entry -1) for ``points`` padded board points: for callers
    of the policy that keep none (its rate must then be 0, or ``points`` the board's)."""
    return np.full((3, points), -1, dtype=np.int64)


# -- Go knowledge shared by the playout policy and the priors ------------------------------


@njit(cache=True)
def libs_after(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    p: int,
    color: int,
    limit: int,
    buf: np.ndarray,
) -> int:
    """Liberties (counted up to ``limit``) of the chain a stone of ``color`` at empty p
    would form; ``limit`` when the stone captures something (that frees points)."""
    opp = 3 - color
    k = 0
    for d in (-w, -1, 1, w):
        nb = p + d
        v = board[nb]
        if v == EMPTY:
            buf[k] = nb
            k += 1
        elif v == opp and in_atari(stats, links[0, nb]):
            return limit
    if k >= limit:
        return limit
    for d in (-w, -1, 1, w):
        nb = p + d
        if board[nb] != color:
            continue
        h = links[0, nb]
        s = h
        while True:
            for d2 in (-w, -1, 1, w):
                q = s + d2
                if board[q] == EMPTY and q != p and not eyespace.holds(buf, k, q):
                    buf[k] = q
                    k += 1
                    if k >= limit:
                        return limit
            s = links[1, s]
            if s == h:
                break
    return k


@njit(cache=True)
def chain_liberties(
    board: np.ndarray, links: np.ndarray, w: int, h: int, limit: int, buf: np.ndarray
) -> int:
    """Distinct liberties of the chain headed by h, counted up to ``limit``."""
    k = 0
    s = h
    while True:
        for d in (-w, -1, 1, w):
            q = s + d
            if board[q] == EMPTY and not eyespace.holds(buf, k, q):
                buf[k] = q
                k += 1
                if k >= limit:
                    return k
        s = links[1, s]
        if s == h:
            break
    return k


@njit(cache=True, inline="always")
def pattern_code(board: np.ndarray, w: int, p: int) -> int:
    """The 3x3 code of p's neighbourhood (see patterns.py)."""
    return (
        board[p - w - 1]
        | (board[p - w] << 2)
        | (board[p - w + 1] << 4)
        | (board[p - 1] << 6)
        | (board[p + 1] << 8)
        | (board[p + w - 1] << 10)
        | (board[p + w] << 12)
        | (board[p + w + 1] << 14)
    )


@njit(cache=True, inline="always")
def _liberty(stats: np.ndarray, h: int) -> int:
    """The one liberty of a chain in atari."""
    return stats[2, h] // stats[1, h]


@njit(cache=True)
def own_neighbour(board: np.ndarray, w: int, p: int, color: int) -> bool:
    """True when a stone of ``color`` is next to p."""
    for d in (-w, -1, 1, w):  # noqa: SIM110  # as in eyespace.holds
        if board[p + d] == color:
            return True
    return False


@njit(cache=True, inline="always")
def atari_attackers(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    h: int,
    cand: np.ndarray,
    k: int,
) -> int:
    """Put the liberty of each opposing chain next to the chain headed by h that is itself
    in atari into cand[k:] (while it has room); returns the new count."""
    opp = 3 - board[h]
    s = h
    while True:
        for d in (-w, -1, 1, w):
            q = s + d
            if board[q] == opp:
                a = links[0, q]
                if in_atari(stats, a) and k < cand.shape[0]:
                    cand[k] = _liberty(stats, a)
                    k += 1
        s = links[1, s]
        if s == h:
            break
    return k


@njit(cache=True)
def atari_replies(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    color: int,
    last: int,
    cand: np.ndarray,
    buf: np.ndarray,
) -> int:
    """Candidate replies to the last move: capture its chain when in atari; for own chains
    next to it in atari, capture an attacker in atari or extend to 3+ liberties."""
    k = 0
    opp = 3 - color
    if board[last] == opp:
        h = links[0, last]
        if in_atari(stats, h):
            cand[k] = _liberty(stats, h)
            k += 1
    for d in (-w, -1, 1, w):
        nb = last + d
        if board[nb] != color:
            continue
        h = links[0, nb]
        if not in_atari(stats, h):
            continue
        k = atari_attackers(board, links, stats, w, h, cand, k)
        lib = _liberty(stats, h)
        # Three liberties, not two: a chain extended to two is often caught in a ladder,
        # which only the priors read (tactics.py); in a playout it would run and die.
        if libs_after(board, links, stats, w, lib, color, 3, buf) >= 3 and k < cand.shape[0]:
            cand[k] = lib
            k += 1
    return k


@njit(cache=True, inline="always")
def _good_liberty(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    q: int,
    owner: int,
    color: int,
    buf: np.ndarray,
) -> bool:
    """True when ``owner`` would gain liberties at q (three or more after the move) and q
    is no self-atari for ``color``."""
    return (
        libs_after(board, links, stats, w, q, owner, 3, buf) >= 3
        and libs_after(board, links, stats, w, q, color, 2, buf) >= 2
    )


@njit(cache=True)
def _good_liberties(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    h: int,
    color: int,
    cand: np.ndarray,
    k: int,
    buf: np.ndarray,
) -> int:
    """Put into cand[k:] each liberty of the two-liberty chain headed by h where its owner
    would gain liberties and which is no self-atari for ``color`` (``_good_liberty``): the
    escape when the chain is ``color``'s, the atari on the side it runs to when it is the
    opponent's (Fuego's low-liberty rule). Returns the new count."""
    # stats[1] counts (stone, liberty) pairs: two liberties make at most eight, so most
    # chains are passed over without a walk.
    if stats[1, h] > 8 or chain_liberties(board, links, w, h, 3, buf) != 2:
        return k
    first = buf[0]  # buf is scratch for libs_after below
    second = buf[1]
    owner = board[h]
    if k < cand.shape[0] and _good_liberty(board, links, stats, w, first, owner, color, buf):
        cand[k] = first
        k += 1
    if k < cand.shape[0] and _good_liberty(board, links, stats, w, second, owner, color, buf):
        cand[k] = second
        k += 1
    return k


@njit(cache=True)
def low_liberty_replies(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    color: int,
    last: int,
    cand: np.ndarray,
    buf: np.ndarray,
) -> int:
    """Candidate replies when the last move left chains with two liberties: the last
    move's own chain and ``color``'s chains next to it, each at its good liberties
    (``_good_liberties``). Fights over a group's last liberties are where a random reply
    misjudges who lives; Fuego's and Pachi's playouts answer them."""
    k = 0
    if board[last] == 3 - color:
        k = _good_liberties(board, links, stats, w, links[0, last], color, cand, k, buf)
    for d in (-w, -1, 1, w):
        nb = last + d
        if board[nb] != color:
            continue
        h = links[0, nb]
        # A chain touching the last move on two sides is read once: skip it when an
        # earlier side (in the same order) already belongs to it.
        repeat = False
        for d2 in (-w, -1, 1, w):
            if d2 == d:
                break
            if board[last + d2] == color and links[0, last + d2] == h:
                repeat = True
        if not repeat:
            k = _good_liberties(board, links, stats, w, h, color, cand, k, buf)
    return k


# -- the playout ------------------------------------------------------------------------


@njit(cache=True)
def pick_candidate(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    color: int,
    ko: int,
    allow_suicide: bool,
    cand: np.ndarray,
    k: int,
    buf: np.ndarray,
    avoid_self_atari: bool,
) -> int:
    """A random legal candidate of cand[:k] (not an own eye, optionally not a self-atari)."""
    while k > 0:
        i = np.random.randint(k)
        c = cand[i]
        if (
            board[c] == EMPTY
            and not is_own_eye(board, w, c, color)
            and check_move(board, links, stats, w, c, color, ko, allow_suicide) == LEGAL
            and (not avoid_self_atari or libs_after(board, links, stats, w, c, color, 2, buf) >= 2)
        ):
            return c
        k -= 1
        cand[i] = cand[k]
    return PASS


@njit(cache=True, inline="always")
def _acceptable(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    c: int,
    color: int,
    ko: int,
    allow_suicide: bool,
    buf: np.ndarray,
    sacrifice: bool,
) -> bool:
    """True when empty c is legal for ``color``, not an own eye and no self-atari of two or
    more own stones (the random move's test below); with ``sacrifice``, a self-atari that
    kills by nakade is allowed (eyespace.killing_sacrifice).

    The same answer as ``not is_own_eye(...) and check_move(...) == LEGAL and (not
    own_neighbour(...) or libs_after(..., 2, buf) >= 2)``, from one look at c's four
    neighbours: the random move tests a point or more every playout move, and the three
    separate tests read the same neighbours three times (docs/benchmarks.md)."""
    opp = 3 - color
    empty_n = 0
    own = False
    other = False  # an empty or opposing neighbour: c is no eye of color's
    edge = False
    for d in (-w, -1, 1, w):
        v = board[c + d]
        if v == EMPTY:
            empty_n += 1
            other = True
        elif v == color:
            own = True
        elif v == opp:
            other = True
        else:
            edge = True
    if not other:  # every neighbour own or border: an eye unless the diagonals say not
        bad = 0
        for d in (-w - 1, -w + 1, w - 1, w + 1):
            if board[c + d] == opp:
                bad += 1
        if bad == 0 or (bad == 1 and not edge):
            return False
    if c == ko:
        return False
    if empty_n == 0:
        safe = False
        for d in (-w, -1, 1, w):
            v = board[c + d]
            if v == color:
                if not in_atari(stats, links[0, c + d]):
                    safe = True
            elif v == opp and in_atari(stats, links[0, c + d]):
                safe = True  # captures, so the new stone gains a liberty
        if not safe and not (allow_suicide and own):
            return False  # suicide
    if not own or empty_n >= 2:
        return True
    if libs_after(board, links, stats, w, c, color, 2, buf) >= 2:
        return True
    return sacrifice and eyespace.killing_sacrifice(board, links, w, c, color, buf)


@njit(cache=True)
def playout_move(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    color: int,
    ko: int,
    last: int,
    allow_suicide: bool,
    patterns: np.ndarray,
    params: np.ndarray,
    empties: np.ndarray,
    ne: int,
    cand: np.ndarray,
    buf: np.ndarray,
    replies: np.ndarray,
) -> int:
    """The playout policy's move for ``color`` (PASS when only own eyes and bad moves remain);
    ``replies`` is the last-good-reply table (read only when its rate is set)."""
    sacrifice = params[P_NAKADE] > 0.0
    if last >= 0:
        if np.random.random() < params[P_CAPTURE]:
            k = atari_replies(board, links, stats, w, color, last, cand, buf)
            move = pick_candidate(
                board, links, stats, w, color, ko, allow_suicide, cand, k, buf, False
            )
            if move != PASS:
                return move
            if params[P_LOW_LIBERTY] > 0.0 and np.random.random() < params[P_LOW_LIBERTY]:
                k = low_liberty_replies(board, links, stats, w, color, last, cand, buf)
                move = pick_candidate(
                    board, links, stats, w, color, ko, allow_suicide, cand, k, buf, True
                )
                if move != PASS:
                    return move
        # The vital point of an eye space the last move shaped; tested before the draw
        # like the reply rate below, for the same reason.
        if params[P_NAKADE] > 0.0 and np.random.random() < params[P_NAKADE]:
            c = eyespace.vital_reply(board, w, last, buf)
            if c >= 0 and _acceptable(
                board, links, stats, w, c, color, ko, allow_suicide, buf, sacrifice
            ):
                return c
        # Tested before the draw so that with the rate at 0 the random numbers, and with
        # them every level's moves, are those of the policy without it.
        if params[P_REPLY] > 0.0 and np.random.random() < params[P_REPLY]:
            c = replies[color, last]
            if (
                c >= 0
                and board[c] == EMPTY
                and _acceptable(board, links, stats, w, c, color, ko, allow_suicide, buf, sacrifice)
            ):
                return c
        if np.random.random() < params[P_PATTERN]:
            k = 0
            for d in (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1):
                q = last + d
                if board[q] == EMPTY and patterns[pattern_code(board, w, q)]:
                    cand[k] = q
                    k += 1
            move = pick_candidate(
                board, links, stats, w, color, ko, allow_suicide, cand, k, buf, True
            )
            if move != PASS:
                return move
    # A random move: drawn without replacement until an acceptable one comes up. The draw
    # runs on ``empties`` itself, a rejected point swapped behind the ones still in the
    # draw (cand records where from), and the swaps are undone before returning: the same
    # draws as on a copy of the list, without copying the list each move.
    k = ne
    move = PASS
    while k > 0:
        i = np.random.randint(k)
        c = empties[i]
        # Two or more own stones in atari is nearly always a blunder; a lone
        # stone's self-atari can be a throw-in that kills an eye.
        if _acceptable(board, links, stats, w, c, color, ko, allow_suicide, buf, sacrifice):
            move = int(c)
            break
        k -= 1
        cand[ne - 1 - k] = i
        empties[i] = empties[k]
        empties[k] = c
    for j in range(ne - 1 - k, -1, -1):
        i = cand[j]
        kk = ne - 1 - j
        t = empties[i]
        empties[i] = empties[kk]
        empties[kk] = t
    return move


@njit(cache=True)
def run_playout(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    n: int,
    color: int,
    ko: int,
    last: int,
    passes: int,
    allow_suicide: bool,
    max_plies: int,
    patterns: np.ndarray,
    params: np.ndarray,
    seq: np.ndarray,
    seq_color: np.ndarray,
    start: int,
    replies: np.ndarray,
) -> int:
    """Play the policy until two passes or max_plies, appending moves to seq from ``start``;
    returns the new length of seq. ``replies``: the last-good-reply table (read only)."""
    w = n + 2
    size = board.shape[0]
    empties = np.empty(size, dtype=np.int64)
    where = np.empty(size, dtype=np.int64)
    cand = np.empty(size + 8, dtype=np.int64)
    buf = np.empty(8, dtype=np.int64)
    ne = collect_empties(board, n, empties, where)
    length = start
    plies = 0
    while plies < max_plies and passes < 2 and length < seq.shape[0]:
        move = playout_move(
            board, links, stats, w, color, ko, last, allow_suicide, patterns, params, empties,
            ne, cand, buf, replies,
        )  # fmt: skip
        seq[length] = move
        seq_color[length] = color
        length += 1
        plies += 1
        if move == PASS:
            passes += 1
            ko = -1
        else:
            passes = 0
            captured, suicided, ko, _ = play_stone(board, links, stats, zob, w, move, color)
            if captured + suicided > 0:
                ne = collect_empties(board, n, empties, where)
            else:
                ne = take_empty(empties, where, ne, move)
        last = move
        color = 3 - color
    return length


@njit(cache=True)
def update_replies(
    replies: np.ndarray, seq: np.ndarray, seq_color: np.ndarray, length: int, result: float
) -> None:
    """Learn from one finished game, seq[:length] (its moves and their colours; ``result``
    1 when Black won, 0 when White did, 0.5 a tie, which teaches nothing): for each move
    that answered a move (neither a pass), the winner's reply is stored as the last good
    reply to it, and a loser's is forgotten where it was the one stored (LGRF-1)."""
    if result == 0.5:
        return
    winner = BLACK if result > 0.5 else WHITE
    for i in range(1, length):
        prev = seq[i - 1]
        move = seq[i]
        if prev == PASS or move == PASS:
            continue
        c = seq_color[i]
        if c == winner:
            replies[c, prev] = move
        elif replies[c, prev] == move:
            replies[c, prev] = -1


@njit(cache=True, inline="always")
def settled_owner(board: np.ndarray, w: int, p: int) -> int:
    """The colour a settled board (after a playout) gives point p: its stone's, or for an
    empty point the one colour next to it (EMPTY when both or neither are)."""
    v = board[p]
    if v != EMPTY:
        return v
    b = 0
    wh = 0
    for d in (-w, -1, 1, w):
        c = board[p + d]
        if c == BLACK:
            b = 1
        elif c == WHITE:
            wh = 1
    return BLACK if b and not wh else (WHITE if wh and not b else EMPTY)


@njit(cache=True)
def settled_margin(board: np.ndarray, n: int, komi: float, own: np.ndarray) -> float:
    """Black's area minus White's minus komi on a settled board (after a playout): an empty
    point belongs to the one colour next to it. Adds 1 to own[p] for each point Black's."""
    w = n + 2
    black = 0
    white = 0
    for row in range(n):
        for col in range(n):
            p = (row + 1) * w + col + 1
            v = settled_owner(board, w, p)
            if v == BLACK:
                black += 1
                own[p] += 1.0
            elif v == WHITE:
                white += 1
    return black - white - komi


@njit(cache=True)
def exact_margin(board: np.ndarray, n: int, komi: float) -> float:
    """Black's area minus White's minus komi with every stone on the board alive."""
    owner = region_owners(board, n)
    return float(np.sum(owner == BLACK) - np.sum(owner == WHITE)) - komi
