"""Which stones are dead when play has ended: the proposal the players start scoring from.

One estimator for every caller (the match layer behind the server and the
terminal, and GTP's ``final_score``, ``final_status_list`` and KGS clean-up).

Method (decision record 0063): play on from the position as if the two passes
had not ended the game - both colours in turn from the side to move - with
the playout policy the search plays out with (playout.playout_move: captures and
atari escapes first, 3x3 patterns, never an own eye, never two or more own stones
in atari), captures real, until that policy passes twice; one addition: after
the capture and atari replies, the side to move usually answers next to the
opponent's last move (LOCAL_REPLY), as the owner of an area answers an
invasion of it. Each playout's final board is counted by area (an empty
region belongs to the one colour it reaches). Then per chain, never per
point: a chain is dead when the opponent owns its points in at least
``DEAD_SHARE`` of all the (playout, point) pairs.

Why this keeps seki and dame alive: the policy never fills a shared liberty
next to its own chain (that would be a self-atari of two or more stones), so
a seki stays on the board to the end of every playout and its stones count as
their own colour's; dame are empty points, and only stones are ever proposed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.go import kernels, playout
from tabletop.games.go.kernels import EMPTY, LEGAL, PASS, check_move, is_own_eye
from tabletop.games.go.patterns import pattern_table
from tabletop.games.go.rules import GoState

#: Playouts per proposal on 9x9; larger boards get fewer, down to MIN_PLAYOUTS, so that
#: the work (playouts x points) stays about that of 9x9: the estimate runs when the second
#: pass is played, inside the server's handling of that move (its time on a busy core:
#: docs/scoring.md). A chain's share then has a standard error of at most 0.016 (0.029 at
#: 300), so the answer is the same for every seed unless a chain is within a few
#: hundredths of DEAD_SHARE: the tests' dead stones are at 0.72 or more, the living
#: chains at 0.15 or less, over 20 seeds.
PLAYOUTS = 1000
MIN_PLAYOUTS = 300

#: How often the side to move answers next to the opponent's last move (see _continue).
LOCAL_REPLY = 0.9

#: A chain is dead when the opponent owns this share of its points over the playouts: a
#: clear majority, so that an unsettled fight (near half) stays alive and the players
#: decide it (decision record 0063).
DEAD_SHARE = 0.6


def playouts_for(size: int) -> int:
    """The playouts of a proposal on a size x size board: PLAYOUTS' work on 9x9."""
    return max(MIN_PLAYOUTS, min(PLAYOUTS, PLAYOUTS * 81 // (size * size)))


@njit(cache=True)
def _nakade(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    color: int,
    ko: int,
    allow_suicide: bool,
    empties: np.ndarray,
    ne: int,
    cand: np.ndarray,
) -> int:
    """A sacrifice that kills, for a side about to pass: a stone that puts at most 3 own
    stones in atari (liberty L) next to an opponent chain whose only liberties are this
    point and L. The opponent must capture, and is left with the captured points as its
    only liberties: one eye at most (a nakade), so it dies. The playout policy never puts
    two or more own stones in atari (which keeps seki), so without this a chain with two
    liberties shared with a single enemy stone would look like seki; in a real seki the
    sacrifice is larger, or the opponent has a liberty elsewhere (an eye). PASS if none."""
    buf = np.empty(8, dtype=np.int64)
    k = 0
    for i in range(ne):
        p = empties[i]
        if is_own_eye(board, w, p, color):
            continue
        if check_move(board, links, stats, w, p, color, ko, allow_suicide) != LEGAL:
            continue
        if playout.libs_after(board, links, stats, w, p, color, 2, buf) != 1:
            continue
        last_liberty = buf[0]
        stones = 1
        for d in (-w, -1, 1, w):  # own chains joined (a chain next to p twice counts twice:
            if board[p + d] == color:  # too many is only a sacrifice not tried)
                stones += stats[0, links[0, p + d]]
        if stones > 3:
            continue
        for d in (-w, -1, 1, w):
            q = p + d
            if board[q] != 3 - color:
                continue
            n_libs = playout.chain_liberties(board, links, w, links[0, q], 3, buf)
            if n_libs == 2 and (buf[0] == last_liberty or buf[1] == last_liberty):
                cand[k] = p
                k += 1
                break
    if k == 0:
        return PASS
    return int(cand[np.random.randint(k)])


@njit(cache=True)
def _continue(
    pos: np.ndarray,
    zob: np.ndarray,
    n: int,
    last: int,
    allow_suicide: bool,
    patterns: np.ndarray,
    params: np.ndarray,
    local: float,
) -> None:
    """Play on from ``pos`` (changed in place; its meta row is not kept up) to two passes
    (or 4*n*n plies): the search's playout policy, except that
    after its capture and atari replies the side to move answers next to the opponent's
    last move with probability ``local`` (a stone that is neither an own eye nor a
    self-atari), as a player answers an invasion of their area instead of playing
    elsewhere and letting it grow."""
    board, links, stats = pos[0], pos[1:3], pos[3:7]
    color = pos[7, kernels.M_COLOR]
    ko = pos[7, kernels.M_KO]
    w = n + 2
    size = board.shape[0]
    empties = np.empty(size, dtype=np.int64)
    where = np.empty(size, dtype=np.int64)
    cand = np.empty(size + 8, dtype=np.int64)
    buf = np.empty(8, dtype=np.int64)
    replies = np.full((3, size), -1, dtype=np.int64)  # no last good replies: none learned here
    ne = kernels.collect_empties(board, n, empties, where)
    passes = 0
    plies = 0
    while passes < 2 and plies < 4 * n * n:
        move = PASS
        if last >= 0:
            k = playout.atari_replies(board, links, stats, w, color, last, cand, buf)
            move = playout.pick_candidate(
                board, links, stats, w, color, ko, allow_suicide, cand, k, buf, False
            )
            if move == PASS and np.random.random() < local:
                k = 0
                for d in (-w, -1, 1, w):
                    if board[last + d] == EMPTY:
                        cand[k] = last + d
                        k += 1
                move = playout.pick_candidate(
                    board, links, stats, w, color, ko, allow_suicide, cand, k, buf, True
                )
        if move == PASS:
            move = playout.playout_move(
                board, links, stats, w, color, ko, last, allow_suicide, patterns, params,
                empties, ne, cand, buf, replies,
            )  # fmt: skip
        if move == PASS:
            move = _nakade(board, links, stats, w, color, ko, allow_suicide, empties, ne, cand)
        plies += 1
        if move == PASS:
            passes += 1
            ko = -1
        else:
            passes = 0
            captured, suicided, ko, _ = kernels.play_stone(board, links, stats, zob, w, move, color)
            if captured + suicided > 0:
                ne = kernels.collect_empties(board, n, empties, where)
            else:
                ne = kernels.take_empty(empties, where, ne, move)
        last = move
        color = 3 - color


@njit(cache=True)
def owner_counts(
    pos: np.ndarray,
    zob: np.ndarray,
    n: int,
    last: int,
    allow_suicide: bool,
    playouts: int,
    patterns: np.ndarray,
    params: np.ndarray,
    local: float,
) -> np.ndarray:
    """int64[3, L]: per padded point, the playouts from ``pos`` that ended it nobody's (row 0),
    Black's (row 1) and White's (row 2). ``pos`` is left as it was."""
    size = pos.shape[1]
    counts = np.zeros((3, size), dtype=np.int64)
    for _ in range(playouts):
        work = pos.copy()
        _continue(work, zob, n, last, allow_suicide, patterns, params, local)
        owner = kernels.region_owners(work[0], n)
        for p in range(size):
            counts[owner[p], p] += 1
    return counts


def owner_shares(
    state: GoState, playouts: int | None = None, seed: int = 0, local: float | None = None
) -> np.ndarray:
    """float64[3, L]: per padded point, the share of playouts ending it nobody's, Black's,
    White's (``playouts`` defaults to playouts_for the board). Deterministic for a seed."""
    game = state.game
    if playouts is None:
        playouts = playouts_for(game.size)
    last = -1
    history = state.history
    if history and not history[-1].is_pass:
        last = game.points_by_action[state.move_to_action(history[-1])]
    kernels.seed_random(seed)
    counts = owner_counts(
        state._pos,
        state._zob,
        game.size,
        last,
        bool(state._flags & kernels.ALLOW_SUICIDE),
        playouts,
        pattern_table(),
        playout.PlayoutPolicy().array(),
        LOCAL_REPLY if local is None else local,
    )
    shares: np.ndarray = counts / max(1, playouts)
    return shares


def dead_chains(
    state: GoState, playouts: int | None = None, seed: int = 0
) -> list[tuple[list[str], float]]:
    """Every chain on the board with the share of its points the opponent ends up owning
    (chains in the board order of the first stone met)."""
    n = state.game.size
    shares = owner_shares(state, playouts, seed)
    seen: set[str] = set()
    out = []
    for row in range(n):
        for col in range(n):
            color = state.stone_at(col, row)
            move = str(state.game.moves_by_action[row * n + col])
            if color is None or move in seen:
                continue
            chain = state.chain_at(move)
            points = [state.game.points_by_action[state.move_to_action(m)] for m in chain]
            opponent = kernels.WHITE if color == 0 else kernels.BLACK
            lost = float(np.mean(shares[opponent, points]))
            names = [str(m) for m in chain]
            seen.update(names)
            out.append((names, lost))
    return out


def estimate_dead(state: GoState, playouts: int | None = None, seed: int = 0) -> list[str]:
    """The stones of every chain the opponent owns in at least DEAD_SHARE of the playouts
    from here (play continued as if it had not ended), in board order."""
    dead: list[str] = []
    for chain, lost in dead_chains(state, playouts, seed):
        if lost >= DEAD_SHARE:
            dead.extend(chain)
    n = state.game.size
    order = {str(state.game.moves_by_action[a]): a for a in range(n * n)}
    return sorted(dead, key=order.__getitem__)
