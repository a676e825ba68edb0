"""Go's own Monte Carlo tree search in numba: the tree, its priors, and an iteration loop
that plays out with the game's playout policy (tabletop.games.go.playout).

The tree is a set of preallocated arrays (no Python object per node), so one
kernel call runs hundreds of iterations at playout speed:

* ``tree_i`` int32[5, capacity]: per node its move (board point or PASS),
  parent, first child, number of children (0: not expanded) and real visits.
  A node's children sit side by side, created together when it is expanded.
* ``tree_f`` float64[4, capacity]: per node the value statistics (visits and
  wins, both starting with the prior's virtual games) and the AMAF (RAVE)
  statistics. Wins count for the player who made the node's move.
* ``counters`` int64[2]: nodes in use, playouts run.
* ``replies`` int64[3, points]: the playouts' last good replies (playout.py), learned
  during one move's search when the policy's rate for them is set.
* ``crit`` float64[4, points]: one move's search's criticality counts (Coulom 2009), kept
  when its weight is set: per point the playouts that ended it Black's, White's, and its
  owner's win; row 3 holds the playouts counted and Black's wins among them.

Selection maximises a RAVE blend: ``(1-b)*Q + b*Q_amaf + c*sqrt(ln N / n)``
with ``b = n_amaf / (n_amaf + n + n_amaf*n/K)``. Priors come from Go
knowledge when a node is expanded: captures, atari escapes, self-ataris,
3x3 patterns (patterns.py), distance to the edge, nearness to the last move; with
``local_n`` set, virtual wins by common fate graph distance from the last move (fate.py).
A playout ends after two passes and is scored by area with komi.

Rules: moves at the root come from an exact mask (the game's own legal
moves, superko included); below the root the search checks simple ko only.
Two passes inside the tree end the game there and are scored exactly, by
area with every stone on the board counted (what a match scores when the
game ends by two passes), so the search passes when that count wins and
does not pass into one that loses.

The tunable constants reach the kernels in one params vector (SearchParams),
not as module globals, which numba would freeze into its cached code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from tabletop.games.go import eyespace, fate, kernels, move_model, playout, spatial, tactics
from tabletop.games.go.kernels import BLACK, EMPTY, PASS, in_atari, is_own_eye
from tabletop.games.go.learned import prior_term
from tabletop.games.go.opening import opening_table
from tabletop.games.go.patterns import pattern_table
from tabletop.games.go.rules import GoState
from tabletop.games.go.spatial import spatial_table

# tree_i rows
T_MOVE = 0
T_PARENT = 1
T_FIRST = 2
T_COUNT = 3
T_VISITS = 4
# tree_f rows
F_N = 0
F_W = 1
F_RN = 2
F_RW = 3
# counters
C_USED = 0
C_PLAYOUTS = 1

# The params array (see SearchParams): these, then the playout policy's rates
# (playout.P_PATTERN, playout.P_CAPTURE, playout.P_LOW_LIBERTY, playout.P_REPLY).
P_EXPLORE = 0
P_RAVE_K = 1
P_PRIOR_N = 2
P_EXPAND = 3
P_KOMI = 4
P_OPENING = 7
P_BLUNDER = 8
P_CRITICALITY = playout.P_CRITICALITY
P_NAKADE = playout.P_NAKADE
P_LOCAL = playout.P_LOCAL
P_PRIOR_AMAF = playout.P_PRIOR_AMAF
P_MODEL = playout.P_MODEL
P_MARGIN = playout.P_MARGIN

#: Playouts a move's search counts before criticality steers it: fewer are noise.
CRIT_MIN_PLAYOUTS = 256.0

#: A prior at or below this is knowledge's verdict "never" (the prior's floor: an own
#: eye filled, a big chain's self-atari); such a child's AMAF is seeded with it too.
BLUNDER_PRIOR = 0.025

#: The prior's bonus for the vital point of a small eye space, per unit of the nakade rate.
NAKADE_PRIOR = 0.2

#: How far from the last move (common fate graph distance, fate.py) moves count as local.
LOCAL_REACH = 3


@njit(cache=True)
def margin_points_of(n: int) -> float:
    """The margin at which the margin's share of a playout's value is all won or all lost
    (SearchParams.margin): a ninth of the board's points, Pachi's 40 on 19x19."""
    return n * n / 9.0


@dataclass(frozen=True)
class SearchParams:
    """The search's tunable constants. Their defaults are the search on any board with
    no learned knowledge; :func:`default_params` gives the one the levels play, which
    depends on the board's size."""

    # UCB's exploration constant: 0, none, as in MoGo's and Fuego's RAVE searches: the
    # priors and the AMAF values do the exploring (decision 0197; 0.2 until then).
    explore: float = 0.0
    rave_k: float = 1000.0  # playouts after which RAVE and real values weigh the same
    prior_n: float = 10.0  # virtual games of an even prior
    expand: int = 2  # real visits before a leaf is expanded
    pattern_rate: float = 0.9  # how often the playout tries pattern moves
    capture_rate: float = 0.9  # how often the playout tries capture/atari replies
    low_liberty_rate: float = 0.0  # how often it then tries two-liberty replies; off (0183)
    last_good_reply_rate: float = 0.0  # how often it then tries the last good reply; off (0186)
    # Virtual AMAF games of the opening term on 13x13 and up: RAVE counts reach thousands
    # at the root, and ten virtual games would not steer them off the first two lines.
    opening_n: float = 300.0
    # The learned shapes' prior term per log-gamma, 3x3 (games/go/learned.py) and the largest
    # spatial pattern known (games/go/spatial.py); 0: off.
    learned: float = 0.0
    # Virtual AMAF games at the prior for a child at the prior's floor (BLUNDER_PRIOR), so
    # many that its AMAF value stays the prior: the playouts that reach such a move first
    # are the ones where its chain lived, so AMAF flatters it, and on 19x19, where real
    # visits are few, AMAF chose the move (decision 0173). Real visits can still overrule.
    blunder_n: float = 100_000.0
    # Criticality's progressive bias (decision 0189): a child at a point whose owner
    # decides the playouts' winner gains criticality * crit * prior_n / n on its value; 0:
    # off, until a match shows it pays.
    criticality: float = 0.0
    # How much to trust the eye-space knowledge of eyespace.py: the playouts try the vital
    # point of a small eye space next to the last move at this rate, and the priors give a
    # vital point NAKADE_PRIOR times it. 0: off, until a match shows it pays.
    nakade_rate: float = 0.0
    # Virtual wins for a move near the last one in the common fate graph (fate.py): local_n
    # at distance 1 (the liberties of the last move's chain), 0.9 of it at 2 and a third at
    # 3, the shares of Pachi's ``cfgd`` prior (45, 40, 15 playouts). So the tree answers
    # the fight the last move started before it looks elsewhere. 0: off, until a match
    # shows it pays.
    local_n: float = 0.0
    # Virtual AMAF games at the prior, besides its prior_n real ones: heuristic MC-RAVE
    # (Gelly and Silver) starts both values at the prior. Without it the AMAF values, which
    # weigh most early, are the first few playouts' alone and drown a tactical prior (a
    # saving or capturing move) after a few hundred playouts. 0: off, until a match shows
    # it pays.
    prior_amaf: float = 0.0
    # Virtual wins, real and AMAF, by the learned move model (games/go/move_model.py), as
    # Pachi's pattern prior: a move the model gives probability p among the legal moves
    # gains model_n * sqrt(p) of them (none at the prior's floor). The hand-written prior
    # knows tactics; the model knows which of the quiet moves a strong player picks. 0:
    # off; default_params turns it on where a match showed it pays (19x19, decision 0203).
    model_n: float = 0.0
    # The share of a playout's value its margin gives, as Pachi's ``val_scale`` and Fuego's
    # score modification: a playout is worth (1 - margin) * result + margin * m, m going
    # from 0 to 1 as the margin goes from margin_points_of(n) points against Black to as
    # many for it. Win rates alone do not care by how much: a search well ahead gives ground it
    # does not need and one behind plays for nothing; a small share makes it keep its lead
    # and chase back the points, and a close win still beats a close loss. 0: off, until a
    # match shows it pays.
    margin: float = 0.0

    def array(self, komi: float) -> np.ndarray:
        """The params vector the kernels read, with the komi (White's bonus included)."""
        out = playout.PlayoutPolicy(
            self.pattern_rate,
            self.capture_rate,
            self.low_liberty_rate,
            self.last_good_reply_rate,
            self.nakade_rate,
        ).array()
        out[P_EXPLORE] = self.explore
        out[P_RAVE_K] = self.rave_k
        out[P_PRIOR_N] = self.prior_n
        out[P_EXPAND] = self.expand
        out[P_KOMI] = komi
        out[P_OPENING] = self.opening_n
        out[P_BLUNDER] = self.blunder_n
        out[P_CRITICALITY] = self.criticality
        out[P_LOCAL] = self.local_n
        out[P_PRIOR_AMAF] = self.prior_amaf
        out[P_MODEL] = self.model_n
        out[P_MARGIN] = self.margin
        return out


#: Boards larger than this play with the learned move model in the default search
#: (decision 0203): 19x19 is where a match against GNU Go showed that it pays, and 9x9 and
#: 13x13 met their targets without it (the model's weights come from 19x19 games).
MODEL_ABOVE_SIZE = 13

#: The move model's weight (SearchParams.model_n) in the default search on those boards.
DEFAULT_MODEL_N = 80.0


def default_params(size: int) -> SearchParams:
    """The search every level plays on a size x size board: SearchParams' defaults, with
    the learned move model on boards larger than MODEL_ABOVE_SIZE."""
    if size > MODEL_ABOVE_SIZE:
        return replace(SearchParams(), model_n=DEFAULT_MODEL_N)
    return SearchParams()


# -- the tree ---------------------------------------------------------------------------


@njit(cache=True)
def _race(
    board: np.ndarray, links: np.ndarray, w: int, h: int, libs: int, buf: np.ndarray
) -> float:
    """The capture-race term of filling a liberty of the opposing chain headed by h (2-3
    liberties, ``libs``): a bonus when it is in a race with an own chain next to it that
    has few liberties too, larger when ours has at least as many (the filler wins)."""
    opp = board[h]
    color = 3 - opp
    best = 0.0
    s = h
    while True:
        for d in (-w, -1, 1, w):
            q = s + d
            if board[q] == color:
                own = chain_liberties_of(board, links, w, links[0, q], buf)
                if own <= 3:
                    best = max(best, 0.15 if own >= libs else 0.05)
        s = links[1, s]
        if s == h:
            break
    return best


@njit(cache=True, inline="always")
def chain_liberties_of(
    board: np.ndarray, links: np.ndarray, w: int, h: int, buf: np.ndarray
) -> int:
    """Liberties of the chain headed by h, counted up to 4."""
    return playout.chain_liberties(board, links, w, h, 4, buf)


@njit(cache=True)
def _throw_in(
    board: np.ndarray, links: np.ndarray, w: int, p: int, opp: int, buf: np.ndarray
) -> bool:
    """True when a lone stone at p (a self-atari) is a throw-in that can kill: p touches
    only the opponent's stones, empty points and the edge, and a chain of the opponent's
    next to it is short of liberties (three or fewer), so the stone takes an eye away."""
    short = False
    for d in (-w, -1, 1, w):
        c = board[p + d]
        if c == 3 - opp:
            return False
        if c == opp and playout.chain_liberties(board, links, w, links[0, p + d], 4, buf) <= 3:
            short = True
    return short


@njit(cache=True)
def prior(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    zob: np.ndarray,
    n: int,
    p: int,
    color: int,
    last: int,
    stones: int,
    patterns: np.ndarray,
    opening: np.ndarray,
    learned: np.ndarray,
    shape_keys: np.ndarray,
    shape_weights: np.ndarray,
    codes: np.ndarray,
    buf: np.ndarray,
    stack: np.ndarray,
    nakade: float,
    vital: bool,
    tactic: np.ndarray,
) -> float:
    """The prior win rate of ``color`` playing legal p (PASS included), from Go knowledge:
    captures, atari escapes that a ladder does not catch, ataris that ladder, small capture
    races, self-ataris, 3x3 patterns (hand-written, and ``learned``'s term per colour and
    code: games/go/learned.py), the largest learned spatial pattern around p found in
    (``shape_keys``, ``shape_weights``) (games/go/spatial.py; empty: off; ``codes`` is
    scratch of spatial.CODES_BUFFER), the opening lines, nearness to the last move, and with the
    ``nakade`` rate set, the ``vital`` point of a small eye space (the caller's, from
    eyespace.vital_points) and a self-atari that kills by nakade (eyespace.py). Sets
    tactic[0] to p's move_model tactic, read on the way (-1 for a pass or an own eye,
    where it returns before reading it), so the move model need not read it again."""
    tactic[0] = -1
    if p == PASS:
        return 0.1
    w = n + 2
    if is_own_eye(board, w, p, color):
        return 0.02
    v = 0.5
    opp = 3 - color
    capture = 0
    saves = False
    ataris = False
    ladder = False
    race = 0.0
    own_stones = 1  # the stones of the chain the move makes
    # The own chains next to p seen so far (scalars, not an array: prior runs for every
    # point of every expansion, and an array here was an allocation each time).
    head0 = -1
    head1 = -1
    head2 = -1
    for d in (-w, -1, 1, w):
        nb = p + d
        c = board[nb]
        if c == opp:
            h = links[0, nb]
            if in_atari(stats, h):
                capture += stats[0, h]
                continue
            lib_count = playout.chain_liberties(board, links, w, h, 4, buf)
            if lib_count == 2:
                ataris = True
                # The chain's other liberty: if the chain gets 4 there it cannot be laddered.
                other = buf[0] if buf[0] != p else buf[1]
                if (
                    not ladder
                    and playout.libs_after(board, links, stats, w, other, opp, 4, buf) < 4
                    and tactics.atari_ladders(board, links, stats, zob, w, p, color, nb, stack)
                ):
                    ladder = True
            if lib_count <= 3 and race == 0.0:
                race = _race(board, links, w, h, lib_count, buf)
        elif c == color:
            h = links[0, nb]
            if in_atari(stats, h):
                saves = True
            if h != head0 and h != head1 and h != head2:
                if head0 < 0:
                    head0 = h
                elif head1 < 0:
                    head1 = h
                else:
                    head2 = h
                own_stones += stats[0, h]
    libs = playout.libs_after(board, links, stats, w, p, color, 3, buf)
    tactic[0] = move_model.tactic_index(capture > 0, saves, libs, ataris)
    if capture:
        v += 0.25 + min(0.2, 0.05 * capture)
    laddered = False
    # An own chain left with two liberties (run out of atari, or a big one crawled along
    # from two or three) that is then laddered: the move only feeds the ladder stones; a
    # big chain's crawl is as bad as its self-atari. Not when the move fights (an atari, a
    # race). Small chains that crawl are not read: each read copies the position.
    if (
        libs == 2
        and not capture
        and (saves or (own_stones >= 4 and not ataris and race == 0.0))
        and tactics.escape_ladders(board, links, stats, zob, w, p, color, stack)
    ):
        if not saves:
            return 0.02
        v -= 0.3
        laddered = True
    if saves and libs >= 2 and not laddered:
        v += 0.25 if libs >= 3 else 0.1
    if (
        libs == 1
        and not capture
        and own_stones >= 2
        and nakade > 0.0
        and eyespace.killing_sacrifice(board, links, w, p, color, buf)
    ):
        v += NAKADE_PRIOR * nakade  # the attacker's stones grow a dead shape: not a blunder
    elif libs == 1 and not capture:
        if own_stones >= 4:
            return 0.02  # a big chain's self-atari: never a throw-in
        if own_stones >= 2:
            v -= 0.35
        elif _throw_in(board, links, w, p, opp, buf):
            return max(0.02, v + 0.05)  # the edge's own penalty spared: it is where eyes are
        else:
            v -= 0.2
    elif ladder:
        v += 0.3
    elif ataris:
        v += 0.05
    v += race
    if vital:
        v += NAKADE_PRIOR * nakade
    code = playout.pattern_code(board, w, p)
    if patterns[code]:
        v += 0.1
    v += learned[color - 1, code]
    if shape_keys.shape[0] > 0:
        spatial.spatial_codes(board, n, p, color, codes)
        v += spatial.largest_weight(shape_keys, shape_weights, codes)
    row = p // w - 1
    col = p % w - 1
    line = min(row, col, n - 1 - row, n - 1 - col)
    early = stones < (n * n) // 4
    term = opening[stones, p] if stones < opening.shape[0] else 0.0
    if term != 0.0:
        v += term
    elif line == 0:
        v -= 0.15 if early else 0.05
    elif line == 1 and early:
        v -= 0.05
    if last >= 0:
        dr = abs(p // w - last // w)
        dc = abs(p % w - last % w)
        if dr + dc <= 2:
            v += 0.05
    return min(0.95, max(0.02, v))


@njit(cache=True)
def expand(
    tree_i: np.ndarray,
    tree_f: np.ndarray,
    counters: np.ndarray,
    node: int,
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    n: int,
    color: int,
    ko: int,
    last: int,
    before: int,
    allow_suicide: bool,
    use_mask: bool,
    mask: np.ndarray,
    patterns: np.ndarray,
    opening: np.ndarray,
    learned: np.ndarray,
    shape_keys: np.ndarray,
    shape_weights: np.ndarray,
    model: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    params: np.ndarray,
    zob: np.ndarray,
    stack: np.ndarray,
    near: np.ndarray,
) -> bool:
    """Give ``node`` a child per legal move (by ``mask`` at the root, else simple ko) and
    pass, with priors; False when the tree is full. ``last`` and ``before`` are the points
    of the last move and the one before it (PASS: none or a pass). ``model`` is the
    learned move model (move_model.model_tables), read with SearchParams.model_n set.
    ``stack`` is the ladder reads' scratch (tactics.ladder_stack), ``near`` int64[2,
    points] the local term's (distances, queue)."""
    w = n + 2
    size = board.shape[0]
    first = counters[C_USED]
    if first + n * n + 1 > tree_i.shape[1]:
        return False
    buf = np.empty(8, dtype=np.int64)
    codes = np.empty(spatial.CODES_BUFFER, dtype=np.int64)
    tactic = np.empty(1, dtype=np.int64)
    stones = 0
    for p in range(size):
        if board[p] == BLACK or board[p] == kernels.WHITE:
            stones += 1
    k = first
    prior_n = params[P_PRIOR_N]
    nakade = params[P_NAKADE]
    # Marked only with the knowledge on (one entry, never read, when off).
    vital = np.zeros(size if nakade > 0.0 else 1, dtype=np.bool_)
    if nakade > 0.0:
        eyespace.vital_points(board, n, vital)
    prior_amaf = params[P_PRIOR_AMAF]
    local_n = params[P_LOCAL]
    local = local_n > 0.0 and last >= 0
    if local:
        fate.fate_distances(board, links, w, last, LOCAL_REACH, near[0], near[1])
    model_n = params[P_MODEL]
    # With the model on: each child's model score, and whether it may have the bonus.
    scores = np.empty(n * n if model_n > 0.0 else 0, dtype=np.float64)
    bonus_ok = np.empty(scores.shape[0], dtype=np.bool_)
    for p in range(size):
        if board[p] != EMPTY:
            continue
        if use_mask:
            if not mask[p]:
                continue
        elif (
            kernels.check_move(board, links, stats, w, p, color, ko, allow_suicide) != kernels.LEGAL
        ):
            continue
        v = prior(
            board,
            links,
            stats,
            zob,
            n,
            p,
            color,
            last,
            stones,
            patterns,
            opening,
            learned,
            shape_keys,
            shape_weights,
            codes,
            buf,
            stack,
            nakade,
            nakade > 0.0 and vital[p],
            tactic,
        )
        _init_node(tree_i, tree_f, k, p, node, prior_n, v)
        term = opening[stones, p] if stones < opening.shape[0] else 0.0
        if term != 0.0:
            tree_f[F_RN, k] = params[P_OPENING]
            tree_f[F_RW, k] = params[P_OPENING] * (0.5 + term)
        if v <= BLUNDER_PRIOR:
            tree_f[F_RN, k] += params[P_BLUNDER]
            tree_f[F_RW, k] += params[P_BLUNDER] * v
        else:
            tree_f[F_RN, k] += prior_amaf
            tree_f[F_RW, k] += prior_amaf * v
            if local and 0 < near[0, p] <= LOCAL_REACH:  # 0: the last move's point, emptied
                bonus = local_bonus(local_n, near[0, p])
                tree_f[F_N, k] += bonus
                tree_f[F_W, k] += bonus
        if model_n > 0.0:
            t = tactic[0]
            if t < 0:
                t = move_model.tactic_of(board, links, stats, w, p, color, buf)
            scores[k - first] = move_model.score_with_tactic(
                board, n, p, color, last, before, t, model[0], model[1], model[2], model[3], codes
            )
            bonus_ok[k - first] = v > BLUNDER_PRIOR
        k += 1
    if model_n > 0.0 and k > first:
        _model_wins(tree_f, first, scores[: k - first], bonus_ok, model_n)
    pass_prior = prior(
        board,
        links,
        stats,
        zob,
        n,
        PASS,
        color,
        last,
        stones,
        patterns,
        opening,
        learned,
        shape_keys,
        shape_weights,
        codes,
        buf,
        stack,
        nakade,
        False,
        tactic,
    )
    _init_node(tree_i, tree_f, k, PASS, node, prior_n, pass_prior)
    k += 1
    tree_i[T_FIRST, node] = first
    tree_i[T_COUNT, node] = k - first
    counters[C_USED] = k
    return True


@njit(cache=True)
def _model_wins(
    tree_f: np.ndarray, first: int, scores: np.ndarray, bonus_ok: np.ndarray, model_n: float
) -> None:
    """Give the children from ``first`` on (one per entry of ``scores``, the model's scores
    of their moves) model_n * sqrt(p) virtual wins, real and AMAF, p the softmax of their
    scores, where ``bonus_ok``."""
    top = scores.max()
    total = 0.0
    for i in range(scores.shape[0]):
        total += math.exp(scores[i] - top)
    for i in range(scores.shape[0]):
        if bonus_ok[i]:
            wins = model_n * math.sqrt(math.exp(scores[i] - top) / total)
            c = first + i
            tree_f[F_N, c] += wins
            tree_f[F_W, c] += wins
            tree_f[F_RN, c] += wins
            tree_f[F_RW, c] += wins


@njit(cache=True, inline="always")
def local_bonus(local_n: float, d: int) -> float:
    """The virtual wins of a move at common fate graph distance d (1 to LOCAL_REACH) from
    the last move: SearchParams.local_n's shares."""
    if d == 1:
        return local_n
    if d == 2:
        return 0.9 * local_n
    return local_n / 3.0


@njit(cache=True, inline="always")
def _init_node(
    tree_i: np.ndarray, tree_f: np.ndarray, k: int, move: int, parent: int, n0: float, v: float
) -> None:
    tree_i[T_MOVE, k] = move
    tree_i[T_PARENT, k] = parent
    tree_i[T_FIRST, k] = -1
    tree_i[T_COUNT, k] = 0
    tree_i[T_VISITS, k] = 0
    tree_f[F_N, k] = n0
    tree_f[F_W, k] = n0 * v
    tree_f[F_RN, k] = 0.0
    tree_f[F_RW, k] = 0.0


@njit(cache=True)
def record_owners(board: np.ndarray, n: int, result: float, crit: np.ndarray) -> None:
    """Count one finished game (its settled board, Black's ``result``: 1, 0 or 0.5 for a
    tie) into the criticality counts ``crit`` (see the module's docstring)."""
    w = n + 2
    for row in range(n):
        for col in range(n):
            p = (row + 1) * w + col + 1
            v = playout.settled_owner(board, w, p)
            if v == BLACK:
                crit[0, p] += 1.0
                crit[2, p] += result
            elif v != EMPTY:
                crit[1, p] += 1.0
                crit[2, p] += 1.0 - result
    crit[3, 0] += 1.0
    crit[3, 1] += result


@njit(cache=True, inline="always")
def criticality(crit: np.ndarray, p: int) -> float:
    """How much owning point p goes with winning, beyond chance (Coulom's criticality):
    P(p's owner wins) - (P(Black owns p) P(Black wins) + P(White owns p) P(White wins))."""
    inv = 1.0 / crit[3, 0]
    black_wins = crit[3, 1] * inv
    expected = crit[0, p] * inv * black_wins + crit[1, p] * inv * (1.0 - black_wins)
    return crit[2, p] * inv - expected


@njit(cache=True)
def select_child(
    tree_i: np.ndarray,
    tree_f: np.ndarray,
    node: int,
    use_mask: bool,
    mask: np.ndarray,
    params: np.ndarray,
    crit: np.ndarray,
) -> int:
    """The child with the best RAVE blend plus exploration (legal by ``mask`` at the root),
    plus criticality's progressive bias when its weight is set."""
    first = tree_i[T_FIRST, node]
    count = tree_i[T_COUNT, node]
    log_n = math.log(tree_i[T_VISITS, node] + 1.0)
    explore = params[P_EXPLORE]
    inv_k = 1.0 / params[P_RAVE_K]
    bias = params[P_CRITICALITY] * params[P_PRIOR_N]
    use_crit = bias > 0.0 and crit[3, 0] >= CRIT_MIN_PLAYOUTS
    best = -1
    best_value = -1e300
    for c in range(first, first + count):
        m = tree_i[T_MOVE, c]
        if use_mask and m != PASS and not mask[m]:
            continue
        nn = tree_f[F_N, c]
        q = tree_f[F_W, c] / nn
        rn = tree_f[F_RN, c]
        if rn > 0.0:
            beta = rn / (rn + nn + rn * nn * inv_k)
            q = (1.0 - beta) * q + beta * tree_f[F_RW, c] / rn
        value = q + explore * math.sqrt(log_n / nn)
        if use_crit and m != PASS:
            c_value = criticality(crit, m)
            if c_value > 0.0:
                value += bias * c_value / nn
        if value > best_value:
            best_value = value
            best = c
    return best


@njit(cache=True)
def search(
    pos: np.ndarray,
    zob: np.ndarray,
    tree_i: np.ndarray,
    tree_f: np.ndarray,
    counters: np.ndarray,
    root: int,
    iterations: int,
    mask: np.ndarray,
    root_last: int,
    root_before: int,
    n: int,
    allow_suicide: bool,
    patterns: np.ndarray,
    opening: np.ndarray,
    learned: np.ndarray,
    shape_keys: np.ndarray,
    shape_weights: np.ndarray,
    model: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    params: np.ndarray,
    own: np.ndarray,
    replies: np.ndarray,
    crit: np.ndarray,
) -> int:
    """Run ``iterations`` iterations from ``root`` (the position ``pos``, whose side to move,
    ko and consecutive passes are in its meta row). Returns Black's wins among them. With
    the playouts' last-good-reply rate set, each iteration's game (tree moves and playout)
    updates the reply table ``replies`` (playout.update_replies); with criticality's weight
    set, its final board is counted into ``crit`` (record_owners)."""
    w = n + 2
    size = pos.shape[1]
    max_plies = 3 * n * n
    komi = params[P_KOMI]
    expand_at = int(params[P_EXPAND])
    work = np.empty_like(pos)
    depth_cap = 4 * n * n
    path = np.empty(depth_cap + 1, dtype=np.int64)
    seq = np.empty(depth_cap + max_plies + 2, dtype=np.int64)
    seq_color = np.empty(depth_cap + max_plies + 2, dtype=np.int64)
    first_color = np.zeros(size, dtype=np.int64)
    stack = tactics.ladder_stack(n)
    near = np.empty((2, size), dtype=np.int64)  # expand's scratch for the local term
    learn_replies = params[playout.P_REPLY] > 0.0
    count_owners = params[P_CRITICALITY] > 0.0
    margin_share = params[P_MARGIN]
    margin_points = margin_points_of(n)
    meta = pos[7]
    root_color = int(meta[kernels.M_COLOR])
    black_wins = 0
    for _ in range(iterations):
        work[:7] = pos[:7]
        board = work[0]
        links = work[1:3]
        stats = work[3:7]
        color = root_color
        ko = int(meta[kernels.M_KO])
        passes = int(meta[kernels.M_PASSES])
        last = root_last
        before = root_before
        node = root
        depth = 0
        path[0] = root
        length = 0
        terminal = False
        # Selection and expansion: walk down, expanding a leaf seen often enough.
        while depth < depth_cap:
            if tree_i[T_COUNT, node] == 0:
                if node != root and tree_i[T_VISITS, node] < expand_at:
                    break
                if not expand(
                    tree_i,
                    tree_f,
                    counters,
                    node,
                    board,
                    links,
                    stats,
                    n,
                    color,
                    ko,
                    last,
                    before,
                    allow_suicide,
                    node == root,
                    mask,
                    patterns,
                    opening,
                    learned,
                    shape_keys,
                    shape_weights,
                    model,
                    params,
                    zob,
                    stack,
                    near,
                ):
                    break
            child = select_child(tree_i, tree_f, node, node == root, mask, params, crit)
            move = tree_i[T_MOVE, child]
            seq[length] = move
            seq_color[length] = color
            length += 1
            if move == PASS:
                passes += 1
                ko = -1
            else:
                passes = 0
                _, _, ko, _ = kernels.play_stone(board, links, stats, zob, w, move, color)
            before = last
            last = move
            color = 3 - color
            node = child
            depth += 1
            path[depth] = node
            if passes >= 2:
                terminal = True
                break
        tree_depth = length
        if terminal:
            margin = playout.exact_margin(board, n, komi)
        else:
            length = playout.run_playout(
                board,
                links,
                stats,
                zob,
                n,
                color,
                ko,
                last,
                passes,
                allow_suicide,
                max_plies,
                patterns,
                params,
                seq,
                seq_color,
                length,
                replies,
            )
            margin = playout.settled_margin(board, n, komi, own)
            counters[C_PLAYOUTS] += 1
        result = 1.0 if margin > 0 else (0.0 if margin < 0 else 0.5)
        # Black's value of the playout: its result, with the margin's share when set.
        value = result
        if margin_share > 0.0:
            m = 0.5 + 0.5 * min(1.0, max(-1.0, margin / margin_points))
            value = (1.0 - margin_share) * result + margin_share * m
        if margin > 0:
            black_wins += 1
        if learn_replies:
            playout.update_replies(replies, seq, seq_color, length, result)
        if count_owners:
            record_owners(board, n, result, crit)
        # Backup: each node's wins count for the player who made its move.
        for d in range(depth + 1):
            nd = path[d]
            tree_i[T_VISITS, nd] += 1
            if d > 0:
                tree_f[F_N, nd] += 1.0
                tree_f[F_W, nd] += value if seq_color[d - 1] == BLACK else 1.0 - value
        # AMAF: for each expanded node on the path, the children whose point its side to
        # move played first from there on (in the tree or the playout).
        for p in range(size):
            first_color[p] = 0
        i = length - 1
        for d in range(min(depth, tree_depth), -1, -1):
            while i >= d:
                m = seq[i]
                if m != PASS:
                    first_color[m] = seq_color[i]
                i -= 1
            nd = path[d]
            count = tree_i[T_COUNT, nd]
            if count == 0:
                continue
            mover = seq_color[d] if d < length else color
            reward = value if mover == BLACK else 1.0 - value
            first = tree_i[T_FIRST, nd]
            for c in range(first, first + count):
                m = tree_i[T_MOVE, c]
                if m != PASS and first_color[m] == mover:
                    tree_f[F_RN, c] += 1.0
                    tree_f[F_RW, c] += reward
    return black_wins


# -- the Python side ----------------------------------------------------------------------


class GoTree:
    """One search tree for one game, kept between moves when the game continues its line.

    ``capacity`` is the number of nodes preallocated; a full tree stops growing
    (iterations still run playouts from its leaves) and is started afresh at
    the next move.
    """

    def __init__(self, capacity: int, params: SearchParams | None = None) -> None:
        self.capacity = capacity
        self.params = params or SearchParams()
        self.tree_i = np.zeros((5, capacity), dtype=np.int32)
        self.tree_f = np.zeros((4, capacity), dtype=np.float64)
        self.counters = np.zeros(2, dtype=np.int64)
        self.root = 0
        self.root_line: list[int] = []  # the actions leading to the root
        self.size = 0
        self.own = np.zeros(0)
        self.replies = playout.no_replies()
        self.crit = np.zeros((4, 1))
        self.playouts = 0
        self.black_wins = 0
        self.reset(0)

    def reset(self, size: int) -> None:
        """Start an empty tree (a root node only) for a size x size board."""
        self.size = size
        self.counters[:] = 0
        self.counters[C_USED] = 1
        self.root = 0
        self.tree_i[:, 0] = (PASS, -1, -1, 0, 0)
        self.tree_f[:, 0] = 0.0

    def child(self, node: int, point: int) -> int:
        first = int(self.tree_i[T_FIRST, node])
        for c in range(first, first + int(self.tree_i[T_COUNT, node])):
            if int(self.tree_i[T_MOVE, c]) == point:
                return c
        return -1

    def set_root(self, state: GoState) -> None:
        """Move the root to ``state``: the kept subtree when it continues the line, else new."""
        n = state.game.size
        line = [state.move_to_action(m) for m in state.history]
        old = self.root_line
        node = self.root if n == self.size and line[: len(old)] == old else -1
        points = state.game.points_by_action
        for action in line[len(old) :]:
            if node < 0 or self.tree_i[T_COUNT, node] == 0:
                node = -1
                break
            node = self.child(node, points[action])
        if node < 0 or self.counters[C_USED] > self.capacity // 2:
            self.reset(n)
            node = 0
        self.root = node
        self.root_line = line
        w = n + 2
        self.own = np.zeros(w * w, dtype=np.float64)
        # The last good replies are learned afresh for each move's search (decision 0186):
        # a few dozen playouts fill the table, so there is little to carry over.
        self.replies = playout.no_replies(w * w)
        # Criticality is what this position's playouts say: counted afresh each move.
        self.crit = np.zeros((4, w * w), dtype=np.float64)
        self.playouts = 0
        self.black_wins = 0

    def run(self, state: GoState, iterations: int, root_mask: np.ndarray) -> None:
        """``iterations`` more iterations from the root (which must be ``state``)."""
        game = state.game
        komi = game.settings.komi + game.bonus_for(len(state.handicap_stones))
        last_point, before_point = move_model.recent_points(state)
        before = int(self.counters[C_PLAYOUTS])
        self.black_wins += search(
            state.position_array,
            state.zobrist_table,
            self.tree_i,
            self.tree_f,
            self.counters,
            self.root,
            iterations,
            root_mask,
            last_point,
            before_point,
            game.size,
            bool(game.kernel_flags & kernels.ALLOW_SUICIDE),
            pattern_table(),
            opening_table(game.size),
            prior_term(self.params.learned),
            *spatial_table(self.params.learned),
            move_model.model_tables(),
            self.params.array(komi),
            self.own,
            self.replies,
            self.crit,
        )
        self.playouts += int(self.counters[C_PLAYOUTS]) - before

    def children(self, node: int | None = None) -> list[tuple[int, int, float]]:
        """(board point or PASS, real visits, value for the mover) per child of ``node``."""
        node = self.root if node is None else node
        first = int(self.tree_i[T_FIRST, node])
        out = []
        for c in range(first, first + int(self.tree_i[T_COUNT, node])):
            n_virtual = float(self.tree_f[F_N, c])
            out.append(
                (
                    int(self.tree_i[T_MOVE, c]),
                    int(self.tree_i[T_VISITS, c]),
                    float(self.tree_f[F_W, c]) / n_virtual,
                )
            )
        return out

    def best_child(self, node: int) -> int:
        """The most visited child of ``node`` (-1 when it has none)."""
        first = int(self.tree_i[T_FIRST, node])
        count = int(self.tree_i[T_COUNT, node])
        if count == 0:
            return -1
        visits = self.tree_i[T_VISITS, first : first + count]
        if int(visits.max()) == 0:
            return -1
        return first + int(np.argmax(visits))

    def move_of(self, node: int) -> int:
        """The board point (or PASS) of ``node``'s move."""
        return int(self.tree_i[T_MOVE, node])

    def criticality(self) -> np.ndarray:
        """Per padded point: its criticality in this move's search so far (all 0 while
        criticality's weight is 0: nothing is counted then)."""
        if self.crit[3, 0] == 0:
            return np.zeros(self.crit.shape[1])
        return np.array([criticality(self.crit, p) for p in range(self.crit.shape[1])])

    def ownership(self) -> np.ndarray:
        """Per padded point: the share of this search's playouts that ended it Black's."""
        return self.own / max(1, self.playouts)


def root_mask(state: GoState) -> np.ndarray:
    """bool per padded board point: legal for the side to move under the game's own rules."""
    n = state.game.size
    mask = np.zeros((n + 2) ** 2, dtype=np.bool_)
    points = state.game.points_by_action
    for action in state.legal_actions().tolist():
        if action < n * n:
            mask[points[action]] = True
    return mask


def exact_margin_of(state: GoState) -> float:
    """Black's lead by area with komi if play ended now with every stone alive."""
    game = state.game
    komi = game.settings.komi + game.bonus_for(len(state.handicap_stones))
    return float(playout.exact_margin(state.board_array, game.size, komi))


def fills_own_eye(state: GoState, action: int) -> bool:
    """True when ``action`` puts a stone into an eye of the side to move."""
    point = state.game.points_by_action[action]
    if point == PASS:
        return False
    color = state.colour_to_play
    return bool(is_own_eye(state.board_array, state.game.size + 2, point, color))
