"""Fit Go's pattern weights, 3x3 and spatial, from game records (Coulom-style move prediction).

Every move played in the training games is a win of its features over those
of every other legal move of the position (a conditional logit / generalized
Bradley-Terry model, as in Coulom 2007, "Computing Elo ratings of move
patterns in the game of Go"). A move's strength is the product of its
features' gammas, i.e. its score is the sum of their log-gammas:

* its 3x3 neighbourhood as the mover's shape (games/go/learned.py: mover as
  Black, reduced under the eight symmetries); shapes played fewer than
  ``--min-count`` times share one weight;
* its tactics: a capture, an escape from atari (to 2+ liberties), a
  self-atari, an atari, or none (the first that applies);
* its line from the edge (1-5+) and its distance to the last move
  (|dx| + |dy| + max(|dx|, |dy|), bucketed), and to the move before the last;
* its largest spatial pattern (games/go/spatial.py: 12, 20 or 28 points around it)
  played ``--min-spatial`` times or more as a move in the training games, or none.

The fit runs twice, without and with the spatial patterns, so the held-out numbers say
what they add.

The fit minimises the mean -log-likelihood of the moves played plus
``l2 / 2`` times the squared log-gammas (a prior pulling gammas to 1) by
full-batch Adam in numpy. Held-out games (the files
matching ``--test``, GNU Go level 10 in bench/gnugo_games.py's naming) measure
how often the move played is the model's first choice or among its five
first (top-1/top-5; tied moves share the credit), next to the same numbers
for the search's own priors (tabletop.ai.go.search.prior) with and without the
learned term (3x3 alone, then 3x3 and spatial), and for the search's priors with the whole
model's virtual wins (``--pattern-n``: model_n x sqrt(p), SearchParams.model_n; ranked by
the value a child starts with). The features are games/go/move_model.py's, the search's
own. ``--write`` writes the weights of the fit with spatial patterns to
games/go/pattern_weights.txt, spatial_weights.txt and move_weights.txt (tactic, line,
both distances).

    python bench/fit_go_patterns.py --games /work/runs/h14b/games --write
    python bench/fit_go_patterns.py --games GAMES MATCH_SGFS --mover "GNU Go" --write
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from numba import njit

import fresh_kernels  # noqa: F401  (stale cached kernels forgotten first: decision 0192)
from arguments import count, run_main
from tabletop.ai.go import search
from tabletop.games.go import kernels, move_model, playout, spatial, tactics
from tabletop.games.go.kernels import EMPTY, LEGAL
from tabletop.games.go.learned import PRIOR_CAP, WEIGHTS_FILE, canonical_codes
from tabletop.games.go.move_model import DISTANCES, LINES, TACTICS
from tabletop.games.go.opening import opening_table
from tabletop.games.go.patterns import pattern_table
from tabletop.games.go.rules import GoState
from tabletop.games.go.sgf import load_sgf

BEFORE = 5  # a candidate row's distance to the move before the last
SPATIAL = 6  # its first spatial code (sizes 12, 20, 28 in columns 6-8)
CANDIDATE = 9  # candidates()' columns
PLAYED = 9  # 1 on the move played
MOVER = 10  # the side to move - 1
COLUMNS = 11


@njit(cache=True)
def candidates(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    n: int,
    color: int,
    ko: int,
    last: int,
    before: int,
    allow_suicide: bool,
    out: np.ndarray,
) -> int:
    """Fill out[k] = (point, code, tactic, line, distance to ``last``, distance to
    ``before``, and the spatial codes of sizes 12, 20 and 28) for each legal move; returns
    k."""
    w = n + 2
    buf = np.empty(8, dtype=np.int64)
    codes = np.empty(spatial.CODES_BUFFER, dtype=np.int64)
    k = 0
    for p in range(board.shape[0]):
        if board[p] != EMPTY:
            continue
        if kernels.check_move(board, links, stats, w, p, color, ko, allow_suicide) != LEGAL:
            continue
        out[k, 0] = p
        out[k, 1] = playout.pattern_code(board, w, p)
        out[k, 2] = move_model.tactic_of(board, links, stats, w, p, color, buf)
        out[k, 3] = move_model.line_of(n, p)
        out[k, 4] = move_model.distance_of(w, p, last)
        out[k, BEFORE] = move_model.distance_of(w, p, before)
        spatial.spatial_codes(board, n, p, color, codes)
        out[k, SPATIAL] = codes[0]
        out[k, SPATIAL + 1] = codes[1]
        out[k, SPATIAL + 2] = codes[2]
        k += 1
    return k


class Positions:
    """The candidates of every position of some games, row by row, grouped by position."""

    def __init__(self) -> None:
        # Per position: int64[k, 10]: candidates()'s eight columns, played (0/1), mover - 1.
        self.rows: list[np.ndarray] = []
        self.priors: list[np.ndarray] = []  # per position: the search's prior per candidate
        self.states: list[tuple[GoState, int]] = []

    def add_game(self, path: Path, with_priors: bool, mover: str | None = None) -> None:
        """Add the positions of the game at ``path``; with ``mover``, only those where the
        side to move is a player whose name (PB or PW) contains it."""
        record = load_sgf(path)
        final = record.state
        names = {1: record.black or "", 2: record.white or ""}
        game = final.game
        state = game.new_state()
        n = game.size
        w = n + 2
        buf = np.empty((w * w, CANDIDATE), dtype=np.int64)
        for move in final.history:
            if move.is_pass:
                state.play(move)
                continue
            color = int(state._meta[kernels.M_COLOR])
            ko = int(state._meta[kernels.M_KO])
            last, before = move_model.recent_points(state)
            allow = bool(state._flags & kernels.ALLOW_SUICIDE)
            k = candidates(
                state._board, state._links, state._stats, n, color, ko, last, before, allow, buf
            )
            played = game.points_by_action[state.move_to_action(move)]
            rows = np.zeros((k, COLUMNS), dtype=np.int64)
            rows[:, :CANDIDATE] = buf[:k]
            rows[:, PLAYED] = rows[:, 0] == played
            rows[:, MOVER] = color - 1
            wanted = mover is None or mover in names[color]
            if wanted and rows[:, PLAYED].sum() == 1:
                self.rows.append(rows)
                if with_priors:
                    self.states.append((state.copy(), last))
            state.play(move)


def prior_values(
    state: GoState, last: int, points: np.ndarray, learned: np.ndarray, shapes: Table
) -> np.ndarray:
    """The search's prior of each point for the side to move (``learned``: its 3x3 pattern
    term; ``shapes``: its spatial patterns' keys and terms)."""
    n = state.game.size
    color = int(state._meta[kernels.M_COLOR])
    stones = int(np.sum((state._board == 1) | (state._board == 2)))
    buf = np.empty(8, dtype=np.int64)
    codes = np.empty(spatial.CODES_BUFFER, dtype=np.int64)
    stack = tactics.ladder_stack(n)
    tactic = np.empty(1, dtype=np.int64)  # the prior's tactic, unused here
    table, opening = pattern_table(), opening_table(n)
    return np.array(
        [
            search.prior(
                state._board,
                state._links,
                state._stats,
                state._zob,
                n,
                int(p),
                color,
                last,
                stones,
                table,
                opening,
                learned,
                shapes[0],
                shapes[1],
                codes,
                buf,
                stack,
                0.0,  # the eye-space knowledge off, as in the default search
                False,
                tactic,
            )
            for p in points
        ]
    )


#: A spatial table: int64 keys (spatial.key) sorted, and a float64 value each.
Table = tuple[np.ndarray, np.ndarray]


class Features:
    """The columns each candidate move is described by, and the weights' layout.

    Columns: its 3x3 shape (those played ``min_count`` times, then one for the rest), its
    tactic, line and distance, and with ``spatial`` its largest spatial pattern played
    ``min_spatial`` times in training (then one for none)."""

    def __init__(self, train: Positions, min_count: int, min_spatial: int, spatial_on: bool):
        canon = canonical_codes()
        counts: dict[int, int] = {}
        spatial_counts: dict[int, int] = {}
        for rows in train.rows:
            played = rows[rows[:, PLAYED] == 1][0]
            code = int(canon[played[MOVER], played[1]])
            counts[code] = counts.get(code, 0) + 1
            for j in range(len(spatial.SIZES) if spatial_on else 0):
                k = spatial.key(j, int(played[SPATIAL + j]))
                spatial_counts[k] = spatial_counts.get(k, 0) + 1
        self.shapes = sorted(c for c, k in counts.items() if k >= min_count)
        self.shape_ids = {c: i for i, c in enumerate(self.shapes)}
        self.spatial_keys = np.array(
            sorted(k for k, c in spatial_counts.items() if c >= min_spatial), dtype=np.int64
        )
        n_pat = len(self.shapes) + 1  # the last: every rarer shape
        n_sp = len(self.spatial_keys) + 1  # the last: no known spatial pattern
        self.offsets = np.cumsum([0, n_pat, len(TACTICS), LINES, DISTANCES, DISTANCES])
        self.size = int(self.offsets[-1]) + (n_sp if spatial_on else 0)
        self.spatial_on = spatial_on

    def columns(self, positions: Positions) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(feature ids int64[candidates, columns], played bool[candidates], each
        position's first row)."""
        canon = canonical_codes()
        rare = len(self.shapes)
        cols, played, seg = [], [], []
        total = 0
        for rows in positions.rows:
            shape = canon[rows[:, MOVER], rows[:, 1]]
            ids = [
                np.array([self.shape_ids.get(int(c), rare) for c in shape]),
                self.offsets[1] + rows[:, 2],
                self.offsets[2] + rows[:, 3],
                self.offsets[3] + rows[:, 4],
                self.offsets[4] + rows[:, BEFORE],
            ]
            if self.spatial_on:
                ids.append(self.offsets[5] + self.largest_known(rows))
            cols.append(np.stack(ids, axis=1))
            played.append(rows[:, PLAYED] == 1)
            seg.append(total)
            total += len(rows)
        return np.concatenate(cols), np.concatenate(played), np.array(seg)

    def largest_known(self, rows: np.ndarray) -> np.ndarray:
        """Per candidate: the index in spatial_keys of its largest known spatial pattern,
        or len(spatial_keys) (none)."""
        keys = self.spatial_keys
        found = np.full(len(rows), len(keys), dtype=np.int64)
        if not len(keys):
            return found
        for j in range(len(spatial.SIZES)):  # smallest first: the larger overwrite
            wanted = (rows[:, SPATIAL + j] << 2) | j
            at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
            hit = keys[at] == wanted
            found[hit] = at[hit]
        return found


def main(argv: list[str] | None = None) -> int:
    """Read the games, fit, report accuracy, optionally write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", required=True, nargs="+", help="folders of SGF files")
    parser.add_argument(
        "--mover",
        help="learn only the moves of players whose name contains this (e.g. 'GNU Go')",
    )
    parser.add_argument("--test", default="gnugo-L10-*.sgf", help="held-out files (glob)")
    parser.add_argument("--min-count", type=count, default=3, help="plays to keep a shape")
    parser.add_argument(
        "--min-spatial", type=count, default=5, help="plays to keep a spatial pattern"
    )
    parser.add_argument("--steps", type=count, default=300, help="Adam steps")
    parser.add_argument("--l2", type=float, default=0.001, help="L2 weight (a move's loss)")
    parser.add_argument(
        "--scale", type=float, nargs="+", default=[0.05], help="prior terms per log-gamma to try"
    )
    parser.add_argument(
        "--pattern-n",
        type=float,
        nargs="+",
        default=[20.0],
        help="model_n values to try: virtual wins per square root of the model's probability",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help="write pattern_weights.txt, spatial_weights.txt and move_weights.txt",
    )
    args = parser.parse_args(argv)
    folders = [Path(folder) for folder in args.games]
    test_files = sorted(path for folder in folders for path in folder.glob(args.test))
    every = {path for folder in folders for path in folder.glob("*.sgf")}
    train_files = sorted(every - set(test_files))
    if not train_files:
        named = " ".join(args.games)
        parser.error(f"--games {named}: no training games (*.sgf not matching --test)")
    start = time.process_time()
    train, test = Positions(), Positions()
    for path in train_files:
        train.add_game(path, with_priors=False, mover=args.mover)
    for path in test_files:
        test.add_game(path, with_priors=True, mover=args.mover)
    print(
        f"{len(train_files)} training games ({len(train.rows)} moves), {len(test_files)} "
        f"held out ({len(test.rows)} moves); read in {time.process_time() - start:.0f} CPU s"
    )
    fitted = {}
    for spatial_on in (False, True):
        features = Features(train, args.min_count, args.min_spatial, spatial_on)
        x, y, seg = features.columns(train)
        theta = fit(x, y, seg, features.size, args.steps, args.l2)
        fitted[spatial_on] = (features, theta)
        print(
            f"fitted {features.size} weights ({len(features.shapes)} 3x3 shapes played "
            f"{args.min_count}+ times, {len(features.spatial_keys)} spatial patterns played "
            f"{args.min_spatial}+ times) on {len(x)} candidates; "
            f"{time.process_time() - start:.0f} CPU s so far"
        )
    features, theta = fitted[True]
    off = features.offsets
    for name, lo, hi, labels in (
        ("tactics", off[1], off[2], TACTICS),
        ("line", off[2], off[3], [str(i + 1) for i in range(LINES)]),
        ("distance", off[3], off[4], [str(d) for d in range(2, 10)] + ["10-13", "14+", "-"]),
        ("before", off[4], off[5], [str(d) for d in range(2, 10)] + ["10-13", "14+", "-"]),
    ):
        shown = ", ".join(f"{lab} {v:+.2f}" for lab, v in zip(labels, theta[lo:hi], strict=True))
        print(f"  {name}: {shown}")
    rare = len(features.shapes)
    pattern_log = theta[:rare] - theta[rare]  # relative to a rare shape
    none = off[5] + len(features.spatial_keys)
    spatial_log = theta[off[5] : none] - theta[none]  # relative to no known pattern
    if test.rows:
        for spatial_on, label in ((False, "3x3 shapes"), (True, "3x3 and spatial patterns")):
            feats, th = fitted[spatial_on]
            tx, ty, tseg = feats.columns(test)
            report(f"model, all features with {label}", th[tx].sum(axis=1), ty, tseg)
        tx, ty, tseg = features.columns(test)
        report("model, 3x3 shapes alone", theta[tx[:, 0]], ty, tseg)
        if len(features.spatial_keys):
            report("model, spatial patterns alone", theta[tx[:, 5]], ty, tseg)
        canon = canonical_codes()
        learned = np.zeros(4**8 + 1)
        for c, i in features.shape_ids.items():
            learned[c] = pattern_log[i]
        nothing = (np.zeros(0, dtype=np.int64), np.zeros(0))
        tried = [("search prior, no learned term", np.zeros((2, 4**8)), nothing)]
        for scale in args.scale:
            term = np.clip(scale * learned[canon], -PRIOR_CAP, PRIOR_CAP)
            shapes = (features.spatial_keys, np.clip(scale * spatial_log, -PRIOR_CAP, PRIOR_CAP))
            tried.append((f"search prior + {scale} x log-gamma (3x3)", term, nothing))
            tried.append((f"search prior + {scale} x log-gamma (3x3, spatial)", term, shapes))
        ranked = []
        for label, table, shapes in tried:
            values = np.concatenate(
                [
                    prior_values(state, last, rows[:, 0], table, shapes)
                    for rows, (state, last) in zip(test.rows, test.states, strict=True)
                ]
            )
            report(label, values, ty, tseg)
            ranked.append(values)
        plain = ranked[0]  # the search's priors without a learned term, as it plays
        model = theta[tx].sum(axis=1)
        ends = np.append(tseg[1:], len(model))
        prob = np.concatenate(
            [move_model.probabilities(model[a:b]) for a, b in zip(tseg, ends, strict=True)]
        )
        prior_n = search.SearchParams().prior_n
        for pattern_n in args.pattern_n:
            wins = np.where(plain > search.BLUNDER_PRIOR, pattern_n * np.sqrt(prob), 0.0)
            start_value = (prior_n * plain + wins) / (prior_n + wins)
            report(f"search prior + {pattern_n} x sqrt(p) virtual wins", start_value, ty, tseg)
    if args.write:
        about = (
            f"# bench/fit_go_patterns.py: {len(train_files)} games, {len(train.rows)} moves"
            f"{f' of players named {args.mover!r}' if args.mover else ''}; others 0."
        )
        lines = [
            "# Go's learned 3x3 shapes: canonical code (games/go/learned.py), log-gamma.",
            about,
            f"# Shapes played {args.min_count}+ times.",
        ]
        lines += [f"{c} {pattern_log[i]:.3f}" for c, i in features.shape_ids.items()]
        WEIGHTS_FILE.write_text("\n".join(lines) + "\n")
        lines = [
            "# Go's learned spatial patterns: size, canonical code (games/go/spatial.py), "
            "log-gamma.",
            about,
            f"# Patterns played {args.min_spatial}+ times; a move takes its largest known.",
        ]
        for k, value in zip(features.spatial_keys, spatial_log, strict=True):
            lines.append(f"{spatial.SIZES[int(k) & 3]} {int(k) >> 2} {value:.3f}")
        spatial.WEIGHTS_FILE.write_text("\n".join(lines) + "\n")
        move_model.write_features(theta[off[1] : off[5]], about)
        print(
            f"wrote {len(features.shapes)} shapes to {WEIGHTS_FILE}, "
            f"{len(features.spatial_keys)} spatial patterns to {spatial.WEIGHTS_FILE} and "
            f"the tactic, line and both distances' weights to {move_model.WEIGHTS_FILE}"
        )
    return 0


def fit(
    x: np.ndarray, y: np.ndarray, seg: np.ndarray, n_feat: int, steps: int, l2: float
) -> np.ndarray:
    """Log-gammas maximising the moves' conditional log-likelihood (full-batch Adam)."""
    theta = np.zeros(n_feat)
    m = np.zeros(n_feat)
    v = np.zeros(n_feat)
    positions = len(seg)
    played_counts = np.bincount(x[y].ravel(), minlength=n_feat).astype(float)
    lr = 0.1
    for step in range(1, steps + 1):
        s = theta[x].sum(axis=1)
        mx = np.maximum.reduceat(s, seg)
        sizes = np.diff(np.append(seg, len(s)))
        e = np.exp(s - np.repeat(mx, sizes))
        z = np.add.reduceat(e, seg)
        prob = e / np.repeat(z, sizes)
        expected = np.zeros(n_feat)
        for j in range(x.shape[1]):
            expected += np.bincount(x[:, j], weights=prob, minlength=n_feat)
        grad = -(played_counts - expected) / positions + l2 * theta
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        theta -= lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        if step % 100 == 0 or step == steps:
            nll = -(s[y] - (np.log(z) + mx)).mean()
            print(f"  step {step}: mean -log p(move played) {nll:.3f}", flush=True)
    return theta


def report(label: str, scores: np.ndarray, played: np.ndarray, seg: np.ndarray) -> None:
    """Top-1 and top-5 of the move played by ``scores`` (tied moves share the credit)."""
    ends = np.append(seg[1:], len(scores))
    top = {1: 0.0, 5: 0.0}
    for a, b in zip(seg, ends, strict=True):
        s = scores[a:b]
        mine = s[played[a:b]][0]
        greater = int((s > mine).sum())
        equal = int((s == mine).sum()) - 1
        for k in top:
            top[k] += min(1.0, max(0.0, (k - greater) / (equal + 1)))
    n = len(seg)
    print(f"  {label}: top-1 {top[1] / n:.1%}, top-5 {top[5] / n:.1%} of {n} moves")


if __name__ == "__main__":
    run_main(main)
