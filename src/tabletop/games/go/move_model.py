"""Go's learned move model: how likely a strong player is to play each legal move.

The model is the conditional logit of Coulom's "Elo-rated patterns" (2007) that
bench/fit_go_patterns.py fits from game records: a move's score is the sum of the
log-gammas of its features, and its probability among the legal moves of a position
is ``exp(score)`` over their sum. Its features, computed here for the fit and for the
search alike so the two can never disagree:

* its 3x3 neighbourhood as the mover's shape (learned.py; ``pattern_weights.txt``);
* its largest spatial pattern of 12, 20 or 28 points known to the fit (spatial.py;
  ``spatial_weights.txt``);
* its tactic, the first of: a capture, an escape from atari to two or more liberties, a
  self-atari, an atari; or none;
* its line from the edge (1-5, the fifth and beyond as one);
* its distance to the last move, ``|dx| + |dy| + max(|dx|, |dy|)``: 2-9 each, 10-13,
  14 and beyond, or no last move (a pass or the first move);
* its distance, in the same buckets, to the move before the last (the mover's own
  previous move: a player goes on where it played, as Coulom's model found).

``move_weights.txt`` beside this module holds the last four groups' log-gammas. Each
group's weights are relative to one of its members (a rare shape, no spatial pattern),
which the softmax does not see: every move has exactly one feature of each group.

:func:`model_tables` reads the three files into the arrays :func:`move_score` takes;
the search's prior turns the probabilities into virtual wins (SearchParams.model_n).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from tabletop.games.go import playout, spatial
from tabletop.games.go.kernels import in_atari
from tabletop.games.go.learned import learned_table, weight_lines

if TYPE_CHECKING:  # rules.py is the game; this module is read by the search and the fit
    from tabletop.games.go.rules import GoState

WEIGHTS_FILE = Path(__file__).with_name("move_weights.txt")

TACTICS = ("none", "capture", "escape", "self-atari", "atari")
LINES = 5
DISTANCES = 11  # d = 2..9, 10-13, 14+, and no last move
#: Where each group starts in the features array (tactic, line, distance, and distance
#: to the move before the last).
LINE_AT = len(TACTICS)
DISTANCE_AT = LINE_AT + LINES
BEFORE_AT = DISTANCE_AT + DISTANCES
FEATURES = BEFORE_AT + DISTANCES
#: The names of the groups in move_weights.txt, with their sizes and offsets.
GROUPS = {
    "tactic": (len(TACTICS), 0),
    "line": (LINES, LINE_AT),
    "distance": (DISTANCES, DISTANCE_AT),
    "before": (DISTANCES, BEFORE_AT),
}


@njit(cache=True, inline="always")
def tactic_index(capture: bool, escape: bool, libs: int, atari: bool) -> int:
    """The tactic (an index into TACTICS) of a move that captures, escapes an own chain from
    atari, leaves its own chain ``libs`` liberties, puts a chain in atari: the first that
    applies. Shared with the search's prior, which reads the same facts on its way."""
    if capture:
        return 1
    if escape and libs >= 2:
        return 2
    if libs == 1:
        return 3
    if atari:
        return 4
    return 0


def recent_points(state: GoState) -> tuple[int, int]:
    """The points of a GoState's last move and the one before it (-1: none, or a pass)."""
    game = state.game
    moves = list(state.history[-2:])
    points = [
        -1 if m.is_pass else int(game.points_by_action[state.move_to_action(m)]) for m in moves
    ]
    points = [-1] * (2 - len(points)) + points
    return points[1], points[0]


@njit(cache=True)
def tactic_of(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    w: int,
    p: int,
    color: int,
    buf: np.ndarray,
) -> int:
    """The tactic feature of ``color`` playing legal empty p (an index into TACTICS)."""
    opp = 3 - color
    capture = False
    escape = False
    atari = False
    for d in (-w, -1, 1, w):
        nb = p + d
        c = board[nb]
        if c == opp:
            h = links[0, nb]
            if in_atari(stats, h):
                capture = True
            elif playout.chain_liberties(board, links, w, h, 3, buf) == 2:
                atari = True
        elif c == color and in_atari(stats, links[0, nb]):
            escape = True
    libs = playout.libs_after(board, links, stats, w, p, color, 3, buf)
    return tactic_index(capture, escape, libs, atari)


@njit(cache=True, inline="always")
def line_of(n: int, p: int) -> int:
    """The line feature of point p on an n x n board: 0 for the first line, up to LINES - 1."""
    w = n + 2
    row = p // w - 1
    col = p % w - 1
    return min(row, col, n - 1 - row, n - 1 - col, LINES - 1)


@njit(cache=True, inline="always")
def distance_of(w: int, p: int, last: int) -> int:
    """The distance feature of p from the last move's point (-1: none), 0 to DISTANCES - 1
    (also from the move before the last, for the ``before`` group)."""
    if last < 0:
        return DISTANCES - 1
    dr = abs(p // w - last // w)
    dc = abs(p % w - last % w)
    dd = dr + dc + max(dr, dc)
    if dd <= 9:
        return dd - 2
    return 8 if dd <= 13 else 9


@njit(cache=True)
def score_with_tactic(
    board: np.ndarray,
    n: int,
    p: int,
    color: int,
    last: int,
    before: int,
    tactic: int,
    shapes: np.ndarray,
    keys: np.ndarray,
    values: np.ndarray,
    features: np.ndarray,
    codes: np.ndarray,
) -> float:
    """:func:`move_score` with p's tactic (an index into TACTICS) already read, as the
    search's prior reads it on its way (tabletop.ai.go.search.prior)."""
    w = n + 2
    score = shapes[color - 1, playout.pattern_code(board, w, p)]
    score += features[tactic]
    score += features[LINE_AT + line_of(n, p)]
    score += features[DISTANCE_AT + distance_of(w, p, last)]
    score += features[BEFORE_AT + distance_of(w, p, before)]
    score += spatial.known_weight(board, n, p, color, keys, values, codes)
    return float(score)


@njit(cache=True)
def move_score(
    board: np.ndarray,
    links: np.ndarray,
    stats: np.ndarray,
    n: int,
    p: int,
    color: int,
    last: int,
    before: int,
    shapes: np.ndarray,
    keys: np.ndarray,
    values: np.ndarray,
    features: np.ndarray,
    buf: np.ndarray,
    codes: np.ndarray,
) -> float:
    """The model's score (sum of log-gammas) of ``color`` playing legal empty p, the last
    move at ``last`` and the one before it at ``before`` (-1: none or a pass), from
    :func:`model_tables`' arrays; ``codes`` is scratch of spatial.CODES_BUFFER."""
    tactic = tactic_of(board, links, stats, n + 2, p, color, buf)
    return score_with_tactic(
        board, n, p, color, last, before, tactic, shapes, keys, values, features, codes
    )


def read_features(path: Path | None = None) -> np.ndarray:
    """float64[FEATURES]: the tactic, line and distance log-gammas of a weights file
    (default WEIGHTS_FILE; lines ``group index log-gamma``; a missing line, or no file,
    is 0: a file fitted before a group existed leaves it out of the model)."""
    path = path or WEIGHTS_FILE
    out = np.zeros(FEATURES)
    if not path.exists():
        return out
    for number, line, parts in weight_lines(path):
        group = GROUPS.get(parts[0]) if len(parts) == 3 else None
        if group is None or not parts[1].isdigit() or int(parts[1]) >= group[0]:
            raise ValueError(
                f"{path}:{number}: expected '{'|'.join(GROUPS)} index log-gamma', got {line!r}"
            )
        out[group[1] + int(parts[1])] = float(parts[2])
    return out


def write_features(features: np.ndarray, about: str, path: Path | None = None) -> None:
    """Write the tactic, line and both distances' log-gammas in :func:`read_features`' form
    (default WEIGHTS_FILE)."""
    path = path or WEIGHTS_FILE
    distances = [str(d) for d in range(2, 10)] + ["10-13", "14+", "none"]
    labels = {
        "tactic": TACTICS,
        "line": [str(i + 1) for i in range(LINES)],
        "distance": distances,
        "before": distances,
    }
    lines = [
        "# Go's learned move model: tactic, line, distance to the last move and to the one",
        "# before it (before): log-gammas (move_model.py).",
        about,
    ]
    for name, (size, at) in GROUPS.items():
        for i in range(size):
            lines.append(f"{name} {i} {features[at + i]:.3f}  # {labels[name][i]}")
    path.write_text("\n".join(lines) + "\n")


@cache
def model_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(3x3 log-gammas float64[2, 65536] per colour to move and code, spatial keys sorted,
    their log-gammas, the tactic/line/distance log-gammas): :func:`move_score`'s model,
    unscaled and uncapped."""
    keys, values = spatial.raw_table()
    features = read_features()
    features.setflags(write=False)
    return learned_table(), keys, values, features


def probabilities(scores: np.ndarray) -> np.ndarray:
    """The softmax of some moves' scores: each move's probability among them."""
    e = np.exp(scores - scores.max())
    out: np.ndarray = e / e.sum()
    return out
