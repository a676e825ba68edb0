"""Strength levels 1..10 per game: one table mapping a level to a search, a budget and noise.

A level is *defined by work, not by time*: a number of search iterations
(MCTS playouts, alpha-beta nodes), so a level plays the same on a fast or a
busy machine and ladder results are reproducible. Every level is also capped
at ``seconds`` (2.8 s, so that the answer arrives within the issue's 3 s for
level 10), so a slow machine makes the top levels weaker rather than slower.

Levels are meant to be evenly spaced: each should score about 60-70% against
the level below it. ``tabletop match --ladder GAME`` measures that and
docs/strength.md records the measurements behind the numbers here.

Low levels add noise instead of only searching less: with ``temperature``
T > 0 the move is drawn with probability proportional to visits^(1/T) among
the moves the search looked at, so a beginner level makes plausible mistakes
rather than absurd ones (a search that found one move clearly best still
plays it). Alpha-beta levels use ``noise`` instead: every evaluation is off
by a fixed pseudo-random amount up to ``noise`` (per position and game), so
they err where positions are close, never by throwing a clearly won or
lost move; a little noise at every level also makes their games differ.

Which search each game uses, and why, is written down in the game's
``evaluation.py`` docstring and in docs/decisions/0035; the measurements are
in docs/strength.md ("Figures quoted in the code").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from tabletop.ai.agent import Agent, Analysis, Budget
from tabletop.ai.alphabeta import AlphaBetaAgent
from tabletop.ai.searches import make_search
from tabletop.core.errors import OptionError
from tabletop.core.game import Game, Move, State
from tabletop.i18n import N_

MIN_LEVEL, MAX_LEVEL = 1, 10

#: Each level in a player's words, for the create form (served by the catalog, so the
#: languages are translated in one place). The same words fit every game: the ladder
#: spaces the levels evenly in each (docs/strength.md).
LEVEL_WORDS: dict[int, str] = {
    1: N_("just learning the moves"),
    2: N_("a beginner"),
    3: N_("knows the basics"),
    4: N_("a casual player"),
    5: N_("a steady player"),
    6: N_("a keen club newcomer"),
    7: N_("a club player"),
    8: N_("a strong club player"),
    9: N_("very strong"),
    10: N_("its very best (about 3 seconds a move)"),
}

#: No level thinks longer than this per move (seconds).
MAX_SECONDS = 3.0

#: Every level's cap on thinking: the last chunk of work, the analysis and a busy
#: machine must still fit inside MAX_SECONDS (a cap of MAX_SECONDS itself let the
#: slowest moves run past it with two games to a core; measured: docs/strength.md,
#: "Figures quoted in the code"; decision 0058).
TOP_SECONDS = 2.8


@dataclass(frozen=True)
class Level:
    """One rung of a game's ladder."""

    search: str  # a name in tabletop.ai.searches.SEARCHES
    iterations: int  # MCTS playouts or alpha-beta nodes per move
    temperature: float = 0.0  # 0: play the best move; >0: sample by visits^(1/T)
    seconds: float = TOP_SECONDS  # cap on thinking time per move
    noise: float = 0.0  # alpha-beta: evaluation noise amplitude (values are in [-1, 1])


def _ladder(
    search: str, iterations: tuple[int, ...], temperatures: tuple[float, ...]
) -> tuple[Level, ...]:
    """Levels 1, 2, ... of one search from their iterations; temperatures apply to the
    first levels."""
    assert len(iterations) <= MAX_LEVEL
    temps = temperatures + (0.0,) * (len(iterations) - len(temperatures))
    return tuple(Level(search, n, t) for n, t in zip(iterations, temps, strict=True))


def _alphabeta_ladder(nodes: tuple[int, ...], noise: tuple[float, ...]) -> tuple[Level, ...]:
    """Alpha-beta levels (from level 1) from per-level node budgets and noise amplitudes."""
    assert len(nodes) == len(noise) <= MAX_LEVEL
    return tuple(Level("alphabeta", n, noise=z) for n, z in zip(nodes, noise, strict=True))


def _go_ladder(*upper: int) -> tuple[Level, ...]:
    """Go's levels on one kind of board: levels 1-6 the same on every board (the first
    two sampling their move), ``upper`` the counts of levels 7-9, level 10 its time cap."""
    return _ladder("go", (50, 100, 200, 400, 800, 1600, *upper, 100_000), (0.25, 0.125))


#: Alpha-beta noise by level. Small enough that two moves' values shift by less than a
#: step of a Quoridor race or a marble of Abalone (even when ahead), so no level walks
#: backwards in a race or lets a marble go for nothing; level 10 only breaks near-ties
#: (so its games still differ). The evaluations' scales: docs/strength.md, "Figures
#: quoted in the code"; decision 0037.
_NOISE = (0.08, 0.065, 0.05, 0.04, 0.03, 0.025, 0.02, 0.015, 0.01, 0.01)

#: Abalone's generic alpha-beta ladder (today's level 10 is its last rung: spec
#: ``alphabeta:playouts=200000,seconds=2.8`` for the benchmarks).
_ABALONE_GENERIC = _alphabeta_ladder(
    (60, 200, 300, 650, 1400, 3200, 16_000, 40_000, 80_000, 200_000), _NOISE
)

#: THE table. MCTS iterations grow 2-2.3x a level (a doubling of MCTS work is
#: worth roughly a constant Elo step); the first levels also sample their move.
#: Alpha-beta nodes grow from one ply at level 1 to what fits in ~2 s on one idle core
#: at level 10 (the TOP_SECONDS cap is the guard), with less noise each level (decision
#: record 0037); where a step bought no new ply it was moved (Abalone level 2 was still
#: one ply and scored too little against level 1, so it was raised). Reasons for the
#: choice of search: each game's evaluation.py docstring and docs/decisions/0036; the
#: measurements behind this table: docs/strength.md (its ladders, and "Figures quoted
#: in the code").
LEVELS: dict[str, tuple[Level, ...]] = {
    # Go's own search (ai/go/); level 10 is its TOP_SECONDS cap (its iterations there:
    # docs/strength.md, "Figures quoted in the code"; decision 0032), below it the work
    # halves a level.
    "go": _go_ladder(3200, 6400, 12800),
    # Go on 12x12 and 13x13 (LARGE_BOARDS): 2.8 s buys ~14,000-19,000 iterations on
    # 13x13, so level 9's 12,800 came within a tenth of level 10's work in the opening
    # and met the cap on a busy machine; levels 8 and 9 space evenly from level 7's 3,200
    # to it (decision 0204).
    "go/medium": _go_ladder(3200, 5500, 9400),
    # Go on boards larger than 13x13 (LARGE_BOARDS): an iteration costs several times
    # what it does on 9x9, so 6,400 and 12,800 iterations no longer fit the time cap and
    # levels 8 and 9 played level 10's move. Levels 1-7 keep their counts (their rungs
    # were measured on 19x19 with them); 8 and 9 space evenly between level 7's 3,200
    # and what level 10 reaches in its cap on 19x19 (decision 0204; the measurements:
    # docs/strength.md, "Levels 8-10 on 19x19").
    "go/large": _go_ladder(3200, 4000, 5000),
    # Go above 19x19 (up to 25x25): 2.8 s buys ~3,500-5,000 iterations, so level 7's
    # 3,200 nears the cap too; levels 7-9 space evenly from level 6's 1,600 below what
    # the cap buys on 25x25 (decision 0204; not measured by a ladder).
    "go/huge": _go_ladder(2000, 2500, 3000),
    # Abalone and Oust: level 10 is what its search does in ~2 s on an idle core
    # (bench/level_work.py), and the levels from 6 up grow evenly to it (decisions 0055,
    # 0056). Each further depth of Abalone's alpha-beta costs several times the nodes of
    # the last: level 7 finishes depth 3 (a budget still at depth 2 scored too little
    # against level 6), levels 8 and 10 go on into the next depth. The rates and the
    # depths' node counts: docs/strength.md, "Figures quoted in the code".
    "abalone": (
        *_ABALONE_GENERIC[:9],
        # Level 10 (2 players): Abalone's compiled search (decision 0135), bounded by
        # time, not nodes: what it searches in TOP_SECONDS (a clock's budget when a
        # match passes one). The node figure is a guard it never reaches (~0.5 M nodes
        # a CPU second, docs/strength.md).
        Level("abalone", 20_000_000, noise=_NOISE[9]),
    ),
    # 3 and 4 players keep the generic alpha-beta at every level: the compiled search
    # is negamax for two sides.
    "abalone/3": _ABALONE_GENERIC,
    "abalone/4": _ABALONE_GENERIC,
    # Oust: MCTS with playouts up to level 7, each step a doubling from level 5 (a
    # smaller step scored too little); then MCTS valuing leaves by the evaluation
    # (playout MCTS stopped gaining with more work; the evaluated leaves beat it by far,
    # decision 0056), in Oust's own compiled search from level 8 (decision 0060: several
    # times the iterations a second, so level 10's budget fits the time on an idle
    # core). A doubling is worth less the more work there is, so the steps above level
    # 8 are more than two doublings each. Measured: docs/strength.md, "Figures quoted
    # in the code".
    "oust": (
        *_ladder("mcts", (16, 60, 150, 300, 600, 1200, 2400), (1.0, 0.5, 0.25)),
        *(Level("oust", n) for n in (3500, 20_000, 150_000)),
    ),
    # Quoridor: alpha-beta up to level 5, then MCTS valuing leaves by the race
    # evaluation. Alpha-beta's strength grew too slowly with its nodes for the upper
    # levels, even at all the nodes the time cap holds, while MCTS's grew with each
    # doubling and its level 6 beat alpha-beta's level 5 (decision 0053); the steps are
    # ~1.8-2x apart. Level 10 is the same search compiled (decision 0062): the generic
    # one stopped at its time cap at barely twice level 9's work and its rung could end
    # below the target; compiled, its 80,000 iterations are sized to ~2 s, as 4-player
    # level 10's are. Measured: docs/strength.md, "Figures quoted in the code".
    "quoridor": (
        *_alphabeta_ladder((20, 80, 200, 500, 1700), _NOISE[:5]),
        *(Level("mcts-evaluate", n) for n in (2000, 3600, 6500, 13_000)),
        Level("quoridor", 80_000),
    ),
    # 4-player Quoridor: max-n MCTS valuing leaves by the race evaluation. Paranoid
    # alpha-beta feared three walls at once and would not advance; alpha-beta max-n
    # raced but still lost to the three level-3 seats' walls (decision 0050). It runs
    # in Quoridor's compiled search (decision 0061: several times the iterations a
    # second with 4 seats), so level 10 holds several times what the generic search
    # reached in its time cap (measured: docs/strength.md, "Figures quoted in the
    # code"); the steps above level 7 are ~3x (a doubling is worth less with more
    # work).
    "quoridor/4": _ladder(
        "quoridor", (20, 50, 120, 300, 700, 1500, 3000, 9000, 25_000, 80_000), ()
    ),
}


#: Tables for large boards: per game, (more than this many actions, the LEVELS key of
#: the table), the largest boards first. A game's table is sized for its usual board;
#: where a larger board makes each iteration dearer, its own table keeps the upper
#: levels inside the time cap (decision 0204).
LARGE_BOARDS: dict[str, tuple[tuple[int, str], ...]] = {
    # 19x19 has 362 actions, 13x13 170 and 11x11 122: the boards above each.
    "go": ((362, "go/huge"), (170, "go/large"), (122, "go/medium")),
}


@dataclass(frozen=True)
class ReviewWork:
    """How a game review spends a level's work on each position (review/analyst.py,
    decision 0139): ``share`` of the level's iterations or nodes; above ``actions``
    (the game's action count on its reference board) the work shrinks in proportion,
    so a position costs about as much on a bigger board; ``searches``: a level's search
    and the review's, where a compiled twin does the same search several times faster;
    ``calm``: the power the chances are taken to before they are scaled to add up to
    one (for two sides, the logit of the chance times ``calm``: decision 0140)."""

    share: float = 1.0
    actions: int | None = None
    searches: Mapping[str, str] = field(default_factory=dict)
    calm: float = 1.0


#: The review's work per game where it is not simply the level's (decision 0139; the
#: figures: docs/review.md, "Speed"). Go: 9x9's work on every board, so a big board's
#: review stays within minutes; its playout means read calmer (decision 0140). Abalone:
#: 40% of the level's nodes (a finished depth 3). Quoridor: its generic MCTS valuing
#: leaves by the race runs compiled (decision 0062's twin), the same search faster.
REVIEW_WORK: dict[str, ReviewWork] = {
    "go": ReviewWork(actions=82, calm=0.5),
    "abalone": ReviewWork(share=0.4),
    "quoridor": ReviewWork(searches={"mcts-evaluate": "quoridor"}),
}


def review_level_for(game: Game, level: int) -> Level:
    """The search and work a review of ``game`` spends per position at ``level`` (its
    level's, as REVIEW_WORK adjusts them; no noise, no time cap); OptionError as
    level_for. Where the review scales work by the board (``actions``) it starts from the
    game's usual table, not a large board's: the scaling already sizes it for the board,
    and a review has no time cap for a large board's table to keep under."""
    level_for(game, level)  # refuses an unknown game or level
    work = review_work_for(game)
    table = _usual_table(game) if work.actions is not None else table_for(game)
    entry = table[level - 1]
    iterations = entry.iterations * work.share
    if work.actions is not None and game.num_actions > work.actions:
        iterations *= work.actions / game.num_actions
    search = work.searches.get(entry.search, entry.search)
    return Level(search, max(1, round(iterations)))


def review_work_for(game: Game) -> ReviewWork:
    """The game's entry of REVIEW_WORK (its player count's own where it has one)."""
    plain = REVIEW_WORK.get(game.name, ReviewWork())
    return REVIEW_WORK.get(f"{game.name}/{game.num_players}", plain)


def level_for(game: Game, level: int) -> Level:
    """The table entry for ``level`` of ``game`` (its player count's own table where it
    has one); OptionError when either is unknown."""
    if game.name not in LEVELS:
        raise OptionError(f"no computer levels for {game.name!r}")
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise OptionError(f"level {level}: must be {MIN_LEVEL} to {MAX_LEVEL}")
    return table_for(game)[level - 1]


def table_for(game: Game) -> tuple[Level, ...]:
    """The levels of ``game``: its board's own table where it is a large board
    (LARGE_BOARDS), else its player count's own where it has one, else the game's."""
    for actions, key in LARGE_BOARDS.get(game.name, ()):
        if game.num_actions > actions:
            return LEVELS[key]
    return _usual_table(game)


def _usual_table(game: Game) -> tuple[Level, ...]:
    """The game's table whatever its board: its player count's own, else the game's."""
    return LEVELS.get(f"{game.name}/{game.num_players}", LEVELS[game.name])


class LevelAgent(Agent):
    """A search at one level: its own budget, and move sampling at low levels."""

    def __init__(self, inner: Agent, level: int, entry: Level, seed: int | None = None) -> None:
        super().__init__()
        self.inner = inner
        self.level = level
        self.entry = entry
        self.name = f"ai:{level}"
        self.budget = Budget(seconds=entry.seconds, playouts=entry.iterations)
        self.rng = random.Random(seed)

    def stop(self) -> None:
        self.inner.stop()

    def analyze(self, state: State, budget: Budget | None = None) -> Analysis:
        return self.inner.analyze(state, budget or self.budget)

    def pick(self, analysis: Analysis) -> Move:
        t = self.entry.temperature
        if t <= 0 or len(analysis.moves) == 1:
            return analysis.best
        weights = [stat.visits ** (1.0 / t) for stat in analysis.moves]
        if sum(weights) <= 0:
            return analysis.best
        return self.rng.choices([stat.move for stat in analysis.moves], weights)[0]

    def observe(self, state: State) -> None:
        self.inner.observe(state)


def agent_for_level(game: Game, level: int, seed: int | None = None) -> Agent:
    """A computer player of ``game`` at ``level`` (1 weakest .. 10 strongest); the
    first of a game and search in a process loads its kernels (searches.load_kernels)."""
    entry = level_for(game, level)
    inner = make_search(entry.search, game, seed)
    if isinstance(inner, AlphaBetaAgent) or hasattr(inner, "noise"):
        inner.noise = entry.noise
    return LevelAgent(inner, level, entry, seed)
